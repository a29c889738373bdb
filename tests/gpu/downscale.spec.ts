// The photo reduced to the processing size (src/pixels/downscale.ts) is an area mean of the photo at every
// size, odd ones included: held to a box filter computed here, independently of the browser's resizes.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createImage, type RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { imageFromBase64 } from '../support/images.ts';
import type * as Downscale from '../../src/pixels/downscale.ts';

/**
 * Fine stripes the first halving turns grey and a later one must keep grey: red in vertical stripes two
 * pixels wide, green in horizontal ones, blue a smooth ramp. A point sample of a later level gives bands
 * of full red or green (a moire pattern) where the mean is mid-grey.
 */
function picture(width: number, height: number): RgbaImage {
  const image = createImage(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      image.data[i] = x % 4 < 2 ? 230 : 20;
      image.data[i + 1] = y % 4 < 2 ? 220 : 30;
      image.data[i + 2] = Math.round((255 * (x + y)) / (width + height));
      image.data[i + 3] = 255;
    }
  return image;
}

/** The mean of each output pixel's footprint, each source pixel weighted by how much of it lies inside. */
function boxMean(source: RgbaImage, width: number, height: number): RgbaImage {
  const weights = (from: number, to: number) =>
    Array.from({ length: to }, (_, i) => {
      const start = (i * from) / to;
      const end = ((i + 1) * from) / to;
      const taps: [number, number][] = [];
      for (let s = Math.floor(start); s < end; s++) taps.push([s, Math.min(end, s + 1) - Math.max(start, s)]);
      return taps;
    });
  const columns = weights(source.width, width);
  const rows = weights(source.height, height);
  const out = createImage(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sum = [0, 0, 0];
      let total = 0;
      for (const [sy, wy] of rows[y] ?? [])
        for (const [sx, wx] of columns[x] ?? []) {
          const i = (sy * source.width + sx) * 4;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (source.data[i + c] ?? 0) * wx * wy;
          total += wx * wy;
        }
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) out.data[o + c] = Math.round((sum[c] ?? 0) / total);
      out.data[o + 3] = 255;
    }
  return out;
}

/** `downscaled` in the page, from `image` to `to`; whether this browser halves by averaging too. */
async function downscaleInPage(page: Page, image: RgbaImage, to: { width: number; height: number }) {
  const result = await page.evaluate(
    async ([data, width, height, to]) => {
      const module = '/src/pixels/downscale.ts';
      const { downscaled, halvesByAveraging } = (await import(/* @vite-ignore */ module)) as typeof Downscale;
      const bytes = Uint8ClampedArray.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await downscaled(new ImageData(bytes, width, height), { width, height }, to);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D context');
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let text = '';
      for (let i = 0; i < pixels.length; i += 0x8000)
        text += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
      return {
        width: canvas.width,
        height: canvas.height,
        pixels: btoa(text),
        halves: await halvesByAveraging(),
      };
    },
    [Buffer.from(image.data).toString('base64'), image.width, image.height, to] as const,
  );
  return { image: imageFromBase64(result.width, result.height, result.pixels), halves: result.halves };
}

// Measured on Chromium: 49.1 dB from 2190 x 1460, whose halves turn odd at 1095 (17.2 dB when that level
// was halved again by rounding, to 548 x 365: the middle of the picture point-sampled); exact from a size
// that halves evenly all the way; 46.2 dB from an odd source (one 'high' resize). Each held a few dB under.
for (const { from, to, min } of [
  { from: { width: 2190, height: 1460 }, to: { width: 270, height: 180 }, min: 46 },
  { from: { width: 2048, height: 1536 }, to: { width: 256, height: 192 }, min: 60 },
  { from: { width: 2191, height: 1461 }, to: { width: 270, height: 180 }, min: 43 },
]) {
  test(`${from.width}x${from.height} reduced to ${to.width}x${to.height} is the area mean of the photo`, async ({
    harness: page,
  }) => {
    const source = picture(from.width, from.height);
    const { image, halves } = await downscaleInPage(page, source, to);
    expect(halves, 'Chromium halves by averaging: the halving path is what is tested').toBe(true);
    const score = psnr(image, boxMean(source, to.width, to.height));
    console.log(`downscale ${from.width}x${from.height} -> ${to.width}x${to.height}: ${score.toFixed(1)} dB`);
    expect(score).toBeGreaterThan(min);
  });
}
