import { type PixelStage } from '../../cpu/kernel.ts';
import { vignetteDither, vignetteRadius } from '../../cpu/kernels/vignette.ts';
import { clamp01, smoothstep } from '../../cpu/texture.ts';
import type { VignetteUniforms } from './stage.ts';

export const vignette: PixelStage<VignetteUniforms> = (u) => {
  const [cr = 0, cg = 0, cb = 0] = u.color;
  const amount = u.amount;
  const scale = u.scale;
  const size = u.size;
  const softness = Math.max(u.softness, 1e-4);
  const paint = u.blend === 1;
  const [ox = 0, oy = 0] = u.origin;
  const [fw = 1, fh = 1] = u.fullSize;
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
