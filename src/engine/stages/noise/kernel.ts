import { type PixelStage } from '../../cpu/kernel.ts';
import { pcg, triangular } from '../../cpu/kernels/pcg.ts';
import { clamp01 } from '../../cpu/texture.ts';
import type { NoiseUniforms } from './stage.ts';

export const noise: PixelStage<NoiseUniforms> = (u) => {
  const amount = u.amount;
  const monochrome = u.monochrome !== 0;
  const overlay = u.blendMode !== 0;
  const shadow = u.shadowAmount;
  const seedHash = pcg(u.seed);
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
