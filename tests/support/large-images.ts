import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { fixtureBase64 } from './images.ts';

/**
 * A large JPEG made in the page from a fixture, scaled up smoothly to `width` x `height`: big test photos
 * are generated, never committed.
 */
export async function enlargedJpeg(
  page: Page,
  fixture: string,
  width: number,
  height: number,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([data, width, height]) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const source = await createImageBitmap(new Blob([bytes]));
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.imageSmoothingQuality = 'high';
      context.drawImage(source, 0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      const out = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < out.length; i += 0x8000)
        text += String.fromCharCode(...out.subarray(i, i + 0x8000));
      return btoa(text);
    },
    [fixtureBase64(fixture), width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

export interface Comparison {
  /** The image's own size. */
  width: number;
  height: number;
  /** The reference's own size, before it was scaled to the image's. */
  referenceWidth: number;
  referenceHeight: number;
  /** Peak signal-to-noise ratio over RGB in dB, as tests/reference/metrics.ts psnr() computes it. */
  psnr: number;
}

/**
 * Compares two image files in the page, band by band, so that neither is ever copied out whole: `image`
 * at its own size against `reference` scaled to that size (a 2D canvas drawImage at high quality, as the
 * app's own export scales), or, with `atReferenceSize`, `image` scaled down to the reference's size
 * (which checks what the picture is without counting the detail only the larger one has). Full-size
 * pixels stay in the browser; only the score comes back.
 */
export async function compareInPage(
  page: Page,
  image: Buffer,
  reference: Buffer,
  atReferenceSize = false,
): Promise<Comparison> {
  return page.evaluate(
    async ([imageData, referenceData, atReferenceSize]) => {
      const decode = (data: string) =>
        createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]));
      let a = await decode(imageData);
      const b = await decode(referenceData);
      const imageSize = { width: a.width, height: a.height };
      if (atReferenceSize) {
        const smaller = await createImageBitmap(a, {
          resizeWidth: b.width,
          resizeHeight: b.height,
          resizeQuality: 'high',
        });
        a.close();
        a = smaller;
      }
      const { width, height } = a;
      const band = 256;
      const left = new OffscreenCanvas(width, band).getContext('2d', { willReadFrequently: true });
      const right = new OffscreenCanvas(width, band).getContext('2d', { willReadFrequently: true });
      if (!left || !right) throw new Error('no 2d context');
      right.imageSmoothingQuality = 'high';
      let sum = 0;
      for (let y = 0; y < height; y += band) {
        const rows = Math.min(band, height - y);
        left.clearRect(0, 0, width, band);
        right.clearRect(0, 0, width, band);
        left.drawImage(a, 0, -y);
        right.drawImage(b, 0, -y, width, height);
        const p = left.getImageData(0, 0, width, rows).data;
        const q = right.getImageData(0, 0, width, rows).data;
        for (let i = 0; i < p.length; i += 4) {
          for (let c = 0; c < 3; c++) {
            const d = p[i + c]! - q[i + c]!;
            sum += d * d;
          }
        }
      }
      const mse = sum / (width * height * 3);
      return {
        ...imageSize,
        referenceWidth: b.width,
        referenceHeight: b.height,
        psnr: mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse),
      };
    },
    [image.toString('base64'), reference.toString('base64'), atReferenceSize] as const,
  );
}

/** Clicks Save and returns the downloaded file's bytes and name. */
export async function saveBytes(page: Page): Promise<{ bytes: Buffer; name: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 180_000 }),
    page.getByTestId('save-button').click(),
  ]);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 3).toString('hex'), 'a JPEG').toBe('ffd8ff');
  return { bytes, name: download.suggestedFilename() };
}
