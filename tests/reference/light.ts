/** CPU counterparts of shaders/common/light. */
import { add, load, scale, type FloatImage, type Rgb } from './float-image.ts';

/** The 6x6 texels under the 13-tap downsample of destination texel (x, y), row by row. */
export function gather36(source: FloatImage, x: number, y: number): Rgb[] {
  const texels: Rgb[] = [];
  for (let j = 0; j < 6; j++)
    for (let i = 0; i < 6; i++) texels.push(load(source, 2 * x + i - 2, 2 * y + j - 2));
  return texels;
}

function box4(t: readonly Rgb[], x0: number, y0: number): Rgb {
  let sum: Rgb = [0, 0, 0];
  for (let y = y0; y < y0 + 4; y++) for (let x = x0; x < x0 + 4; x++) sum = add(sum, t[y * 6 + x] as Rgb);
  return scale(sum, 1 / 16);
}

/** The centre, top-left, top-right, bottom-left and bottom-right 4x4 box means. */
export function boxes13(t: readonly Rgb[]): Rgb[] {
  return [box4(t, 1, 1), box4(t, 0, 0), box4(t, 2, 0), box4(t, 0, 2), box4(t, 2, 2)];
}

export function downsample13(source: FloatImage, x: number, y: number): Rgb {
  const [c, a, b, d, e] = boxes13(gather36(source, x, y)) as [Rgb, Rgb, Rgb, Rgb, Rgb];
  return add(scale(c, 0.5), scale(add(add(a, b), add(d, e)), 0.125));
}

/** The 3x3 tent over a coarser level at fine texel (x, y), as 4x4 texel weights. */
export function tentUp(coarse: FloatImage, x: number, y: number): Rgb {
  const even = [1, 5, 7, 3].map((w) => w / 16);
  const odd = [...even].reverse();
  const wx = x & 1 ? odd : even;
  const wy = y & 1 ? odd : even;
  const sx = (x - 3) >> 1;
  const sy = (y - 3) >> 1;
  let sum: Rgb = [0, 0, 0];
  for (let j = 0; j < 4; j++) {
    for (let i = 0; i < 4; i++)
      sum = add(sum, scale(load(coarse, sx + i, sy + j), (wx[i] ?? 0) * (wy[j] ?? 0)));
  }
  return sum;
}
