// The intake (spec section 5) as a table, in the component tier's Chromium with its real decoders and the
// intake's worker: each EXIF orientation arrives upright (by pixels, against orientation 1), formats go by
// their bytes, unusual files decode, and every malformed file gets its message word for word.
import { afterAll, describe, expect, test } from 'vitest';
import { EDITOR_FORMATS, landingFormats } from '../../src/intake/formats.ts';
import { intake } from '../../src/intake/intake.ts';
import { fixture } from './support/files.ts';
import { pixelsOf, psnr, turned } from './support/pixels.ts';

const LANDING = landingFormats(false);
/** Each picture prints its orientation digit in its centre: the one part that differs on purpose. */
const DIGIT = [0.4, 0.35, 0.6, 0.65] as const;
const scores: string[] = [];

async function upright(path: string) {
  const taken = await intake(await fixture(path), EDITOR_FORMATS, { bitmap: true });
  const bitmap = taken.bitmap!;
  // A third of the processing size: each file's own JPEG noise is below what is compared.
  const size = { width: Math.round(bitmap.width / 3), height: Math.round(bitmap.height / 3) };
  const pixels = pixelsOf(bitmap, size.width, size.height);
  bitmap.close();
  return { size, pixels, warning: taken.warning };
}

afterAll(() => console.info(`orientation PSNR against orientation 1: ${scores.join(', ')}`));

describe.each(['Landscape', 'Portrait'])('EXIF orientation: %s', (picture) => {
  test.each([0, 1, 2, 3, 4, 5, 6, 7, 8])(`${picture}_%i.jpg arrives upright`, async (tag) => {
    const reference = await upright(`exif-orientation/${picture}_1.jpg`);
    const shown = await upright(`exif-orientation/${picture}_${tag}.jpg`);
    expect(shown.size).toEqual(reference.size);
    expect(shown.warning).toBeUndefined();
    const score = psnr(reference.pixels, shown.pixels, shown.size.width, DIGIT);
    const upsideDown = psnr(reference.pixels, turned(shown.pixels), shown.size.width, DIGIT);
    scores.push(`${picture}_${tag} ${score.toFixed(1)} dB (turned ${upsideDown.toFixed(1)} dB)`);
    // Measured 28.7 dB (Landscape_0, its own JPEG) to 55 dB for the right turn, and the same picture
    // turned 180 degrees far below: the check tells them apart.
    expect(score).toBeGreaterThanOrEqual(26);
    expect(upsideDown).toBeLessThan(20);
  });
});

describe('formats go by their bytes, not their names', () => {
  test.each([
    ['generated-edge-cases/mislabeled_png_as.jpg', 'png', 384, 256],
    ['generated-edge-cases/mislabeled_jpeg_as.heic', 'jpeg', 768, 512],
  ])('%s is read as %s, %ix%i', async (path, format, width, height) => {
    const taken = await intake(await fixture(path), EDITOR_FORMATS, { bitmap: true });
    expect([taken.format, taken.original.width, taken.original.height]).toEqual([format, width, height]);
    taken.bitmap?.close();
  });
});

describe('valid but unusual files decode, with no warning', () => {
  test.each([
    ['kodim23_baseline_q85.jpg', 768, 512],
    ['kodim23_444.jpg', 768, 512],
    ['kodim23_progressive.jpg', 768, 512],
    ['kodim23_grayscale.jpg', 768, 512],
    ['kodim23_cmyk.jpg', 768, 512],
    ['kodim23_displayp3_icc.jpg', 768, 512],
    ['kodim23_prophoto_icc.jpg', 768, 512],
    ['kodim23_384_16bit.png', 384, 256],
    ['kodim23_384_alpha_gradient.png', 384, 256],
    ['kodim23_384_interlaced_adam7.png', 384, 256],
    ['kodim23_lossy.webp', 768, 512],
    ['kodim23_384_lossless_alpha.webp', 384, 256],
    ['animated_3frames.webp', 384, 256],
    ['animated_2frames_apng.png', 192, 128],
    ['tiny_1x1.png', 1, 1],
    ['tiny_1x1.jpg', 1, 1],
    ['extreme_aspect_8000x2.png', 8000, 2],
    ['over_ios_canvas_4097x4096.jpg', 4097, 4096],
    ['phone_24mp_6000x4000.jpg', 6000, 4000],
  ])('%s', async (name, width, height) => {
    const taken = await intake(await fixture(`generated-edge-cases/${name}`), EDITOR_FORMATS, {
      bitmap: true,
    });
    expect(taken.bitmap).not.toBeNull();
    expect(taken.warning).toBeUndefined();
    expect([taken.original.width, taken.original.height]).toEqual([width, height]);
    taken.bitmap?.close();
  });
});

const MALFORMED: [string, string][] = [
  ['empty_0_bytes.jpg', 'Failed to load image file'],
  ['random_4096_bytes.jpg', 'Failed to load image file'],
  ['text_pretending.png', 'Failed to load image file'],
  ['truncated_50pct.jpg', 'Failed to load image file'],
  ['truncated_header_only_1kb.jpg', 'Failed to load image file'],
  ['missing_eoi.jpg', 'Failed to load image file'],
  ['corrupt_scan_data.jpg', 'Failed to load image file'],
  ['bad_crc_idat.png', 'Failed to load image file'],
];

// The decompression bombs are refused by their headers before any decode, word for word, in
// tests/unit/intake-inspect.test.ts; these files need a real decoder to be found out.
describe('malformed files get their message within 5 s', () => {
  test.each(MALFORMED)('%s: %s', async (name, message) => {
    const started = performance.now();
    await expect(intake(await fixture(`generated-edge-cases/${name}`), LANDING)).rejects.toThrow(message);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('HEIC and HEIF through the landing formats', () => {
  test.each([
    ['heic/kodim23_q60.heic', 768, 512],
    ['heic/kodim04_portrait_q60.heic', 512, 768],
    ['heic/libheif_example.heic', 1280, 854],
  ])('%s decodes upright, %ix%i', async (path, width, height) => {
    const taken = await intake(await fixture(path), LANDING, { bitmap: true });
    expect([taken.format, taken.original.width, taken.original.height]).toEqual(['heif', width, height]);
    taken.bitmap?.close();
  });

  test('the HEIC matches its source photo', async () => {
    const heic = await intake(await fixture('heic/kodim23_q60.heic'), LANDING, { bitmap: true });
    const png = await intake(await fixture('kodak/kodim23.png'), LANDING, { bitmap: true });
    const a = pixelsOf(heic.bitmap!, 384, 256);
    const b = pixelsOf(png.bitmap!, 384, 256);
    // Measured 33.9 dB at this size (quality 60).
    expect(psnr(a, b, 384)).toBeGreaterThanOrEqual(30);
  });

  test("the truncated HEIC gets 'Failed to load image file', and the editor's formats refuse HEIC", async () => {
    await expect(intake(await fixture('heic/kodim23_truncated_60pct.heic'), LANDING)).rejects.toThrow(
      'Failed to load image file',
    );
    await expect(intake(await fixture('heic/kodim23_q60.heic'), EDITOR_FORMATS)).rejects.toThrow(
      'Unsupported file format. Supported formats: JPG, PNG, WEBP.',
    );
  });
});
