import type { Page } from '@playwright/test';
import { EOI, payloadOf, segmentsOf, SOS } from '../../src/jpeg-file/segments.ts';

/**
 * Makes createImageBitmap ignore EXIF orientation, as older engines did: every APP1 segment of a JPEG
 * blob is renamed APP15 before the real decoder sees it. The intake's own EXIF read (of the file) is
 * untouched, so the app must notice and turn the image itself. The walk is written out here because the
 * script runs in the page, serialised on its own: it cannot import src/jpeg-file/segments.ts.
 */
export async function simulateBrowserWithoutExifOrientation(page: Page) {
  await page.addInitScript(() => {
    const original = self.createImageBitmap.bind(self);
    const patched = async (source: ImageBitmapSource, ...rest: unknown[]) => {
      if (source instanceof Blob) {
        const bytes = new Uint8Array(await source.arrayBuffer());
        if (bytes[0] === 0xff && bytes[1] === 0xd8) {
          let at = 2;
          while (at + 4 <= bytes.length && bytes[at] === 0xff && bytes[at + 1] !== 0xda) {
            if (bytes[at + 1] === 0xe1) bytes[at + 1] = 0xef;
            at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
          }
          source = new Blob([bytes], { type: source.type });
        }
      }
      return (original as (...args: unknown[]) => Promise<ImageBitmap>)(source, ...rest);
    };
    self.createImageBitmap = patched;
  });
}

/** The marker segments of a JPEG before its image data: marker and, for APPn, the identifier text. */
export function jpegSegments(bytes: Buffer): { marker: number; id: string; length: number }[] {
  return segmentsOf(bytes)
    .filter((segment) => segment.marker !== SOS && segment.marker !== EOI)
    .map((segment) => ({
      marker: segment.marker,
      id: Buffer.from(payloadOf(bytes, segment).subarray(0, 28)).toString('latin1').split('\0')[0]!,
      length: segment.payloadLength + 2,
    }));
}
