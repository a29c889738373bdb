import type { Page } from '@playwright/test';
import type { RgbaImage } from '../reference/image.ts';
import { imageFromBase64 } from './images.ts';
import { decodePng } from './png.ts';

/**
 * A screenshot's pixels. Chromium writes them as a plain 8-bit PNG with no colour profile, which decodes
 * the same in Node as in the page, without sending the image to the page and its pixels back (a few
 * hundred milliseconds each way through the DevTools protocol for a photo-sized canvas).
 */
export function decodeScreenshot(png: Buffer): RgbaImage {
  return decodePng(png);
}

/**
 * Decodes image file bytes with the browser's own decoder, as a user's browser would show them; with a
 * `size`, drawn at that size (smoothed, as the page draws a scaled image).
 */
export async function decodeInBrowser(
  page: Page,
  bytes: Buffer,
  size?: { width: number; height: number },
): Promise<RgbaImage & { type: string }> {
  const result = await page.evaluate(
    async ([base64, size]) => {
      const data = Uint8Array.fromBase64(base64);
      const type =
        data[0] === 0xff && data[1] === 0xd8 ? 'image/jpeg' : data[0] === 0x89 ? 'image/png' : 'unknown';
      const bitmap = await createImageBitmap(new Blob([data]));
      const width = size?.width ?? bitmap.width;
      const height = size?.height ?? bitmap.height;
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      const pixels = context.getImageData(0, 0, width, height).data;
      return { width, height, type, rgba: new Uint8Array(pixels.buffer).toBase64() };
    },
    [bytes.toString('base64'), size ?? null] as const,
  );
  return { ...imageFromBase64(result.width, result.height, result.rgba), type: result.type };
}
