// The privacy promise, proven: nothing goes to another origin on the whole journey and no CSP rule breaks
// (the policy itself, our own origin only, is held by tests/unit/security-headers.test.ts), and a saved
// photo carries no EXIF, XMP or GPS.
import { readFileSync } from 'node:fs';
import exifr from 'exifr';
import { allTags } from '../support/metadata.ts';
import { EFFECTS } from '../../src/effects/index.ts';
import { fixturePath } from '../support/images.ts';
import { jpegSegments } from '../support/intake.ts';
import { expect, test } from '../support/fixtures.ts';

// The service worker's own requests count too.
test.use({ serviceWorkers: 'allow' });

test('the whole journey sends no request to another origin, and breaks no CSP rule', async ({
  page,
  context,
  baseURL,
  editor,
  landing,
}) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });

  await page.goto('/');
  await page.getByTestId('contact-button').click();
  await page.keyboard.press('Escape');
  await landing.choose('heic/kodim23_q60.heic');
  await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('cancel-upload').click();
  await landing.choose('kodak/kodim23.png');
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await page.getByTestId('start-editing').click();
  await expect(editor.root).toHaveAttribute('data-worker-status', 'ImageReady');
  for (const effect of EFFECTS) {
    await page.getByTestId(`effect-${effect.id}`).click();
    await editor.settled();
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('save-button').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.jpg$/);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();

  const elsewhere = requests.filter((url) => !/^(blob|data):/.test(url) && new URL(url).origin !== origin);
  test.info().annotations.push({ type: 'requests', description: `${requests.length}, all to ${origin}` });
  expect(requests.length).toBeGreaterThan(10);
  expect(elsewhere).toEqual([]);
  expect(violations).toEqual([]);
});

test('a saved photo carries no EXIF, XMP or GPS from the original', async ({ page, editor }) => {
  const original = readFileSync(fixturePath('libavif-metadata/apple_gainmap_new.jpg'));
  // The source does carry them, so the check below means something.
  const sourceIds = jpegSegments(original).map((s) => s.id);
  expect(sourceIds.some((id) => id.startsWith('Exif'))).toBe(true);
  const sourceTags = (await exifr.parse(original, { gps: true, xmp: true })) as Record<string, unknown>;
  expect(Object.keys(sourceTags).filter((key) => key.startsWith('GPS')).length).toBeGreaterThan(5);
  expect(sourceTags.Model).toBe('iPhone 13 mini');

  await editor.open('webgl2');
  await editor.load('libavif-metadata/apple_gainmap_new.jpg');
  for (const effectId of [null, 'vibrance']) {
    if (effectId) {
      await page.getByTestId(`effect-${effectId}`).click();
      await editor.settled();
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('save-button').click(),
    ]);
    const saved = readFileSync(await download.path());
    expect(saved.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const segments = jpegSegments(saved);
    const app1 = segments.filter((s) => s.marker === 0xe1);
    expect(app1, 'no APP1 segment (EXIF or XMP)').toEqual([]);
    // No IPTC (APP13) or MPF gain map (APP2 "MPF") either, and no GPS or XMP text anywhere.
    expect(segments.filter((s) => s.marker === 0xed)).toEqual([]);
    expect(segments.some((s) => s.id.startsWith('MPF'))).toBe(false);
    for (const text of ['Exif', 'http://ns.adobe.com/xap', 'iPhone']) {
      expect(saved.includes(Buffer.from(text)), text).toBe(false);
    }
    // And a metadata reader finds nothing at all.
    expect(await exifr.parse(saved, { gps: true, xmp: true, iptc: true })).toBeUndefined();
    // Only the sRGB profile (colour, not metadata: issue 36), so that every viewer shows these colours.
    const profiles = segments.filter((s) => s.marker === 0xe2 && s.id.startsWith('ICC_PROFILE'));
    expect(profiles).toHaveLength(1);
    const icc = (await exifr.parse(saved, { icc: true, tiff: false, jfif: false })) as Record<
      string,
      unknown
    >;
    expect(icc.ProfileDescription).toBe('sRGB');
  }
});

test("with 'Keep the date taken', a save carries the photo's date and offset, and nothing else", async ({
  page,
  editor,
}) => {
  const original = readFileSync(fixturePath('libavif-metadata/apple_gainmap_new.jpg'));
  const source = (await exifr.parse(original, {
    tiff: false,
    exif: true,
    pick: ['DateTimeOriginal', 'OffsetTimeOriginal'],
    reviveValues: false,
  })) as Record<string, unknown>;
  expect(source.DateTimeOriginal).toMatch(/^\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2}$/);
  // The photo has both, so that the offset is checked whatever the fixture: a save without it fails.
  expect(source.OffsetTimeOriginal).toMatch(/^[+-]\d{2}:\d{2}$/);
  await editor.open('webgl2');
  await editor.load('libavif-metadata/apple_gainmap_new.jpg');
  const keep = page.getByTestId('save-keep-date');
  await expect(keep).not.toBeChecked();
  await expect(page.getByText('Keep the date taken')).toBeVisible();
  await keep.check();
  await page.getByTestId('effect-vibrance').click();
  await editor.settled('vibrance');
  // The 1080 px save and the full-resolution one.
  for (const full of [false, true]) {
    if (full) await page.getByTestId('save-full-resolution').check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('save-button').click(),
    ]);
    const saved = readFileSync(await download.path());
    const tags = await allTags(saved);
    expect(tags, full ? 'full resolution' : '1080 px').toEqual({
      DateTimeOriginal: source.DateTimeOriginal,
      OffsetTimeOriginal: source.OffsetTimeOriginal,
    });
    expect(saved.includes(Buffer.from('iPhone')), 'no camera').toBe(false);
    await editor.closeNotification();
  }
});
