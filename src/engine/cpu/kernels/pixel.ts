/** The per-pixel stages' `pixel` functions (shaders/vibrance, grain, lut, noise, vignette, dual-vignette). */
import { num, vec, type PixelStage } from '../kernel.ts';
import { clamp01, load, smoothstep } from '../texture.ts';
import { pcg, triangular, valueNoise } from './pcg.ts';

export const vibrance: PixelStage = (u) => {
  const k = -3 * num(u, 'vibrance');
  return (c) => {
    const r = c[0] as number;
    const g = c[1] as number;
    const b = c[2] as number;
    const mx = Math.max(r, g, b);
    const amount = (mx - (r + g + b) / 3) * k;
    c[0] = clamp01(r + (mx - r) * amount);
    c[1] = clamp01(g + (mx - g) * amount);
    c[2] = clamp01(b + (mx - b) * amount);
  };
};

export const grain: PixelStage = (u) => {
  const amount = num(u, 'amount');
  const size = num(u, 'size');
  const seedHash = pcg(num(u, 'seed'));
  const [ox = 0, oy = 0] = vec(u, 'origin');
  return (c, x, y) => {
    const qx = (x + ox + 0.5) / size;
    const qy = (y + oy + 0.5) / size;
    const cx = Math.floor(qx);
    const cy = Math.floor(qy);
    const fx = qx - cx;
    const fy = qy - cy;
    const n = valueNoise(cx, cy, fx, fy, seedHash);
    const r = c[0] as number;
    const g = c[1] as number;
    const b = c[2] as number;
    const luma = 0.299 * r + 0.587 * g + 0.114 * b;
    const delta = n * amount * (0.5 + 2 * luma * (1 - luma));
    c[0] = clamp01(r + delta);
    c[1] = clamp01(g + delta);
    c[2] = clamp01(b + delta);
  };
};

export const lut: PixelStage = (u, extras) => {
  const intensity = num(u, 'intensity');
  const size = num(u, 'size');
  const atlas = extras[0];
  if (!atlas) throw new Error('CPU kernel: lut needs its atlas');
  const last = size - 1;
  // The atlas as floats once: a pass reads it for every pixel.
  const texels = new Float32Array(atlas.width * atlas.height * 4);
  for (let y = 0, i = 0; y < atlas.height; y++)
    for (let x = 0; x < atlas.width; x++, i += 4) load(atlas, x, y, texels, i);
  const at = (r: number, g: number, b: number) => (r + size * b + g * atlas.width) * 4;
  return (c) => {
    const r = c[0] as number;
    const g = c[1] as number;
    const b = c[2] as number;
    const px = clamp01(r) * last;
    const py = clamp01(g) * last;
    const pz = clamp01(b) * last;
    const bx = Math.min(Math.floor(px), last - 1);
    const by = Math.min(Math.floor(py), last - 1);
    const bz = Math.min(Math.floor(pz), last - 1);
    const fx = px - bx;
    const fy = py - by;
    const fz = pz - bz;
    // The tetrahedron from corner 000 to 111 along the axes in decreasing order of f, ties x, y, z.
    const xy = fx >= fy ? 1 : 0;
    const xz = fx >= fz ? 1 : 0;
    const yz = fy >= fz ? 1 : 0;
    const wx = xy + xz;
    const wy = 1 - xy + yz;
    const wz = 2 - xz - yz;
    const f1 = Math.max(fx, fy, fz);
    const f3 = Math.min(fx, fy, fz);
    const f2 = fx + fy + fz - f1 - f3;
    const a0 = at(bx, by, bz);
    const a1 = at(bx + (wx === 2 ? 1 : 0), by + (wy === 2 ? 1 : 0), bz + (wz === 2 ? 1 : 0));
    const a2 = at(bx + (wx === 0 ? 0 : 1), by + (wy === 0 ? 0 : 1), bz + (wz === 0 ? 0 : 1));
    const a3 = at(bx + 1, by + 1, bz + 1);
    for (let k = 0; k < 3; k++) {
      const graded =
        (1 - f1) * (texels[a0 + k] as number) +
        (f1 - f2) * (texels[a1 + k] as number) +
        (f2 - f3) * (texels[a2 + k] as number) +
        f3 * (texels[a3 + k] as number);
      const original = c[k] as number;
      c[k] = clamp01(original + (graded - original) * intensity);
    }
  };
};

