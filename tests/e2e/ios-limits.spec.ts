// The iOS limits mode (`?deviceLimits=ios`, testing contract; issue 36): on any browser, a canvas over
// 16,777,216 pixels fails as iOS Safari fails it, on the page and in the effect worker, and the engine
// keeps its textures to 4096 a side. Given on the landing page, it holds in the editor it leads to.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { CANVAS_LIMIT_MESSAGE } from '../../src/engine/device-limits.ts';
import { compareInPage, enlargedJpeg, saveBytes } from '../support/large-images.ts';
import { jpegSize } from '../support/jpeg.ts';
import { canMeasureMemory, sampleTabMemory } from '../support/memory.ts';
import { expect, test } from '../support/fixtures.ts';

/** What the page's canvases do at the cap and one pixel row past it. */
function canvases(page: Page) {
  return page.evaluate(async () => {
    const fits = new OffscreenCanvas(4096, 4096);
    const over = new OffscreenCanvas(4097, 4096);
    const element = document.createElement('canvas');
    element.width = 4097;
    element.height = 4096;
    const grown = new OffscreenCanvas(16, 16);
    grown.getContext('2d');
    grown.width = 5000;
    grown.height = 5000;
    return {
      fits: fits.getContext('2d') !== null,
      over: over.getContext('2d') !== null,
      element: element.getContext('2d') !== null,
      grownEncodes: await grown.convertToBlob().then(
        () => true,
        () => false,
      ),
    };
  });
}

test('under ?deviceLimits=ios a canvas past 16,777,216 pixels fails as on iOS, and nowhere else', async ({
  page,
  editor,
  landing,
}) => {
  await editor.open('webgl2', 'deviceLimits=ios');
  expect(await canvases(page)).toEqual({ fits: true, over: false, element: false, grownEncodes: false });

  // Without the mode, the desktop's own limits.
  await editor.open('webgl2');
  expect(await canvases(page)).toEqual({ fits: true, over: true, element: true, grownEncodes: true });

  // Given on the landing page, the editor it leads to keeps it.
  await landing.open('deviceLimits=ios');
  await landing.choose('kodak/kodim23.png');
  await page.getByTestId('start-editing').click();
  await editor.expectStatus('ImageReady');
  expect(new URL(page.url()).pathname).toBe('/editor');
  expect((await canvases(page)).over).toBe(false);
});

/** Fails the test on any canvas the page or its workers made past the cap (the mode's warning). */
function watchCanvasLimit(page: Page): () => string[] {
  const refused: string[] = [];
  const listen = (message: { text(): string }) => {
    if (message.text().includes(CANVAS_LIMIT_MESSAGE)) refused.push(message.text());
  };
  page.on('console', listen);
  return () => refused;
}

test('under ?deviceLimits=ios a photo one row past the cap saves at full resolution, in strips', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  const refused = watchCanvasLimit(page);
  await editor.open('webgl2', 'deviceLimits=ios');
  await editor.load('generated-edge-cases/over_ios_canvas_4097x4096.jpg');
  await editor.chooseEffect('vibrance');
  await editor.settled();
  await page.getByTestId('save-full-resolution').check();
  const file = await saveBytes(page);
  expect(jpegSize(file.bytes)).toEqual({ width: 4097, height: 4096 });
  expect(refused()).toEqual([]);
});

test('under ?deviceLimits=ios a 48 MP photo with CCD saves at its full size, with the look of its preview', async ({
  page,
  editor,
}) => {
  test.setTimeout(300_000);
  // The photo is made before the mode is on: making it takes a canvas of its whole size.
  await page.goto('/');
  const photo = await enlargedJpeg(page, 'kodak/kodim23.png', 8064, 6048);
  const refused = watchCanvasLimit(page);
  await editor.open('webgl2', 'deviceLimits=ios');
  // Issue 36 point 3: loaded, edited with CCD and saved, within 1.2 GB for every process of the browser.
  expect(canMeasureMemory(), 'needs /proc to read process memory').toBe(true);
  const memory = sampleTabMemory(200, true);
  await editor.load({ name: 'iphone-48mp.jpg', mimeType: 'image/jpeg', buffer: photo }, { timeout: 120_000 });
  await editor.chooseEffect('ccdEffect');
  await editor.settled();
  const preview = await saveBytes(page);
  await page.getByTestId('save-full-resolution').check();
  const started = Date.now();
  const full = await saveBytes(page);
  const ms = Date.now() - started;
  const peak = memory.stop();
  expect(jpegSize(full.bytes)).toEqual({ width: 8064, height: 6048 });
  // The comparison reads both files through strip canvases, within the cap too.
  const comparison = await compareInPage(page, full.bytes, preview.bytes);
  test.info().annotations.push({
    type: '48 MP in iOS mode',
    description: `${(full.bytes.length / 1e6).toFixed(1)} MB in ${ms} ms, the browser's processes at most ${(peak / 2 ** 20).toFixed(0)} MB; PSNR ${comparison.psnr.toFixed(2)} dB against the preview's save scaled up`,
  });
  expect(comparison.psnr).toBeGreaterThanOrEqual(35);
  expect(peak).toBeGreaterThan(100 * 2 ** 20);
  expect(peak).toBeLessThan(1.2 * 2 ** 30);
  expect(refused()).toEqual([]);
});

test('under ?deviceLimits=ios a batch of three 24 MP photos saves them at full size, and a collage of one saves', async ({
  page,
  editor,
}) => {
  test.setTimeout(400_000);
  await page.goto('/');
  const photos: { name: string; mimeType: string; buffer: Buffer }[] = [];
  for (const [index, fixture] of ['kodim23', 'kodim05', 'kodim20'].entries()) {
    const buffer = await enlargedJpeg(page, `kodak/${fixture}.png`, 5712, 4284);
    photos.push({ name: `IMG_000${index + 1}.jpg`, mimeType: 'image/jpeg', buffer });
  }
  const refused = watchCanvasLimit(page);
  await editor.open('webgl2', 'deviceLimits=ios');
  await editor.loadWith(() => editor.uploadInput.setInputFiles(photos), { timeout: 120_000 });
  await expect(page.getByTestId('batch-panel')).toContainText('3 photos');
  await editor.chooseEffect('ccdEffect');
  await editor.settled();
  const started = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 300_000 }),
    page.getByTestId('batch-apply').click(),
  ]);
  const ms = Date.now() - started;
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const sizes = await Promise.all(
    photos.map(async ({ name }) => {
      const entry = zip.file(name.replace('.jpg', '_ccdEffect.jpg'));
      expect(entry, name).not.toBeNull();
      return jpegSize(await entry!.async('uint8array'));
    }),
  );
  expect(sizes).toEqual(photos.map(() => ({ width: 5712, height: 4284 })));
  test.info().annotations.push({ type: 'batch of three 24 MP in iOS mode', description: `${ms} ms` });

  // A collage of the first: it is made at the preview's size, and its save says so.
  await editor.loadWith(() => editor.uploadInput.setInputFiles(photos[0]!), { timeout: 120_000 });
  await editor.chooseEffect('collageEffect');
  await expect(page.getByTestId('collage-canvas')).toHaveAttribute('aria-busy', 'false');
  await page.getByTestId('apply-button').click();
  await editor.settled();
  await page.getByTestId('save-full-resolution').check();
  const collage = await saveBytes(page);
  expect(Math.max(...Object.values(jpegSize(collage.bytes)))).toBe(1080);
  expect(refused()).toEqual([]);
});
