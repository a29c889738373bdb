/** shaders/common/pcg: the PCG hash on unsigned 32-bit integers, and a triangular value from one hash. */

export function pcg(v: number): number {
  const state = (Math.imul(v >>> 0, 747796405) + 2891336453) >>> 0;
  const word = Math.imul(((state >>> ((state >>> 28) + 4)) ^ state) >>> 0, 277803737) >>> 0;
  return ((word >>> 22) ^ word) >>> 0;
}

export function triangular(h: number): number {
  return ((h & 0xffff) + (h >>> 16)) / 65536 - 1;
}
