import type { FrameParams } from '../../src/pipeline/stages/frame/stage.ts';
import { createImage, toByte, type RgbaImage } from './image.ts';
import { pcg, triangular } from './pcg.ts';

/**
 * CPU reference of stages/frame: each output pixel of the print piece, from its place in the print: the
 * photo 1:1 in the window (blended in from the paper over its soft edge), else the paper's tone and
 * fibres or the film's rebate, the next frames past the gap and the 35 mm holes' light; then the text
 * texture's coverage in the ink. In float64, sampling the text as a clamped bilinear read.
 */
export function frame(
  input: RgbaImage,
  params: FrameParams,
  textures: Readonly<Record<string, RgbaImage>>,
): RgbaImage {
  const text = textures.text;
  if (!text) throw new Error('frame reference: no text texture');
  const out = createImage(Math.round(params.width), Math.round(params.height));
  const [wx0, wy0, wx1, wy1] = params.window;
  const [bx0, by0, bx1, by1] = params.text;
  const [pitch, holeW, holeH, radius] = params.holes;
  const [first, row0, row1, gap] = params.holeAt;
  const film = params.kind === 2 || params.kind === 3 || params.kind === 5;
  // An upright 35 mm strip (kind 5) is the strip turned a quarter: its rebate, holes and text are drawn in
  // the strip's own axes, s = (y, -x) of the print, where its window is [y0, -x1, y1, -x0].
  const upright = params.kind === 5;
  const [sx0, sy0, sx1, sy1] = upright ? [wy0, -wx1, wy1, -wx0] : [wx0, wy0, wx1, wy1];
  const soft = Math.max(1, (film ? 0.08 : 0.25) * params.scale);
  const noise = (mx: number, my: number, field: number) => {
    const cx = Math.floor(mx);
    const cy = Math.floor(my);
    const fx = mx - cx;
    const fy = my - cy;
    const value = (x: number, y: number) => triangular(pcg(x + pcg(y + field)));
    const top = value(cx, cy) * (1 - fx) + value(cx + 1, cy) * fx;
    const bottom = value(cx, cy + 1) * (1 - fx) + value(cx + 1, cy + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
  const box = (qx: number, qy: number, cx: number, cy: number) => {
    const dx = Math.abs(qx - cx) - (holeW / 2 - radius);
    const dy = Math.abs(qy - cy) - (holeH / 2 - radius);
    return Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - radius;
  };
  const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
  const texel = (image: RgbaImage, x: number, y: number, k: number) => {
    const cx = Math.min(image.width - 1, Math.max(0, x));
    const cy = Math.min(image.height - 1, Math.max(0, y));
    return (image.data[(cy * image.width + cx) * 4 + k] ?? 0) / 255;
  };
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const qx = x + params.at[0] + 0.5;
      const qy = y + params.at[1] + 0.5;
      const mx = qx / params.scale;
      const my = qy / params.scale;
      const sx = upright ? qy : qx;
      const sy = upright ? -qx : qy;
      let c: number[];
      if (film) {
        const base = params.paper.map((v) => v * (1 + 0.04 * noise(mx / 0.05, my / 0.05, 7)));
        const t = clamp01(
          Math.min(Math.min(sy - sy0, sy1 - sy), Math.max(sx0 - gap - sx, sx - sx1 - gap)) + 0.5,
        );
        const tone = 1 + 0.3 * noise(mx / 1.5, my / 1.5, 11);
        c = base.map((v, k) => v + (([0.2, 0.19, 0.18][k] ?? 0) * tone - v) * t);
        if (params.kind === 2 || upright) {
          const n = Math.min(7, Math.max(0, Math.floor((sx - first) / pitch + 0.5)));
          const d = Math.min(box(sx, sy, first + n * pitch, row0), box(sx, sy, first + n * pitch, row1));
          const light = clamp01(0.5 - d);
          c = c.map((v, k) => v + (([0.97, 0.965, 0.95][k] ?? 0) - v) * light);
        }
      } else {
        const fibre = 0.6 * noise(mx / 0.12, my / 0.12, 3) + 0.4 * noise(mx / 0.9, my / 0.9, 5);
        c = params.paper.map((v) => v * (1 + 0.02 * fibre));
      }
      const inside = Math.min(qx - wx0, wx1 - qx, qy - wy0, wy1 - qy);
      if (inside > 0) {
        const s = clamp01(inside / soft);
        const t = s * s * (3 - 2 * s);
        const px = x + params.at[0] - params.photoAt[0];
        const py = y + params.at[1] - params.photoAt[1];
        c = c.map((v, k) => v + (texel(input, px, py, k) - v) * t);
      }
      if (bx1 > bx0 && sx >= bx0 && sy >= by0 && sx < bx1 && sy < by1) {
        // A linear sampler's read at uv: the four texels around the point, weighted.
        const u = ((sx - bx0) / (bx1 - bx0)) * text.width - 0.5;
        const v = ((sy - by0) / (by1 - by0)) * text.height - 0.5;
        const u0 = Math.floor(u);
        const v0 = Math.floor(v);
        const fu = u - u0;
        const fv = v - v0;
        const a =
          texel(text, u0, v0, 3) * (1 - fu) * (1 - fv) +
          texel(text, u0 + 1, v0, 3) * fu * (1 - fv) +
          texel(text, u0, v0 + 1, 3) * (1 - fu) * fv +
          texel(text, u0 + 1, v0 + 1, 3) * fu * fv;
        c = c.map((value, k) => value + ((params.ink[k] ?? 0) - value) * a);
      }
      const i = (y * out.width + x) * 4;
      out.data[i] = toByte(c[0] ?? 0);
      out.data[i + 1] = toByte(c[1] ?? 0);
      out.data[i + 2] = toByte(c[2] ?? 0);
      out.data[i + 3] = 255;
    }
  }
  return out;
}
