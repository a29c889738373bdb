import type { Page } from '@playwright/test';

/**
 * Makes createImageBitmap ignore EXIF orientation, as older engines did: every APP1 segment of a JPEG
 * blob is renamed APP15 before the real decoder sees it. The intake's own EXIF read (of the file) is
 * untouched, so the app must notice and turn the image itself.
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
  const segments: { marker: number; id: string; length: number }[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const length = bytes.readUInt16BE(at + 2);
    segments.push({
      marker,
      id: bytes
        .subarray(at + 4, at + 4 + 28)
        .toString('latin1')
        .split('\0')[0]!,
      length,
    });
    at += 2 + length;
  }
  return segments;
}
