import { type PixelStage } from '../../cpu/kernel.ts';
import { pcg, valueNoise } from '../../cpu/kernels/pcg.ts';
import { clamp01 } from '../../cpu/texture.ts';
import type { GrainUniforms } from './stage.ts';

export const grain: PixelStage<GrainUniforms> = (u) => {
  const amount = u.amount;
  const size = u.size;
  const seedHash = pcg(u.seed);
  const [ox = 0, oy = 0] = u.origin;
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
