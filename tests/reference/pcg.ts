/** The PCG hash of shaders/common/pcg.*, in 32-bit unsigned integer arithmetic. */
export function pcg(v: number): number {
  const state = (Math.imul(v >>> 0, 747796405) + 2891336453) >>> 0;
  const word = Math.imul(((state >>> ((state >>> 28) + 4)) ^ state) >>> 0, 277803737) >>> 0;
  return ((word >>> 22) ^ word) >>> 0;
}

/** A uniform value in [0, 1) for a lattice point and a seed (two's-complement wrap for negative x, y). */
export function hash2(x: number, y: number, seed: number): number {
  const inner = ((y >>> 0) + pcg(seed)) >>> 0;
  const outer = ((x >>> 0) + pcg(inner)) >>> 0;
  return (pcg(outer) >>> 8) / 16777216;
}
