import type { Page } from '@playwright/test';
import type { RgbaImage } from '../reference/image.ts';
import { imageFromBase64 } from './images.ts';

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
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
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
      let text = '';
      for (let i = 0; i < pixels.length; i += 0x8000) {
        text += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
      }
      return { width, height, type, rgba: btoa(text) };
    },
    [bytes.toString('base64'), size ?? null] as const,
  );
  return { ...imageFromBase64(result.width, result.height, result.rgba), type: result.type };
}
