import { FRINGING_GAIN, FRINGING_RADIUS, FRINGING_TINT } from '../../src/pipeline/stages/fringing/stage.ts';
import { clipped } from './clip.ts';
import { spreadMask, within } from './spread-mask.ts';
import { mapPixels, type RgbaImage } from './image.ts';

/**
 * CPU reference of the fringing stage: the clip mask blurred by the exact gaussian of radius x the long
 * side, and each pixel mixed towards the tint by amount min(1, gain spread) (1 - clip) (1 - luma).
 */
export function fringing(input: RgbaImage, params: { amount: number; radius?: number }): RgbaImage {
  const amount = Math.min(1, Math.max(0, params.amount));
  const radius = within(params.radius, FRINGING_RADIUS.range, FRINGING_RADIUS.default);
  const spread = spreadMask(input, radius, clipped);
  return mapPixels(input, (r, g, b, a, x, y) => {
    const near = Math.min(1, FRINGING_GAIN * (spread[y * input.width + x] ?? 0));
    const w = amount * near * (1 - clipped(r, g, b)) * (1 - (0.2126 * r + 0.7152 * g + 0.0722 * b));
    return [
      r + (FRINGING_TINT[0] - r) * w,
      g + (FRINGING_TINT[1] - g) * w,
      b + (FRINGING_TINT[2] - b) * w,
      a,
    ];
  });
}
