import { gaussianBlur, toBytes, toFloat } from './gaussian.ts';
import type { RgbaImage } from './image.ts';

/** CPU reference of the sharpen stage: in + 2 amount (in - gaussian(in)) per channel, clamped; alpha kept. */
export function sharpen(input: RgbaImage, params: { amount: number; radius?: number }): RgbaImage {
  const source = toFloat(input);
  const blurred = gaussianBlur(source, Math.max(0, params.radius ?? 1));
  const strength = 2 * params.amount;
  for (let i = 0; i < source.data.length; i++) {
    if (i % 4 === 3) continue;
    const s = source.data[i] ?? 0;
    source.data[i] = s + strength * (s - (blurred.data[i] ?? 0));
  }
  return toBytes(source);
}
