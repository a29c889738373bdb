import type { Page } from '@playwright/test';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { createImage, type RgbaImage } from '../reference/image.ts';
import { maxAbsoluteError, meanAbsoluteError, psnr } from '../reference/metrics.ts';
import { decodeInBrowser } from '../support/decode.ts';
import { expect, test } from '../support/fixtures.ts';
import { compareInPage, enlargedJpeg, saveBytes } from '../support/large-images.ts';
import type { EditorPage } from '../support/pages.ts';

// The strength of a step (issue 51), through the editor: the look's strength control at 0, 50 and 100,
// held to the photo without the look and to the look at full strength, in the preview and in a save at
// full resolution made in tiles. The photo is larger than the preview's 1080 px, so that the save
// runs on the original, and the tiles are 400 px, so that it takes a dozen of them.

const ENGINES: EngineKind[] = ['webgl2', 'cpu', 'webgpu'];
const TILE_LIMIT = 400;

/** What each check allows, a little past what the backends measure (see the annotations). */
const MIN_PSNR = 50;
/** The preview at 50 against the mean of the preview without the look and at 100: the largest difference. */
const PREVIEW_MAX_ERROR = 2;
/**
 * The save at 50 against the mean of the saves without the look and at 100: the mean difference, in
 * levels (each of the three is a JPEG at quality 90 of its own pixels, so single pixels differ by the
 * codec's error: 0.88 on average, 15 at most, on every backend).
 */
const SAVE_MEAN_ERROR = 1.5;

function mean(a: RgbaImage, b: RgbaImage): RgbaImage {
  const out = createImage(a.width, a.height);
  for (let i = 0; i < out.data.length; i++)
    out.data[i] = Math.round(((a.data[i] ?? 0) + (b.data[i] ?? 0)) / 2);
  return out;
}

/** Sets the strength as a keyboard user does, and waits for the look at that strength on screen. */
async function setStrength(page: Page, editor: EditorPage, value: number) {
  const before = await editor.workerPixels();
  const control = page.getByTestId('look-strength');
  await control.fill(String(value));
  await control.press('Enter');
  await expect(control).toHaveValue(String(value));
  await expect(page).toHaveURL(value === 100 ? /^(?!.*strength=)/ : new RegExp(`strength=${value}(&|$)`));
  // The apply starts a moment after the change: wait until the picture has moved, then for the worker.
  await expect
    .poll(async () => psnr(before, await editor.workerPixels()), { timeout: 30_000 })
    .toBeLessThan(45);
  await editor.settled();
}

async function saveFull(page: Page): Promise<RgbaImage> {
  const { bytes } = await saveBytes(page);
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
  return decodeInBrowser(page, bytes);
}

for (const engine of ENGINES) {
  test(`${engine}: the look's strength gives the photo at 0, the look at 100 and their mean at 50, in the preview and a tiled full-resolution save`, async ({
    page,
    editor,
  }) => {
    test.setTimeout(300_000);
    await editor.open(engine, 'testHooks=1');
    const jpeg = await enlargedJpeg(page, 'kodak/kodim23.png', 1800, 1200);
    await editor.load({ name: 'large.jpg', mimeType: 'image/jpeg', buffer: jpeg }, { timeout: 60_000 });
    await page.getByTestId('save-full-resolution').check();
    await page.evaluate((limit) => window.__retrocam?.setTileLimit(limit), TILE_LIMIT);

    // Without a look: the references for strength 0.
    const previewPhoto = await editor.workerPixels();
    const savedPhoto = await saveFull(page);
    expect([savedPhoto.width, savedPhoto.height]).toEqual([1800, 1200]);

    // A Filters look, as every look starts: at full strength.
    await editor.chooseEffect('pg2016');
    await editor.settled('pg2016');
    const strength = page.getByTestId('look-strength');
    await expect(strength).toHaveValue('100');
    await expect(page.getByRole('slider', { name: 'Strength', exact: true })).toHaveValue('100');
    await expect.poll(async () => psnr(previewPhoto, await editor.workerPixels())).toBeLessThan(30);
    const previewLook = await editor.workerPixels();
    const savedLook = await saveFull(page);
    expect(psnr(savedLook, savedPhoto), 'the look changes the saved photo').toBeLessThan(30);

    await setStrength(page, editor, 0);
    const previewNone = await editor.workerPixels();
    const savedNone = await saveFull(page);

    await setStrength(page, editor, 50);
    const previewHalf = await editor.workerPixels();
    const savedHalf = await saveFull(page);

    await setStrength(page, editor, 100);
    const previewBack = await editor.workerPixels();

    const scores = {
      previewNone: psnr(previewNone, previewPhoto),
      previewBack: psnr(previewBack, previewLook),
      previewHalfWorst: maxAbsoluteError(previewHalf, mean(previewPhoto, previewLook)),
      previewHalfMean: meanAbsoluteError(previewHalf, mean(previewPhoto, previewLook)),
      savedNone: psnr(savedNone, savedPhoto),
      savedHalfMean: meanAbsoluteError(savedHalf, mean(savedPhoto, savedLook)),
      savedHalfWorst: maxAbsoluteError(savedHalf, mean(savedPhoto, savedLook)),
    };
    const shown = Object.entries(scores).map(([name, value]) => `${name} ${value.toFixed(2)}`);
    test.info().annotations.push({ type: engine, description: shown.join(', ') });
    expect(scores.previewNone, 'preview at 0 against the photo').toBeGreaterThanOrEqual(MIN_PSNR);
    expect(scores.previewBack, 'preview at 100 against the look as chosen').toBeGreaterThanOrEqual(MIN_PSNR);
    expect(scores.previewHalfWorst, 'preview at 50 against the mean').toBeLessThanOrEqual(PREVIEW_MAX_ERROR);
    expect(scores.savedNone, 'save at 0 against the photo saved').toBeGreaterThanOrEqual(MIN_PSNR);
    expect(scores.savedHalfMean, 'save at 50 against the mean of the saves').toBeLessThanOrEqual(
      SAVE_MEAN_ERROR,
    );
  });
}

test('a camera look (CCD: its own resolution, so the save runs it scaled, a stage at a time) at strength 50 saves at full resolution as the preview shows it', async ({
  page,
  editor,
}) => {
  test.setTimeout(300_000);
  await editor.open('webgl2', 'testHooks=1');
  const jpeg = await enlargedJpeg(page, 'kodak/kodim23.png', 1800, 1200);
  await editor.load({ name: 'large.jpg', mimeType: 'image/jpeg', buffer: jpeg }, { timeout: 60_000 });
  await editor.chooseEffect('ccdEffect');
  await editor.settled('ccdEffect');
  await setStrength(page, editor, 50);
  const preview = await saveBytes(page);
  await page.getByTestId('save-full-resolution').check();
  const full = await saveBytes(page);
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
  const comparison = await compareInPage(page, full.bytes, preview.bytes);
  test.info().annotations.push({
    type: 'full resolution against the preview save scaled up',
    description: `${comparison.width}x${comparison.height}: ${comparison.psnr.toFixed(2)} dB`,
  });
  expect([comparison.width, comparison.height]).toEqual([1800, 1200]);
  // 44.12 dB measured.
  expect(comparison.psnr).toBeGreaterThanOrEqual(40);
});
