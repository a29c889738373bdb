import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type {} from '../../src/editor/editor-test-hooks.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { psnr } from '../reference/metrics.ts';
import { fixturePath } from '../support/images.ts';
import { expect, test } from '../support/fixtures.ts';
import { EditorPage } from '../support/pages.ts';

// The CPU backend's loss is simulated (a reset that drops every texture), as the GPU backends' is.
const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];

/** Marks where the status history stands, and returns what came after the mark. */
async function recordStatuses(page: Page) {
  const from = await page.evaluate(() => window.__retrocam?.statuses().length ?? 0);
  return () => page.evaluate((start) => window.__retrocam?.statuses().slice(start) ?? [], from);
}

/** Lost, then back to ImageReady (the attribute alone reads ImageReady before the loss arrives too). */
async function expectLostThenReady(statusLog: () => Promise<string[]>) {
  await expect
    .poll(
      async () => {
        const seen = await statusLog();
        return seen.includes('ContextLost') && seen.at(-1) === 'ImageReady';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function typeSetting(page: Page, name: string, value: string) {
  const box = page.getByTestId(`setting-${name}`);
  await box.fill(value);
  await box.press('Enter');
}

/** Loads kodim23, commits vibrance 0.8, then applies vibrance -0.5 on top (not committed). */
async function editWithHistory(page: Page) {
  const editor = new EditorPage(page);
  await editor.load('kodak/kodim23.png');
  const original = await editor.pixels();
  await editor.chooseEffect('vibrance');
  await typeSetting(page, 'vibrance', '0.8');
  await editor.settled();
  await page.getByTestId('apply-button').click();
  await editor.settled();
  const committed = await editor.pixels();
  await editor.chooseEffect('vibrance');
  await typeSetting(page, 'vibrance', '-0.5');
  await editor.settled();
  const edited = await editor.pixels();
  return { original, committed, edited };
}

/** The image, the applied effect and the committed history survived: undo still goes back. */
async function expectIntact(page: Page, images: Awaited<ReturnType<typeof editWithHistory>>) {
  const editor = new EditorPage(page);
  await editor.expectShowing(images.edited, 40);
  await expect(page.getByTestId('setting-vibrance')).toHaveValue('-0.5');
  await expect(page.getByTestId('undo-button')).toBeEnabled();
  await page.getByTestId('apply-button').click();
  await editor.settled();
  await page.getByTestId('undo-button').click();
  await editor.settled();
  await editor.expectShowing(images.committed, 40);
  await page.getByTestId('undo-button').click();
  await editor.settled();
  await editor.expectShowing(images.original, 40);
}

for (const engine of ENGINES) {
  test(`a lost ${engine} context is restored with the image and history intact, without user action`, async ({
    page,
    editor,
  }) => {
    await editor.open(engine, 'testHooks=1');
    const images = await editWithHistory(page);
    const statusLog = await recordStatuses(page);
    await page.evaluate(() => window.__retrocam?.testHook('loseContext'));
    await expectLostThenReady(statusLog);
    const log = await statusLog();
    test.info().annotations.push({ type: 'statuses', description: log.join(' -> ') });
    expect(log.indexOf('ContextLost')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('ContextRestoring')).toBeGreaterThan(log.indexOf('ContextLost'));
    expect(log.at(-1)).toBe('ImageReady');
    await expect(page.getByTestId('editor')).toHaveAttribute('data-engine', engine);
    await expectIntact(page, images);
  });
}

test('a worker that crashes is restarted with the image kept, and the user is warned', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2', 'testHooks=1');
  const images = await editWithHistory(page);
  await page.evaluate(() => window.__retrocam?.testHook('crash'));
  const notification = page.getByTestId('notification');
  await expect(notification).toHaveAttribute('data-kind', 'warning');
  await expect(notification).toHaveText(/restarted/);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady', {
    timeout: 30_000,
  });
  await expectIntact(page, images);
});

test('a collage applied as the image survives a worker crash, and undo still goes back to the photo', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2', 'testHooks=1');
  await editor.load('kodak/kodim23.png');
  const photo = await editor.pixels();
  await editor.chooseEffect('collageEffect');
  await expect(page.getByTestId('collage-canvas')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('collage-asset-main-processed-image')).toBeVisible();
  await page.getByTestId('apply-button').click();
  // The worker's ImageReady for the collage closes the collage editor.
  await expect(page.getByTestId('collage-canvas')).toHaveCount(0);
  await editor.settled();
  await expect(page.getByTestId('main-canvas')).toBeVisible();
  const collage = await editor.pixels();
  expect(collage.width === photo.width && collage.height === photo.height && psnr(photo, collage) > 40).toBe(
    false,
  );
  await page.evaluate(() => window.__retrocam?.testHook('crash'));
  await expect(page.getByTestId('notification')).toHaveText(/restarted/);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady', {
    timeout: 30_000,
  });
  // The restored collage, at its own size (a capture of another size never passes).
  await editor.expectShowing(collage, 40);
  await page.getByTestId('undo-button').click();
  await editor.settled();
  await editor.expectShowing(photo, 40);
});

