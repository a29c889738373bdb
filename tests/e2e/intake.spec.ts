// Spec section 5's intake, through the production build's UI, where the component tier cannot reach: a
// browser that does not apply EXIF orientation itself (every decode patched), a HEIC from the landing page
// to the editor's canvas, and a 108 MP photo. Each orientation by pixels, the formats by their bytes, the
// unusual files and every malformed file or bomb's message are tests/component/intake.test.ts.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { resize } from '../reference/resize.ts';
import { fixturePath } from '../support/images.ts';
import { discardableBytes } from '../support/memory.ts';
import { simulateBrowserWithoutExifOrientation } from '../support/intake.ts';
import { expect, test } from '../support/fixtures.ts';
import { EditorPage } from '../support/pages.ts';

const TAGS = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/** What the canvas shows once the worker is done and the frame holds still. */
async function shown(page: Page): Promise<RgbaImage> {
  const editor = new EditorPage(page);
  await expect(page.getByTestId('processing-overlay')).toHaveCount(0);
  return editor.pixels();
}

/**
 * PSNR over the picture outside its centre, where each fixture prints its own orientation digit (the one
 * part of the pictures that differs on purpose).
 */
function psnrOutsideDigit(a: RgbaImage, b: RgbaImage): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y++) {
    const inBandY = y >= a.height * 0.35 && y < a.height * 0.65;
    for (let x = 0; x < a.width; x++) {
      if (inBandY && x >= a.width * 0.4 && x < a.width * 0.6) continue;
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * 4 + c;
        const d = a.data[i]! - b.data[i]!;
        sum += d * d;
        count++;
      }
    }
  }
  const mse = sum / count;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/**
 * What the worker holds (what it draws on the canvas: read from the worker, not screenshotted, a second
 * less per load; the canvas as the page shows it is checked by the HEIC tests below and the editor flows),
 * scaled to a third as the canvas shows it: each fixture's JPEG noise differs, and at full size it alone
 * takes a right orientation to 29 dB.
 */
async function held(editor: EditorPage): Promise<RgbaImage> {
  const image = await editor.workerPixels();
  const size = { width: Math.round(image.width / 3), height: Math.round(image.height / 3) };
  return resize(image, { ...size, mode: 0 });
}

/** Loads every orientation of one picture and compares each with orientation 1. */
async function checkUpright(page: Page, picture: 'Landscape' | 'Portrait') {
  const editor = new EditorPage(page);
  await editor.load(`exif-orientation/${picture}_1.jpg`);
  const reference = await held(editor);
  const scores: string[] = [];
  for (const tag of TAGS) {
    await editor.load(`exif-orientation/${picture}_${tag}.jpg`);
    const pixels = await held(editor);
    expect([pixels.width, pixels.height], `${picture}_${tag} size`).toEqual([
      reference.width,
      reference.height,
    ]);
    const score = psnrOutsideDigit(reference, pixels);
    scores.push(`${tag}: ${score.toFixed(1)} dB`);
    expect(score, `${picture}_${tag}.jpg against ${picture}_1.jpg`).toBeGreaterThanOrEqual(30);
  }
  await expect(page.getByTestId('notification')).toHaveCount(0);
  // The check can tell: the same picture turned 180 degrees scores far below the threshold.
  const turned = { ...reference, data: reference.data.slice() };
  for (let i = 0, j = reference.data.length - 4; i < reference.data.length; i += 4, j -= 4)
    turned.data.set(reference.data.subarray(j, j + 4), i);
  const wrong = psnrOutsideDigit(reference, turned);
  expect(wrong).toBeLessThan(20);
  scores.push(`upside down: ${wrong.toFixed(1)} dB`);
  test.info().annotations.push({ type: `${picture} PSNR`, description: scores.join(', ') });
}

// Orientation is the intake's (src/intake/orientation.ts), done before any backend sees the image: one
// backend here (a backend that uploaded images turned would fail every pixel test of its own). No
// thumbnails: these twenty loads are about the intake.
const ORIENTATION_EDITOR = 'testHooks=1';

test('a browser that does not apply EXIF orientation itself gets the same upright images', async ({
  page,
  editor,
}) => {
  await simulateBrowserWithoutExifOrientation(page);
  await editor.open('webgl2', ORIENTATION_EDITOR);
  // The simulation works: the decoder now returns Landscape_6 as stored (sideways, 1200x1800).
  const stored = await page.evaluate(
    async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
      return [bitmap.width, bitmap.height];
    },
    readFileSync(fixturePath('exif-orientation/Landscape_6.jpg')).toString('base64'),
  );
  expect(stored).toEqual([1200, 1800]);
  await checkUpright(page, 'Landscape');
  await checkUpright(page, 'Portrait');
});

test.describe('HEIC and HEIF through the landing page', () => {
  test('the HEIC matches its source photo', async ({ page, editor, landing }) => {
    await editor.open('webgl2');
    await editor.load('kodak/kodim23.png');
    const source = await shown(page);
    await page.goto('/');
    await landing.choose('heic/kodim23_q60.heic');
    await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('start-editing').click();
    await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady');
    // A fresh editor: its worker still compiles the prepared effects, so the frame may come a moment late.
    await editor.expectShowing(source, 28);
    const score = psnr(source, await shown(page));
    test.info().annotations.push({ type: 'HEIC q60 vs PNG', description: `${score.toFixed(1)} dB` });
    expect(score).toBeGreaterThanOrEqual(28);
  });
});

test('a 108 MP photo (12000x9000) still loads', async ({ page, landing }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(12000, 9000);
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 12000, 9000);
    gradient.addColorStop(0, '#203060');
    gradient.addColorStop(1, '#f0b040');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 12000, 9000);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 6000, 4500);
    const bytes = new Uint8Array(
      await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.7 })).arrayBuffer(),
    );
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  const buffer = Buffer.from(base64, 'base64');
  expect(buffer.length).toBeLessThan(20 * 1024 * 1024);
  await landing.choose({ name: 'phone-108mp.jpg', mimeType: 'image/jpeg', buffer });
  await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('start-editing').click();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady', {
    timeout: 60_000,
  });
  const pixels = await shown(page);
  expect(pixels.width / pixels.height).toBeCloseTo(12000 / 9000, 1);
  // The white quarter is where it should be: top left bright, bottom right not.
  const at = (x: number, y: number) =>
    pixels.data[(Math.floor(y * pixels.height) * pixels.width + Math.floor(x * pixels.width)) * 4]!;
  expect(at(0.2, 0.2)).toBeGreaterThan(240);
  expect(at(0.8, 0.8)).toBeLessThan(240);
  // Issue 38 point 4: no decode of the whole photo is left in the browser's discardable memory: not the
  // photo shown from the file while the engine started (420 MB), nor the mip chain of the browser's
  // 'high' resize straight from the file (151 MB, kept for up to a minute).
  expect(await discardableBytes(page.context().browser()!)).toBeLessThan(32 * 2 ** 20);
});
