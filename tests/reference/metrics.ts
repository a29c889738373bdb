import type { RgbaImage } from './image.ts';

function assertSameSize(a: RgbaImage, b: RgbaImage): void {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`Size mismatch: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  }
}

/** Mean squared error over the RGB channels (alpha is not part of the look). */
export function meanSquaredError(a: RgbaImage, b: RgbaImage): number {
  assertSameSize(a, b);
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const d = (a.data[i + c] ?? 0) - (b.data[i + c] ?? 0);
      sum += d * d;
    }
  }
  return sum / ((a.data.length / 4) * 3);
}

/** Peak signal-to-noise ratio in dB over RGB; Infinity for identical images. */
export function psnr(a: RgbaImage, b: RgbaImage): number {
  const mse = meanSquaredError(a, b);
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** Mean absolute difference per RGB channel, in 8-bit levels. */
export function meanAbsoluteError(a: RgbaImage, b: RgbaImage): number {
  assertSameSize(a, b);
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) sum += Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0));
  }
  return sum / ((a.data.length / 4) * 3);
}

/** The largest difference of any RGB channel of any pixel, in 8-bit levels. */
export function maxAbsoluteError(a: RgbaImage, b: RgbaImage): number {
  assertSameSize(a, b);
  let max = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) max = Math.max(max, Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0)));
  }
  return max;
}

/** Mean HSV saturation, (max - min) / max, over all pixels. */
export function meanSaturation(image: RgbaImage): number {
  let sum = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const r = image.data[i] ?? 0;
    const g = image.data[i + 1] ?? 0;
    const b = image.data[i + 2] ?? 0;
    const max = Math.max(r, g, b);
    sum += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
  }
  return sum / (image.data.length / 4);
}
