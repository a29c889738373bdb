import { gaussianBlur, toBytes, toFloat } from './gaussian.ts';
import type { RgbaImage } from './image.ts';
import { smoothstep, vignetteRadius } from './vignette-shape.ts';

/**
 * CPU reference of the soft-corners stage: the image mixed with its gaussian blur (sigma = radius x the
 * long side) by amount x smoothstep(0.4, 1, r), r the frame-shaped vignette radius (0 centre, 1 corners).
 */
export function softCorners(input: RgbaImage, params: { amount: number; radius: number }): RgbaImage {
  const source = toFloat(input);
  const { width, height } = input;
  const blurred = gaussianBlur(source, Math.max(0, params.radius) * Math.max(width, height));
  // An ellipse following the frame, 1 at the corners: x is measured in units of height / width.
  const corner = Math.hypot(0.5 * height, 0.5 * height);
  const scale: [number, number] = [height / (width * corner), 1 / corner];
  const amount = Math.min(1, Math.max(0, params.amount));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const k = amount * smoothstep(0.4, 1, vignetteRadius(x, y, width, height, scale));
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 4 + c;
        const s = source.data[i] ?? 0;
        source.data[i] = s + ((blurred.data[i] ?? 0) - s) * k;
      }
    }
  }
  return toBytes(source);
}
