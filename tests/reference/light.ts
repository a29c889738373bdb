/** CPU counterparts of shaders/common/light, tap for tap. */
import { add, sampleBilinear, scale, type FloatImage, type Rgb } from './float-image.ts';

/** The 13-tap downsample's five 4x4 box means: centre, top-left, top-right, bottom-left, bottom-right. */
export function boxes13(source: FloatImage, x: number, y: number): Rgb[] {
  const t = (dx: number, dy: number) => sampleBilinear(source, 2 * x + 1 + dx, 2 * y + 1 + dy);
  const box = (a: Rgb, b: Rgb, c: Rgb, d: Rgb) => scale(add(add(a, b), add(c, d)), 0.25);
  const centre = t(0, 0);
  const n = t(0, -2);
  const w = t(-2, 0);
  const e = t(2, 0);
  const s = t(0, 2);
  return [
    box(t(-1, -1), t(1, -1), t(-1, 1), t(1, 1)),
    box(t(-2, -2), n, w, centre),
    box(n, t(2, -2), centre, e),
    box(w, centre, t(-2, 2), s),
    box(centre, e, s, t(2, 2)),
  ];
}

export function downsample13(source: FloatImage, x: number, y: number): Rgb {
  const [c, a, b, d, e] = boxes13(source, x, y) as [Rgb, Rgb, Rgb, Rgb, Rgb];
  return add(scale(c, 0.5), scale(add(add(a, b), add(d, e)), 0.125));
}

/** The 3x3 tent over a half-size level at texel (x, y) of the full-size one, as four bilinear taps. */
export function tentUp(coarse: FloatImage, x: number, y: number): Rgb {
  const axis = (p: number) => {
    const start = ((p - 3) >> 1) + 0.5;
    const odd = p & 1;
    const wa = odd ? 10 / 16 : 6 / 16;
    return { a: start + (odd ? 0.7 : 5 / 6), b: start + 2 + (odd ? 1 / 6 : 0.3), wa, wb: 1 - wa };
  };
  const h = axis(x);
  const v = axis(y);
  const top = add(
    scale(sampleBilinear(coarse, h.a, v.a), h.wa),
    scale(sampleBilinear(coarse, h.b, v.a), h.wb),
  );
  const bottom = add(
    scale(sampleBilinear(coarse, h.a, v.b), h.wa),
    scale(sampleBilinear(coarse, h.b, v.b), h.wb),
  );
  return add(scale(top, v.wa), scale(bottom, v.wb));
}
