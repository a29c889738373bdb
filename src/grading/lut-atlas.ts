/**
 * The RGBA8 atlas in which every 3D LUT reaches the `lut` stage (looks baked from code, `.cube` files).
 *
 * Layout: an N x N x N lattice stored as a 2D image of (N*N) x N texels. The texel at column r + N*b,
 * row g holds the output colour for the input at lattice indices (r, g, b), each index i standing for the
 * input value i / (N - 1). In other words the blue slices sit side by side, each one an N x N tile with red
 * across and green down. Alpha is 255 everywhere.
 */
export interface LutAtlas {
  /** N, the lattice points per axis. */
  readonly size: number;
  /** N * N. */
  readonly width: number;
  /** N. */
  readonly height: number;
  /** RGBA8, rows from the top, `width * height * 4` bytes. */
  readonly data: Uint8Array;
}

/** A colour grade on 0..1 sRGB-encoded values; the result may leave 0..1 (the bake clamps it). */
export type Grade = (r: number, g: number, b: number) => readonly [number, number, number];

/** Byte offset of the lattice point (r, g, b) in an atlas of size N. */
export function atlasOffset(size: number, r: number, g: number, b: number): number {
  return (g * size * size + r + size * b) * 4;
}

function toByte(value: number): number {
  // NaN (a grade dividing by zero) becomes black rather than poisoning the atlas.
  if (!(value > 0)) return 0;
  return value >= 1 ? 255 : Math.round(value * 255);
}

/** An empty atlas of size N (every texel black, opaque). */
export function createAtlas(size: number): LutAtlas {
  const data = new Uint8Array(size * size * size * 4);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { size, width: size * size, height: size, data };
}

/** Writes one lattice point, clamping to 0..1 and rounding to 8 bits. */
export function setAtlasPoint(
  atlas: LutAtlas,
  r: number,
  g: number,
  b: number,
  value: readonly [number, number, number],
): void {
  const offset = atlasOffset(atlas.size, r, g, b);
  atlas.data[offset] = toByte(value[0]);
  atlas.data[offset + 1] = toByte(value[1]);
  atlas.data[offset + 2] = toByte(value[2]);
}

/** Samples a grade on an N-point lattice. */
export function bakeGrade(grade: Grade, size = 33): LutAtlas {
  if (!Number.isInteger(size) || size < 2)
    throw new Error(`A LUT needs at least 2 points per axis, got ${size}`);
  const atlas = createAtlas(size);
  const step = 1 / (size - 1);
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) setAtlasPoint(atlas, r, g, b, grade(r * step, g * step, b * step));
    }
  }
  return atlas;
}
