import type { Page } from '@playwright/test';
import type { RgbaImage } from '../reference/image.ts';
import { imageFromBase64 } from './images.ts';

/** Decodes image file bytes with the browser's own decoder, as a user's browser would show them. */
export async function decodeInBrowser(page: Page, bytes: Buffer): Promise<RgbaImage & { type: string }> {
  const result = await page.evaluate(async (base64) => {
    const binary = atob(base64);
    const data = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
    const type =
      data[0] === 0xff && data[1] === 0xd8 ? 'image/jpeg' : data[0] === 0x89 ? 'image/png' : 'unknown';
    const bitmap = await createImageBitmap(new Blob([data]));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let text = '';
    for (let i = 0; i < pixels.length; i += 0x8000) {
      text += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
    }
    return { width: bitmap.width, height: bitmap.height, type, rgba: btoa(text) };
  }, bytes.toString('base64'));
  return { ...imageFromBase64(result.width, result.height, result.rgba), type: result.type };
}
