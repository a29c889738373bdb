import { createFloat, toBytes, toFloat, type FloatImage } from './gaussian.ts';
import type { RgbaImage } from './image.ts';

export interface PixelateOptions {
  pixelSize: number;
  offsetX?: number;
  offsetY?: number;
}

/**
 * Every pixel gets the mean of its block: blocks of round(pixelSize) pixels (at least 1) with a corner at
 * (offsetX, offsetY) pixels, partial blocks at the edges averaging the pixels they cover.
 */
export function pixelateFloat(image: FloatImage, options: PixelateOptions): FloatImage {
  const { width, height } = image;
  const size = Math.max(1, Math.round(options.pixelSize));
  // Block index of a coordinate, for a grid line at `offset`.
  const blockIndex = (v: number, offset: number) => Math.floor((v - Math.round(offset)) / size);
  const bx = (x: number) => blockIndex(x, options.offsetX ?? 0);
  const by = (y: number) => blockIndex(y, options.offsetY ?? 0);
  const sums = new Map<string, number[]>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const key = `${bx(x)},${by(y)}`;
      let sum = sums.get(key);
      if (!sum) sums.set(key, (sum = [0, 0, 0, 0, 0]));
      for (let c = 0; c < 4; c++) sum[c] = (sum[c] ?? 0) + (image.data[(y * width + x) * 4 + c] ?? 0);
      sum[4] = (sum[4] ?? 0) + 1;
    }
  }
  const out = createFloat(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sum = sums.get(`${bx(x)},${by(y)}`) ?? [0, 0, 0, 0, 1];
      for (let c = 0; c < 4; c++) out.data[(y * width + x) * 4 + c] = (sum[c] ?? 0) / (sum[4] ?? 1);
    }
  }
  return out;
}

/** CPU reference of the pixelate stage. */
export function pixelate(input: RgbaImage, params: PixelateOptions): RgbaImage {
  return toBytes(pixelateFloat(toFloat(input), params));
}
