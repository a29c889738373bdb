import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDITOR_FORMATS, landingFormats } from '../../src/intake/formats.ts';
import { inspectFile } from '../../src/intake/inspect.ts';
import { MAX_UPLOAD_BYTES } from '../../src/intake/messages.ts';
import { fixturePath } from '../support/images.ts';

const LANDING = landingFormats(false);
const fixture = (relative: string, type = '') =>
  new File([readFileSync(fixturePath(relative))], relative.split('/').pop()!, { type });

async function refusal(file: Blob | null, formats = LANDING) {
  try {
    await inspectFile(file, formats);
  } catch (error) {
    return { kind: (error as { kind: string }).kind, message: (error as Error).message };
  }
  return null;
}

describe('inspectFile: the spec messages, word for word', () => {
  it('no file', async () => {
    expect(await refusal(null)).toEqual({ kind: 'noFile', message: 'No file selected.' });
  });

  it('over 20 MB, with the size in MB to two decimals', async () => {
    const file = new File([new Uint8Array(MAX_UPLOAD_BYTES + 5 * 1024 * 1024 + 52429)], 'big.jpg');
    expect(await refusal(file)).toEqual({
      kind: 'tooLarge',
      message: 'File is too large (25.05MB). Maximum size is 20MB.',
    });
    // Just over: enough digits that the size reads as over the limit, never '20.00MB'.
    expect((await refusal(new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'b.jpg')))?.message).toBe(
      'File is too large (20.000001MB). Maximum size is 20MB.',
    );
    expect((await refusal(new File([new Uint8Array(MAX_UPLOAD_BYTES + 4000)], 'c.jpg')))?.message).toBe(
      'File is too large (20.004MB). Maximum size is 20MB.',
    );
    // Exactly 20 MB is allowed (and then refused for what it is: zeros).
    expect((await refusal(new File([new Uint8Array(MAX_UPLOAD_BYTES)], 'x.jpg')))?.kind).toBe('undecodable');
  });

  it('a format this entry point does not accept', async () => {
    const gif = new File([new TextEncoder().encode('GIF89a\x01\x00\x01\x00')], 'a.gif', {
      type: 'image/gif',
    });
    expect(await refusal(gif)).toEqual({
      kind: 'unsupported',
      message: 'Unsupported file format. Supported formats: JPG, PNG, WEBP.',
    });
    // HEIC: the landing page (not on Android) takes it, the editor's own upload does not.
    expect(await refusal(fixture('heic/kodim23_q60.heic'), LANDING)).toBeNull();
    expect((await refusal(fixture('heic/kodim23_q60.heic'), EDITOR_FORMATS))?.kind).toBe('unsupported');
    expect((await refusal(fixture('heic/kodim23_q60.heic'), landingFormats(true)))?.kind).toBe('unsupported');
    // Not an image at all, and not named like one.
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect((await refusal(text))?.kind).toBe('unsupported');
  });

  it('bytes that claim to be an image but are not one', async () => {
    for (const name of ['empty_0_bytes.jpg', 'random_4096_bytes.jpg', 'text_pretending.png']) {
      expect(await refusal(fixture(`generated-edge-cases/${name}`))).toEqual({
        kind: 'undecodable',
        message: 'Failed to load image file',
      });
    }
  });
});

describe('inspectFile: formats by their bytes, sizes by their headers', () => {
  it('takes mislabeled files by their real format', async () => {
    expect(
      (await inspectFile(fixture('generated-edge-cases/mislabeled_png_as.jpg', 'image/jpeg'), LANDING))
        .format,
    ).toBe('png');
    expect(
      (
        await inspectFile(
          fixture('generated-edge-cases/mislabeled_jpeg_as.heic', 'image/heic'),
          EDITOR_FORMATS,
        )
      ).format,
    ).toBe('jpeg');
  });

  it.each([
    [
      'bomb_webp_16383x16383.webp',
      'Image is too large (16383x16383 pixels, 268.4 megapixels). Maximum is 120 megapixels.',
    ],
    [
      'bomb_header_65500x65500.jpg',
      'Image is too large (65500x65500 pixels, 4290.3 megapixels). Maximum is 120 megapixels.',
    ],
    [
      'bomb_png_header_65535x65535.png',
      'Image is too large (65535x65535 pixels, 4294.8 megapixels). Maximum is 120 megapixels.',
    ],
    [
      'bomb_png_30000x30000_1bit.png',
      'Image is too large (30000x30000 pixels, 900.0 megapixels). Maximum is 120 megapixels.',
    ],
  ])('refuses the decompression bomb %s before decoding', async (name, message) => {
    const started = performance.now();
    expect(await refusal(fixture(`generated-edge-cases/${name}`))).toEqual({
      kind: 'tooManyPixels',
      message,
    });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('lets a 108 MP photo through and refuses one just over 120 MP', async () => {
    // A JPEG header (SOI, SOF0) is all the size check reads.
    const jpegHeader = (width: number, height: number) =>
      new File(
        [
          new Uint8Array([
            0xff,
            0xd8,
            0xff,
            0xc0,
            0,
            17,
            8,
            height >> 8,
            height & 255,
            width >> 8,
            width & 255,
            3,
          ]),
        ],
        'photo.jpg',
      );
    expect(await inspectFile(jpegHeader(12000, 9000), LANDING)).toMatchObject({
      format: 'jpeg',
      stored: { width: 12000, height: 9000 },
    });
    expect((await refusal(jpegHeader(12001, 10000)))?.kind).toBe('tooManyPixels');
  });
});
