/** The date a camera prints on the film: date-stamp.wgsl and .glsl's `pixel` function. */
import { type PixelStage } from '../../cpu/kernel.ts';
import { clamp01, smoothstep } from '../../cpu/texture.ts';
import { DATE_GEOMETRY, DATE_INK, MAX_GLYPHS } from './stage.ts';
import type { DateStampUniforms } from './stage.ts';

const { HALF_W, HALF_H, GAP, STROKE, SLANT, TICK, DOT_RADIUS } = DATE_GEOMETRY;

const { EDGE, MIN_EDGE, GLOW, GLOW_REACH, GLOW_TINT } = DATE_INK;

/** Distance from (u, v) to the line from (ax, ay) to (bx, by). */
function stroke(u: number, v: number, ax: number, ay: number, bx: number, by: number): number {
  const abx = bx - ax;
  const aby = by - ay;
  const t = Math.min(1, Math.max(0, ((u - ax) * abx + (v - ay) * aby) / (abx * abx + aby * aby)));
  return Math.hypot(u - ax - abx * t, v - ay - aby * t);
}

/** The shaders' stampGlyph: signed distance, in digit heights, to the ink of the glyph with this mask. */
function glyphDistance(u: number, v: number, mask: number): number {
  const w = HALF_W - GAP;
  const h = HALF_H - GAP;
  let d = 1e3;
  if (mask & 1) d = Math.min(d, stroke(u, v, -w, -HALF_H, w, -HALF_H));
  if (mask & 2) d = Math.min(d, stroke(u, v, HALF_W, -h, HALF_W, -GAP));
  if (mask & 4) d = Math.min(d, stroke(u, v, HALF_W, GAP, HALF_W, h));
  if (mask & 8) d = Math.min(d, stroke(u, v, -w, HALF_H, w, HALF_H));
  if (mask & 16) d = Math.min(d, stroke(u, v, -HALF_W, GAP, -HALF_W, h));
  if (mask & 32) d = Math.min(d, stroke(u, v, -HALF_W, -h, -HALF_W, -GAP));
  if (mask & 64) d = Math.min(d, stroke(u, v, -w, 0, w, 0));
  if (mask & 128) d = Math.min(d, stroke(u, v, 0, -HALF_H, 0, TICK - HALF_H));
  if (mask & 256) d = Math.min(d, Math.hypot(u, v - HALF_H) - DOT_RADIUS + 0.5 * STROKE);
  return d - 0.5 * STROKE;
}

export const dateStamp: PixelStage<DateStampUniforms> = (u) => {
  const glyphs = u.glyphs;
  const color = u.color;
  const opacity = u.opacity;
  const [left = 0, top = 0, right = 0, bottom = 0] = u.bounds;
  const height = u.height;
  const count = Math.min(u.count, MAX_GLYPHS);
  const [ox = 0, oy = 0] = u.origin;
  const edge = Math.max(EDGE * height, MIN_EDGE);
  return (c, x, y) => {
    const qx = x + ox + 0.5;
    const qy = y + oy + 0.5;
    if (opacity <= 0 || qx < left || qy < top || qx > right || qy > bottom) return;
    let d = 1e3;
    for (let i = 0; i < count; i++) {
      const rx = (qx - (glyphs[4 * i] as number)) / height;
      const ry = (qy - (glyphs[4 * i + 1] as number)) / height;
      if (Math.abs(rx) > 0.85) continue;
      d = Math.min(d, glyphDistance(rx + SLANT * ry, ry, glyphs[4 * i + 2] as number));
    }
    const ink = 1 - smoothstep(-edge, edge, d * height);
    const fall = 1 - clamp01(d / GLOW_REACH);
    const glow = GLOW * fall * fall;
    for (let k = 0; k < 3; k++) {
      const layer = opacity * (color[k] as number) * (ink + (1 - ink) * glow * (GLOW_TINT[k] as number));
      c[k] = clamp01(1 - (1 - (c[k] as number)) * (1 - layer));
    }
  };
};
