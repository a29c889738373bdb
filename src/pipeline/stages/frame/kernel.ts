/** Kernel<FrameUniforms> of frame.glsl: the paper, the film's rebate and holes, the photo, the text. */
import { forEachTexel, input, type Kernel } from '../../cpu/kernel.ts';
import { pcg, triangular } from '../../cpu/kernels/pcg.ts';
import { clamp01, load, smoothstep, store, tap } from '../../cpu/texture.ts';
import type { FrameUniforms } from './stage.ts';

const LIGHT = [0.97, 0.965, 0.95];
const NEIGHBOUR = [0.2, 0.19, 0.18];

/** frame.glsl's frameNoise: bilinear value noise, one triangular value a lattice point. */
function frameNoise(mx: number, my: number, field: number): number {
  const fx0 = Math.floor(mx);
  const fy0 = Math.floor(my);
  const fx = mx - fx0;
  const fy = my - fy0;
  const row0 = pcg(fy0 + field);
  const row1 = pcg(fy0 + 1 + field);
  const t0 = triangular(pcg(fx0 + row0));
  const t1 = triangular(pcg(fx0 + 1 + row0));
  const b0 = triangular(pcg(fx0 + row1));
  const b1 = triangular(pcg(fx0 + 1 + row1));
  const top = t0 + (t1 - t0) * fx;
  const bottom = b0 + (b1 - b0) * fx;
  return top + (bottom - top) * fy;
}

function roundedBox(qx: number, qy: number, cx: number, cy: number, hx: number, hy: number, r: number) {
  const dx = Math.abs(qx - cx) - (hx - r);
  const dy = Math.abs(qy - cy) - (hy - r);
  return Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - r;
}

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

export const frame: Kernel<FrameUniforms> = (pass) => {
  const photo = input(pass, 0);
  const text = input(pass, 1);
  const { out, u } = pass;
  const [atX = 0, atY = 0] = u.at;
  const [photoX = 0, photoY = 0] = u.photoAt;
  const [wx0 = 0, wy0 = 0, wx1 = 0, wy1 = 0] = u.window;
  const [bx0 = 0, by0 = 0, bx1 = 0, by1 = 0] = u.text;
  const [pitch = 1, holeW = 0, holeH = 0, radius = 0] = u.holes;
  const [first = 0, row0 = 0, row1 = 0, gap = 0] = u.holeAt;
  const film = u.kind === 2 || u.kind === 3 || u.kind === 5;
  // An upright strip (kind 5): the film's parts are drawn in the strip's own axes, along it (down the
  // print) and across it (leftwards from the print's left edge); the window too.
  const upright = u.kind === 5;
  const [sw0, sw1, sw2, sw3] = upright ? [wy0, -wx1, wy1, -wx0] : [wx0, wy0, wx1, wy1];
  const soft = Math.max(1, (film ? 0.08 : 0.25) * u.scale);
  const texel = new Float32Array(4);
  const c = [0, 0, 0];
  forEachTexel(out, (i, x, y) => {
    const qx = x + atX + 0.5;
    const qy = y + atY + 0.5;
    const mx = qx / u.scale;
    const my = qy / u.scale;
    const sx = upright ? qy : qx;
    const sy = upright ? -qx : qy;
    if (film) {
      const grain = 1 + 0.04 * frameNoise(mx / 0.05, my / 0.05, 7);
      for (let k = 0; k < 3; k++) c[k] = (u.paper[k] as number) * grain;
      const across = Math.min(sy - sw1, sw3 - sy);
      const along = Math.max(sw0 - gap - sx, sx - sw2 - gap);
      const neighbour = clamp01(Math.min(across, along) + 0.5);
      const tone = 1 + 0.3 * frameNoise(mx / 1.5, my / 1.5, 11);
      for (let k = 0; k < 3; k++) c[k] = mix(c[k] as number, (NEIGHBOUR[k] as number) * tone, neighbour);
      if (u.kind === 2 || upright) {
        const n = Math.min(7, Math.max(0, Math.floor((sx - first) / pitch + 0.5)));
        const cx = first + n * pitch;
        const d = Math.min(
          roundedBox(sx, sy, cx, row0, holeW / 2, holeH / 2, radius),
          roundedBox(sx, sy, cx, row1, holeW / 2, holeH / 2, radius),
        );
        const light = clamp01(0.5 - d);
        for (let k = 0; k < 3; k++) c[k] = mix(c[k] as number, LIGHT[k] as number, light);
      }
    } else {
      const fibre = 0.6 * frameNoise(mx / 0.12, my / 0.12, 3) + 0.4 * frameNoise(mx / 0.9, my / 0.9, 5);
      for (let k = 0; k < 3; k++) c[k] = (u.paper[k] as number) * (1 + 0.02 * fibre);
    }
    const inside = Math.min(qx - wx0, wx1 - qx, qy - wy0, wy1 - qy);
    // The photo where the window shows it; past a letterboxed photo's edge, the paper.
    const tx = x + atX - photoX;
    const ty = y + atY - photoY;
    if (inside > 0 && tx >= 0 && ty >= 0 && tx < photo.width && ty < photo.height) {
      load(photo, tx, ty, texel);
      const t = smoothstep(0, soft, inside);
      for (let k = 0; k < 3; k++) c[k] = mix(c[k] as number, texel[k] as number, t);
    }
    if (bx1 > bx0 && sx >= bx0 && sy >= by0 && sx < bx1 && sy < by1) {
      tap(text, ((sx - bx0) / (bx1 - bx0)) * text.width, ((sy - by0) / (by1 - by0)) * text.height, texel);
      const a = texel[3] as number;
      for (let k = 0; k < 3; k++) c[k] = mix(c[k] as number, u.ink[k] as number, a);
    }
    store(out, i, clamp01(c[0] as number), clamp01(c[1] as number), clamp01(c[2] as number), 1);
  });
};
