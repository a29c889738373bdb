// 'Keep the date taken' and colour on the iPhone's own format. HEICs are made by the test from our
// untagged one: with an Exif item holding an iPhone's own EXIF block (taken from an iPhone JPEG) or
// another camera's, and with an ICC profile whose colorants are all zero. Saves are read back by exifr and
// by the browser's own JPEG decoder.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { expect, test } from '../support/fixtures.ts';
import { jpegExifTiff, prof, withColour, withExif } from '../support/heif.ts';
import { fixturePath } from '../support/images.ts';
import type { EditorPage, LandingPage } from '../support/pages.ts';
import { decodePng } from '../support/png.ts';
import exifr from 'exifr';
import { allTags } from '../support/metadata.ts';

const heic = () => readFileSync(fixturePath('heic/kodim23_q60.heic'));
const iphoneJpeg = () => readFileSync(fixturePath('libavif-metadata/apple_gainmap_new.jpg'));
const pixelJpeg = () => readFileSync(fixturePath('libavif-metadata/paris_exif_xmp_icc.jpg'));
const asHeic = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/heic', buffer });

/** The dates a JPEG's EXIF holds, read by exifr from the JPEG the EXIF block came from. */
const datesOf = async (jpeg: Buffer) =>
  (await exifr.parse(jpeg, {
    pick: ['DateTimeOriginal', 'OffsetTimeOriginal'],
    reviveValues: false,
  })) as Record<string, unknown>;

/** Chooses files on the landing page and opens the editor with them. */
async function openWith(
  landing: LandingPage,
  editor: EditorPage,
  page: Page,
  files: ReturnType<typeof asHeic>[],
) {
  await landing.open('engine=webgl2&testHooks=1');
  await page.getByTestId('upload-input').setInputFiles(files);
  await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('start-editing').click();
  await editor.expectStatus('ImageReady', { timeout: 60_000 });
}

async function saved(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByTestId('save-button').click(),
  ]);
  return readFileSync(await download.path());
}

test("a HEIC's date taken and offset go into its saves, at 1080 px and at full resolution", async ({
  page,
  landing,
  editor,
}) => {
  test.setTimeout(180_000);
  const expected = await datesOf(iphoneJpeg());
  expect(expected).toEqual({ DateTimeOriginal: '2026:01:07 15:20:14', OffsetTimeOriginal: '+01:00' });
  await openWith(landing, editor, page, [
    asHeic('iphone.heic', withExif(heic(), jpegExifTiff(iphoneJpeg()))),
  ]);
  await page.getByTestId('save-keep-date').check();
  for (const full of [false, true]) {
    if (full) await page.getByTestId('save-full-resolution').check();
    const bytes = await saved(page);
    expect(await allTags(bytes), full ? 'full resolution' : '1080 px').toEqual(expected);
    expect(bytes.includes(Buffer.from('iPhone')), 'no camera').toBe(false);
    expect((await editor.takeNotification('success', 30_000)).text).toBe('Download started!');
  }
});

test('a HEIC without a date is saved without one, and the save says so', async ({
  page,
  landing,
  editor,
}) => {
  test.setTimeout(180_000);
  await openWith(landing, editor, page, [asHeic('undated.heic', heic())]);
  await page.getByTestId('save-keep-date').check();
  const bytes = await saved(page);
  expect(await allTags(bytes)).toBeUndefined();
  expect((await editor.takeNotification('warning', 30_000)).text).toBe(
    'Saved without the date taken: the photo does not say when it was taken.',
  );
});

test("'Apply to all' gives each HEIC its own date taken, and counts the photo without one", async ({
  page,
  landing,
  editor,
}) => {
  test.setTimeout(300_000);
  const files = [
    asHeic('iphone.heic', withExif(heic(), jpegExifTiff(iphoneJpeg()))),
    asHeic('pixel.heic', withExif(heic(), jpegExifTiff(pixelJpeg()))),
    { name: 'kodim23.png', mimeType: 'image/png', buffer: readFileSync(fixturePath('kodak/kodim23.png')) },
  ];
  await openWith(landing, editor, page, files);
  await expect(page.getByTestId('batch-panel')).toContainText('3 photos');
  await page.getByTestId('save-keep-date').check();
  await editor.effectButton('vibrance').click();
  await editor.settled();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 240_000 }),
    page.getByTestId('batch-apply').click(),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const entry = async (name: string) => Buffer.from(await zip.files[name]!.async('uint8array'));
  const names = Object.keys(zip.files).sort();
  expect(names).toHaveLength(3);
  const [iphone, png, pixel] = names as [string, string, string];
  expect([iphone, png, pixel].map((n) => n.split('_')[0])).toEqual(['iphone', 'kodim23', 'pixel']);
  expect(await allTags(await entry(iphone))).toEqual(await datesOf(iphoneJpeg()));
  expect(await allTags(await entry(pixel))).toEqual(await datesOf(pixelJpeg()));
  expect(await allTags(await entry(png))).toBeUndefined();
  expect((await editor.takeNotification('warning', 30_000)).text).toBe(
    'Download started! 3 photos, 1 without the date taken.',
  );
});

/** The mean colour of an image file as the browser decodes it. */
function meanColour(page: Page, bytes: Buffer): Promise<number[]> {
  return page.evaluate(async (data) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < pixels.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += pixels[i + c]!;
    return sum.map((s) => s / (pixels.length / 4));
  }, bytes.toString('base64'));
}

test('a HEIC whose ICC profile has all-zero colorants is shown as sRGB, not black', async ({
  page,
  landing,
  editor,
}) => {
  test.setTimeout(180_000);
  // Display P3 with its colorants zeroed.
  const icc = Buffer.from(readFileSync(fixturePath('icc-cc0/DisplayP3-v4.icc')));
  for (let i = 0; i < icc.readUInt32BE(128); i++) {
    const at = 132 + i * 12;
    if (/^[rgb]XYZ$/.test(icc.toString('latin1', at, at + 4))) {
      const offset = icc.readUInt32BE(at + 4);
      icc.fill(0, offset + 8, offset + 20);
    }
  }
  await openWith(landing, editor, page, [asHeic('zero.heic', withColour(heic(), prof(icc)))]);
  const shown = await meanColour(page, await saved(page));
  // The reference: the sRGB photo the HEIC was encoded from, its mean colour computed here.
  const source = decodePng(readFileSync(fixturePath('kodak/kodim23.png')));
  const sum = [0, 0, 0];
  for (let i = 0; i < source.data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += source.data[i + c]!;
  const reference = sum.map((s) => s / (source.width * source.height));
  const rms = Math.sqrt(shown.reduce((total, v, c) => total + (v - reference[c]!) ** 2, 0) / 3);
  const db = 20 * Math.log10(255 / Math.max(rms, 1e-6));
  test.info().annotations.push({
    type: 'zero-colorant HEIC',
    description: `mean ${shown.map((v) => v.toFixed(1)).join(',')} against ${reference.map((v) => v.toFixed(1)).join(',')}: ${db.toFixed(1)} dB`,
  });
  expect(db).toBeGreaterThanOrEqual(45);
});
