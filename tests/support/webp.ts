import type { Page } from '@playwright/test';
import type { RgbaImage } from '../reference/image.ts';

/** The image's values as a lossy WebP (quality 1) made by the page's encoder, untagged. */
export async function encodeWebp(page: Page, image: RgbaImage): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([data, width, height]) => {
      const bytes = Uint8ClampedArray.from(atob(data), (c) => c.charCodeAt(0));
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.putImageData(new ImageData(bytes, width, height), 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 1 });
      if (blob.type !== 'image/webp') throw new Error('This browser does not encode WebP');
      const out = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < out.length; i += 0x8000)
        text += String.fromCharCode(...out.subarray(i, i + 0x8000));
      return btoa(text);
    },
    [Buffer.from(image.data).toString('base64'), image.width, image.height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/**
 * The WebP with an ICC profile: its VP8X chunk (made for a simple-format file) with the ICC flag, then the
 * ICCP chunk, then the rest (alpha, image): the order the WebP container requires.
 */
export function withWebpProfile(webp: Buffer, size: { width: number; height: number }, icc: Buffer): Buffer {
  let chunks = webp.subarray(12);
  let vp8x: Buffer;
  if (chunks.subarray(0, 4).toString('latin1') === 'VP8X') {
    vp8x = Buffer.from(chunks.subarray(0, 18));
    chunks = chunks.subarray(18);
  } else {
    vp8x = Buffer.alloc(18);
    vp8x.write('VP8X', 0, 'latin1');
    vp8x.writeUInt32LE(10, 4);
    vp8x.writeUIntLE(size.width - 1, 12, 3);
    vp8x.writeUIntLE(size.height - 1, 15, 3);
  }
  vp8x[8] = (vp8x[8] ?? 0) | 0x20; // ICC profile
  const iccp = Buffer.alloc(8 + icc.length + (icc.length & 1));
  iccp.write('ICCP', 0, 'latin1');
  iccp.writeUInt32LE(icc.length, 4);
  icc.copy(iccp, 8);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), vp8x, iccp, chunks]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}
