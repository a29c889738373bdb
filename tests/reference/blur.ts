import { gaussianBlur, toBytes, toFloat } from './gaussian.ts';
import type { RgbaImage } from './image.ts';

/** CPU reference of the blur stage: the ideal gaussian (no automatic downsampling; see gaussian.ts). */
export function blur(input: RgbaImage, params: { sigma: number; downsample?: number }): RgbaImage {
  return toBytes(gaussianBlur(toFloat(input), Math.max(0, params.sigma), params.downsample ?? 1));
}
