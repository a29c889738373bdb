import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { RgbaImage } from '../reference/image.ts';
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

/** What the main canvas shows, as pixels (an element screenshot decoded by the browser). */
export async function canvasPixels(page: Page): Promise<RgbaImage> {
  const png = await page.getByTestId('main-canvas').screenshot();
  return decodeInBrowser(page, png);
}
