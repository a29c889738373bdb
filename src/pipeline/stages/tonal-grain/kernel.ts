import { type PixelStage } from '../../cpu/kernel.ts';
import { pcg, valueNoise } from '../../cpu/kernels/pcg.ts';
import { clamp01 } from '../../cpu/texture.ts';
import type { TonalGrainUniforms } from './stage.ts';

export const tonalGrain: PixelStage<TonalGrainUniforms> = (u) => {
  const amount = u.amount;
  const chroma = u.chroma;
  const size = u.size;
  const digital = u.curve === 1;
  const seedHash = pcg(u.seed);
  const fields = [pcg(seedHash), pcg(seedHash + 1), pcg(seedHash + 2)] as const;
  const [ox = 0, oy = 0] = u.origin;
  return (c, x, y) => {
    const qx = (x + ox + 0.5) / size;
    const qy = (y + oy + 0.5) / size;
    const cx = Math.floor(qx);
    const cy = Math.floor(qy);
    const fx = qx - cx;
    const fy = qy - cy;
    const n = valueNoise(cx, cy, fx, fy, fields[0]);
    const cb = valueNoise(cx, cy, fx, fy, fields[1]);
    const cr = valueNoise(cx, cy, fx, fy, fields[2]);
    const r = c[0] as number;
    const g = c[1] as number;
    const b = c[2] as number;
    const l = clamp01(0.299 * r + 0.587 * g + 0.114 * b);
    const weight = digital ? (1 - l) * (1 - l) : 4 * l * (1 - l);
    const luma = n * amount * weight;
    const pb = cb * chroma * weight;
    const pr = cr * chroma * weight;
    c[0] = clamp01(r + luma + 1.402 * pr);
    c[1] = clamp01(g + luma - 0.344136 * pb - 0.714136 * pr);
    c[2] = clamp01(b + luma + 1.772 * pb);
  };
};
