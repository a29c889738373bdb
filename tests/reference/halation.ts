import {
  HALATION_GAIN,
  HALATION_RADIUS,
  HALATION_THRESHOLD,
  HALATION_TINT,
} from '../../src/pipeline/stages/halation/stage.ts';
import { smoothstep } from './clip.ts';
import { spreadMask, within } from './spread-mask.ts';
import { mapPixels, type RgbaImage } from './image.ts';

/**
 * CPU reference of the halation stage: the bright pass smoothstep(threshold, 1, max channel) blurred by the
 * exact gaussian of radius x the long side, and the tint screened on by min(1, amount gain spread (1 - b)).
 */
export function halation(
  input: RgbaImage,
  params: { amount: number; radius?: number; threshold?: number },
): RgbaImage {
  const amount = Math.min(1, Math.max(0, params.amount));
  const radius = within(params.radius, HALATION_RADIUS.range, HALATION_RADIUS.default);
  const threshold = within(params.threshold, HALATION_THRESHOLD.range, HALATION_THRESHOLD.default);
  const bright = (r: number, g: number, b: number) => smoothstep(threshold, 1, Math.max(r, g, b));
  const spread = spreadMask(input, radius, bright);
  return mapPixels(input, (r, g, b, a, x, y) => {
    const glow = (spread[y * input.width + x] ?? 0) * (1 - bright(r, g, b));
    const h = Math.min(1, amount * HALATION_GAIN * glow);
    return [
      r + h * HALATION_TINT[0] * (1 - r),
      g + h * HALATION_TINT[1] * (1 - g),
      b + h * HALATION_TINT[2] * (1 - b),
      a,
    ];
  });
}
