import { type PixelStage } from '../../cpu/kernel.ts';
import { vignetteDither, vignetteRadius } from '../../cpu/kernels/vignette.ts';
import { clamp01, smoothstep } from '../../cpu/texture.ts';
import type { DualVignetteUniforms } from './stage.ts';

export const dualVignette: PixelStage<DualVignetteUniforms> = (u) => {
  const [ir = 0, ig = 0, ib = 0] = u.innerColor;
  const [or = 0, og = 0, ob = 0] = u.outerColor;
  const innerSize = u.innerSize;
  const outerSize = u.outerSize;
  const innerStrength = u.innerStrength;
  const outerStrength = u.outerStrength;
  const innerSoftness = Math.max(u.innerSoftness, 1e-4);
  const outerSoftness = Math.max(u.outerSoftness, 1e-4);
  const scale = u.scale;
  const [ox = 0, oy = 0] = u.origin;
  const [fw = 1, fh = 1] = u.fullSize;
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
