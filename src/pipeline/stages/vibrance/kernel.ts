import { type PixelStage } from '../../cpu/kernel.ts';
import { clamp01 } from '../../cpu/texture.ts';
import type { VibranceUniforms } from './stage.ts';

export const vibrance: PixelStage<VibranceUniforms> = (u) => {
  const k = -3 * u.vibrance;
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
