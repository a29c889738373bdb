/** Pixels of bitmaps in the component tier, compared as the guide asks: PSNR against a reference. */

/** A bitmap (or any image source) drawn at `width` x `height`, as RGBA bytes. */
export function pixelsOf(source: CanvasImageSource, width: number, height: number): Uint8ClampedArray {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D context');
  context.drawImage(source, 0, 0, width, height);
  return context.getImageData(0, 0, width, height).data;
}

/** PSNR over RGB, optionally leaving out a rectangle given in fractions (x0, y0, x1, y1). */
export function psnr(
  a: Uint8ClampedArray,
  b: Uint8ClampedArray,
  width: number,
  leaveOut?: readonly [number, number, number, number],
): number {
  const height = a.length / 4 / width;
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (
        leaveOut &&
        x >= leaveOut[0] * width &&
        x < leaveOut[2] * width &&
        y >= leaveOut[1] * height &&
        y < leaveOut[3] * height
      )
        continue;
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 4 + c;
        const d = a[i]! - b[i]!;
        sum += d * d;
        count++;
      }
    }
  }
  const mse = sum / count;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** The same pixels turned 180 degrees (to show a check can tell a turned picture). */
export function turned(pixels: Uint8ClampedArray): Uint8ClampedArray {
  const out = new Uint8ClampedArray(pixels.length);
  for (let i = 0, j = pixels.length - 4; i < pixels.length; i += 4, j -= 4)
    out.set(pixels.subarray(j, j + 4), i);
  return out;
}