export const noise: PixelStage = (u) => {
  const amount = num(u, 'amount');
  const monochrome = num(u, 'monochrome') !== 0;
  const overlay = num(u, 'blendMode') !== 0;
  const shadow = num(u, 'shadowAmount');
  const seedHash = pcg(num(u, 'seed'));
  const n = new Float32Array(3);
  const blend = (base: number, delta: number) => {
    if (!overlay) return base + delta;
    const layer = clamp01(0.5 + delta);
    return base < 0.5 ? 2 * base * layer : 1 - 2 * (1 - base) * (1 - layer);
  };
  return (c, x, y) => {
    let state = pcg(x + pcg(y + seedHash));
    state = pcg(state);
    n[0] = triangular(state);
    if (monochrome) {
      n[1] = n[0];
      n[2] = n[0];
    } else {
      state = pcg(state);
      n[1] = triangular(state);
      state = pcg(state);
      n[2] = triangular(state);
    }
    const r = c[0] as number;
    const g = c[1] as number;
    const b = c[2] as number;
    const dark = 1 - (0.299 * r + 0.587 * g + 0.114 * b);
    const scale = amount * (1 + 2 * shadow * dark * dark * dark);
    c[0] = clamp01(blend(r, n[0] * scale));
    c[1] = clamp01(blend(g, n[1] * scale));
    c[2] = clamp01(blend(b, n[2] * scale));
  };
};

/** shaders/common/vignette: the radius (0 centre, 1 corners) and the dither of a texel of the whole image. */
export function vignetteRadius(
  gx: number,
  gy: number,
  fullWidth: number,
  fullHeight: number,
  scale: readonly number[],
) {
  const dx = (gx + 0.5 - 0.5 * fullWidth) * (scale[0] as number);
  const dy = (gy + 0.5 - 0.5 * fullHeight) * (scale[1] as number);
  return Math.sqrt(dx * dx + dy * dy);
}

function vignetteDither(gx: number, gy: number, weight: number): number {
  return (triangular(pcg(gx + pcg(gy + 40503))) * weight) / 255;
}

export const vignette: PixelStage = (u) => {
  const [cr = 0, cg = 0, cb = 0] = vec(u, 'color');
  const amount = num(u, 'amount');
  const scale = vec(u, 'scale');
  const size = num(u, 'size');
  const softness = Math.max(num(u, 'softness'), 1e-4);
  const paint = num(u, 'blend') === 1;
  const [ox = 0, oy = 0] = vec(u, 'origin');
  const [fw = 1, fh = 1] = vec(u, 'fullSize');
  return (c, x, y) => {
    const gx = x + ox;
    const gy = y + oy;
    const k = amount * smoothstep(size, size + softness, vignetteRadius(gx, gy, fw, fh, scale));
    const dither = vignetteDither(gx, gy, clamp01(k * 32));
    const r = c[0] as number;
    const g = c[1] as number;
    const b = c[2] as number;
    if (paint) {
      c[0] = clamp01(r + (cr - r) * k + dither);
      c[1] = clamp01(g + (cg - g) * k + dither);
      c[2] = clamp01(b + (cb - b) * k + dither);
    } else {
      c[0] = clamp01(r * (1 + (cr - 1) * k) + dither);
      c[1] = clamp01(g * (1 + (cg - 1) * k) + dither);
      c[2] = clamp01(b * (1 + (cb - 1) * k) + dither);
    }
  };
};

export const dualVignette: PixelStage = (u) => {
  const [ir = 0, ig = 0, ib = 0] = vec(u, 'innerColor');
  const [or = 0, og = 0, ob = 0] = vec(u, 'outerColor');
  const innerSize = num(u, 'innerSize');
  const outerSize = num(u, 'outerSize');
  const innerStrength = num(u, 'innerStrength');
  const outerStrength = num(u, 'outerStrength');
  const innerSoftness = Math.max(num(u, 'innerSoftness'), 1e-4);
  const outerSoftness = Math.max(num(u, 'outerSoftness'), 1e-4);
  const scale = vec(u, 'scale');
  const [ox = 0, oy = 0] = vec(u, 'origin');
  const [fw = 1, fh = 1] = vec(u, 'fullSize');
  return (c, x, y) => {
    const gx = x + ox;
    const gy = y + oy;
    const r = vignetteRadius(gx, gy, fw, fh, scale);
    const inner = innerStrength * smoothstep(innerSize, innerSize + innerSoftness, r);
    const outer = outerStrength * smoothstep(outerSize, outerSize + outerSoftness, r);
    const dither = vignetteDither(gx, gy, clamp01((inner + outer) * 32));
    const mixTwice = (value: number, innerColor: number, outerColor: number) => {
      const once = value + (innerColor - value) * inner;
      return clamp01(once + (outerColor - once) * outer + dither);
    };
    c[0] = mixTwice(c[0] as number, ir, or);
    c[1] = mixTwice(c[1] as number, ig, og);
    c[2] = mixTwice(c[2] as number, ib, ob);
  };
};
