import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { decodeInBrowser } from './decode.ts';
import { fixturePath } from './images.ts';

/** Opens /editor on a backend (with extra query options) and waits for the worker. */
export async function openEditor(page: Page, engine: EngineKind, query = '') {
  await page.goto(`/editor?engine=${engine}${query ? `&${query}` : ''}`);
  const editor = page.getByTestId('editor');
  await expect(editor).toHaveAttribute('data-worker-status', 'WorkerReady');
  await expect(editor).toHaveAttribute('data-engine', engine);
  return editor;
}

/** Loads a fixture through the editor's file input and waits until it is ready. */
export async function loadFixture(page: Page, relative: string) {
  await page.getByTestId('editor-upload-input').setInputFiles(fixturePath(relative));
  await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady');
}

/** Waits until the worker has settled after a change (no apply pending or running). */
export async function settled(page: Page) {
  await expect(page.getByTestId('processing-overlay')).toHaveCount(0);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady');
}

/** Clicks Save and returns the decoded download. */
export async function save(page: Page): Promise<RgbaImage & { type: string; name: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('save-button').click(),
  ]);
  const decoded = await decodeInBrowser(page, readFileSync(await download.path()));
  return { ...decoded, name: download.suggestedFilename() };
}

/** One element screenshot of the main canvas, decoded by the browser. */
async function captureCanvas(page: Page): Promise<RgbaImage> {
  const png = await page.getByTestId('main-canvas').screenshot();
  return decodeInBrowser(page, png);
}

/** PSNR of two captures, or -Infinity where their sizes differ (a canvas not yet drawn at its size). */
function psnrOrNone(a: RgbaImage, b: RgbaImage): number {
  return a.width === b.width && a.height === b.height ? psnr(a, b) : -Infinity;
}

/**
 * What the main canvas shows once it holds still, as pixels. The worker reports ImageReady when it has drawn
 * its frame; the page shows that frame a little later, later still on a busy machine. So captures repeat
 * until two in a row agree.
 */
export async function canvasPixels(page: Page): Promise<RgbaImage> {
  let last = await captureCanvas(page);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const next = await captureCanvas(page);
    if (psnrOrNone(last, next) > 60) return next;
    last = next;
  }
  return last;
}

/**
 * Expects the main canvas to come to show `expected` (PSNR above `minDb`) within `timeout`: after a worker
 * restart or a context loss the canvas may hold nothing for a moment before the restored frame arrives.
 */
export async function expectCanvasLike(page: Page, expected: RgbaImage, minDb: number, timeout = 15_000) {
  await expect
    .poll(async () => psnrOrNone(expected, await captureCanvas(page)), { timeout })
    .toBeGreaterThan(minDb);
}
