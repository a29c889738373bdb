/** The PCG hash of shaders/common/pcg.*, in 32-bit unsigned integer arithmetic. */
export function pcg(v: number): number {
  const state = (Math.imul(v >>> 0, 747796405) + 2891336453) >>> 0;
  const word = Math.imul(((state >>> ((state >>> 28) + 4)) ^ state) >>> 0, 277803737) >>> 0;
  return ((word >>> 22) ^ word) >>> 0;
}

/** shaders/common/pcg's triangular: a value in [-1, 1) from the two 16-bit halves of one hash. */
export function triangular(h: number): number {
  return ((h & 0xffff) + (h >>> 16)) / 65536 - 1;
}
