import { createFloat, gaussian2D } from './gaussian.ts';
import type { RgbaImage } from './image.ts';

/** A param held to its range, its default where absent (as the stages take them). */
export function within(value: number | undefined, range: readonly [number, number], fallback: number) {
  return Math.min(range[1], Math.max(range[0], value ?? fallback));
}

/**
 * A mask of the image (`measure` of each pixel's colour) blurred by the exact gaussian of sigma = radius x
 * the long side, edges clamped: one value per pixel, rows from the top.
 */
export function spreadMask(
  input: RgbaImage,
  radius: number,
  measure: (r: number, g: number, b: number) => number,
): Float64Array {
  const { width, height, data } = input;
  const mask = createFloat(width, height);
  for (let i = 0; i < width * height; i++) {
    mask.data[4 * i] = measure(
      (data[4 * i] ?? 0) / 255,
      (data[4 * i + 1] ?? 0) / 255,
      (data[4 * i + 2] ?? 0) / 255,
    );
  }
  const blurred = gaussian2D(mask, radius * Math.max(width, height));
  const out = new Float64Array(width * height);
  for (let i = 0; i < width * height; i++) out[i] = blurred.data[4 * i] ?? 0;
  return out;
}
