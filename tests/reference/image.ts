/** An RGBA8 image in plain memory, rows from the top: what the GPU tests compare. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export function createImage(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8Array(width * height * 4) };
}

/** Rounds a 0..1 value to an 8-bit level, as a unorm8 render target does. */
export function toByte(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 255);
}

/** Applies a per-pixel function of normalised RGBA to every pixel. */
export function mapPixels(
  input: RgbaImage,
  fn: (r: number, g: number, b: number, a: number, x: number, y: number) => [number, number, number, number],
): RgbaImage {
  const output = createImage(input.width, input.height);
  const src = input.data;
  const dst = output.data;
  for (let y = 0; y < input.height; y++) {
    for (let x = 0; x < input.width; x++) {
      const i = (y * input.width + x) * 4;
      const [r, g, b, a] = fn(
        (src[i] ?? 0) / 255,
        (src[i + 1] ?? 0) / 255,
        (src[i + 2] ?? 0) / 255,
        (src[i + 3] ?? 0) / 255,
        x,
        y,
      );
      dst[i] = toByte(r);
      dst[i + 1] = toByte(g);
      dst[i + 2] = toByte(b);
      dst[i + 3] = toByte(a);
    }
  }
  return output;
}
