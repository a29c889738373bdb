/** shaders/common/pcg: the PCG hash on unsigned 32-bit integers, and a triangular value from one hash. */

export function pcg(v: number): number {
  const state = (Math.imul(v >>> 0, 747796405) + 2891336453) >>> 0;
  const word = Math.imul(((state >>> ((state >>> 28) + 4)) ^ state) >>> 0, 277803737) >>> 0;
  return ((word >>> 22) ^ word) >>> 0;
}

export function triangular(h: number): number {
  return ((h & 0xffff) + (h >>> 16)) / 65536 - 1;
}

/**
 * shaders/grain's and tonal-grain's lattice: bilinear value noise at (cx + fx, cy + fy), a triangular value
 * per lattice point hashed from its row (offset by `field`, a seed's hash) and then its column.
 */
export function valueNoise(cx: number, cy: number, fx: number, fy: number, field: number): number {
  const row0 = pcg(cy + field);
  const row1 = pcg(cy + 1 + field);
  const t0 = triangular(pcg(cx + row0));
  const t1 = triangular(pcg(cx + 1 + row0));
  const b0 = triangular(pcg(cx + row1));
  const b1 = triangular(pcg(cx + 1 + row1));
  const top = t0 + (t1 - t0) * fx;
  const bottom = b0 + (b1 - b0) * fx;
  return top + (bottom - top) * fy;
}