test('a worker that stops answering (it exits, or it hangs) is treated as dead and restarted, each time', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2', 'testHooks=1&workerTimeout=3000');
  for (const action of ['exit', 'hang'] as const) {
    const images = await editWithHistory(page);
    await page.evaluate((a) => window.__retrocam?.testHook(a), action);
    // The next request goes unanswered; after the timeout the editor restarts the worker.
    await page.evaluate(() => {
      void window.__retrocam?.stats();
    });
    await expect(page.getByTestId('notification').filter({ hasText: /restarted/ }), action).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady', {
      timeout: 30_000,
    });
    await expectIntact(page, images);
    // The next round's notice must be its own.
    await editor.closeNotification();
  }
});

test('rapid effect switching and slider changes end on the latest choice, never stuck', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  for (const id of ['ccdEffect', 'pg2016', 'nokiaEffect', 'smartBlur', 'vibrance']) {
    await page.getByTestId(`effect-${id}`).click({ force: true, noWaitAfter: true });
  }
  await editor.settled();
  await expect(page.getByTestId('effect-vibrance')).toHaveAttribute('aria-pressed', 'true');
  const slider = page.getByRole('slider', { name: 'Vibrance' });
  await slider.focus();
  for (let i = 0; i < 30; i++) await slider.press('ArrowRight', { noWaitAfter: true });
  await editor.settled();
  await expect(page.getByTestId('setting-vibrance')).toHaveValue('0.3');
  const shown = await editor.pixels();

  // The same final look, applied once in a fresh page, gives the same image: no stale frame stayed.
  const fresh = await page.context().newPage();
  const freshEditor = new EditorPage(fresh);
  await freshEditor.open('webgl2', 'effect=vibrance&vibrance=0.3');
  await freshEditor.load('kodak/kodim23.png');
  await freshEditor.settled();
  expect(psnr(shown, await freshEditor.pixels())).toBeGreaterThan(40);
  await fresh.close();
});

test('a new image chosen during an apply is loaded afterwards, not lost', async ({ page, editor }) => {
  await editor.open('webgl2', 'testHooks=1');
  await editor.load('kodak/kodim23.png');
  // Choose CCD and, in the same task, the next photo: the worker answers in a later task, so the photo is
  // chosen while the apply runs however fast this machine is (waiting to see ApplyingEffect could miss it).
  const portrait = readFileSync(fixturePath('kodak/kodim04.png')).toString('base64');
  const statusWhenChosen = await page.evaluate((base64) => {
    document.querySelector<HTMLButtonElement>('[data-testid="effect-ccdEffect"]')?.click();
    const status = window.__retrocam?.statuses().at(-1);
    const input = document.querySelector<HTMLInputElement>('[data-testid="editor-upload-input"]');
    if (!input) throw new Error('no upload input');
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    transfer.items.add(new File([bytes], 'kodim04.png', { type: 'image/png' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return status;
  }, portrait);
  expect(statusWhenChosen).toBe('ApplyingEffect');
  await editor.settled();
  // kodim04 is a portrait: the canvas follows its shape once it has loaded.
  await expect
    .poll(async () => {
      const box = await page.getByTestId('main-canvas').boundingBox();
      return box ? box.height > box.width : false;
    })
    .toBe(true);
});

test('failed applies and exports give the spec messages, without stack traces, and the editor goes on', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2', 'testHooks=1');
  await editor.load('kodak/kodim23.png');
  await page.evaluate(() => window.__retrocam?.testHook('failNextApply'));
  await editor.chooseEffect('vibrance');
  const notification = page.getByTestId('notification');
  await expect(notification).toHaveText(/^Image processing failed: /);
  expect(await notification.textContent()).not.toMatch(/\n\s*at |\.ts:\d+/);

  await editor.load('kodak/kodim23.png');
  await editor.settled();
  await page.evaluate(() => window.__retrocam?.testHook('failNextExport'));
  await page.getByTestId('save-button').click();
  await expect(notification).toHaveText('Failed to generate image data.×');
  await editor.chooseEffect('vibrance');
  await editor.settled();
});

test('a WebGPU error scope that its dropped instance cannot answer is a lost device: the apply is restored with the image and history, and no error is shown', async ({
  page,
  editor,
}) => {
  await editor.open('webgpu', 'testHooks=1');
  const images = await editWithHistory(page);
  const statusLog = await recordStatuses(page);
  await page.evaluate(() => window.__retrocam?.testHook('dropInstance'));
  // The next apply's error scopes fail, as Chromium's do once the device's instance is gone.
  await typeSetting(page, 'vibrance', '-0.4');
  await typeSetting(page, 'vibrance', '-0.5');
  await expectLostThenReady(statusLog);
  await editor.settled();
  expect(await statusLog()).not.toContain('WorkerError');
  await expect(page.getByTestId('editor')).not.toHaveAttribute('data-worker-status', 'WorkerError');
  await expectIntact(page, images);
});
