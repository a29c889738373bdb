// Issue 20: whatever happens while the effect engine starts, the photo handed over from the landing page
// is kept and shown, the message names the real cause, and the engine can be tried again.
import type { Page } from '@playwright/test';
import { decodeInBrowser } from '../support/decode.ts';
import { fixtureBase64 } from '../support/images.ts';
import { psnr } from '../reference/metrics.ts';
import { expect, test } from '../support/fixtures.ts';
import { EditorPage, LandingPage } from '../support/pages.ts';

const PHOTO = 'kodak/kodim05.png';

/** Chooses the photo on the landing page and opens the editor with it. */
async function handOver(page: Page) {
  const landing = new LandingPage(page);
  await page.goto('/');
  await landing.choose(PHOTO);
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await page.getByTestId('start-editing').click();
  await expect(page).toHaveURL(/\/editor$/);
}

/** The kept photo is shown (decoded at the processing size: the photo's own here) and the upload prompt is not. */
async function expectPhotoKept(page: Page) {
  const kept = page.getByTestId('kept-photo');
  await expect(kept).toBeVisible();
  await expect(page.getByTestId('upload-overlay')).toHaveCount(0);
  await expect
    .poll(() =>
      kept.locator('img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
    )
    .toEqual([768, 512]);
}

/** The photo as the page would draw it at width x height. */
async function photoAt(page: Page, width: number, height: number) {
  const png = await page.evaluate(
    async ([base64, width, height]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes]));
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const out = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < out.length; i += 0x8000)
        text += String.fromCharCode(...out.subarray(i, i + 0x8000));
      return btoa(text);
    },
    [fixtureBase64(PHOTO), width, height] as const,
  );
  return decodeInBrowser(page, Buffer.from(png, 'base64'));
}

/** After Try again, the editor shows the photo that was kept. */
async function expectPhotoLoaded(page: Page) {
  const editor = new EditorPage(page);
  await expect(editor.root).toHaveAttribute('data-worker-status', 'ImageReady', { timeout: 30_000 });
  await expect(page.getByTestId('kept-photo')).toHaveCount(0);
  const shown = await editor.pixels();
  expect(psnr(shown, await photoAt(page, shown.width, shown.height))).toBeGreaterThan(30);
}

test("the engine's code fails to load: the photo is kept, the cause named, and Try again loads it", async ({
  page,
  editor,
}) => {
  const block = (route: { abort: () => Promise<void> }) => route.abort();
  await page.route('**/assets/dispatcher-*.js', block);
  await handOver(page);
  await expect(editor.root).toHaveAttribute('data-worker-status', 'WorkerError');
  await expect(page.getByTestId('notification')).toContainText("the effect engine's code did not load");
  await expectPhotoKept(page);
  await expect(page.getByTestId('kept-photo')).toContainText('could not start');

  await page.unroute('**/assets/dispatcher-*.js', block);
  await page.getByTestId('retry-engine').click();
  await expectPhotoLoaded(page);
});

test('the worker script itself fails, again after each restart: the photo is kept, and Try again loads it', async ({
  page,
  editor,
}) => {
  const block = (route: { abort: () => Promise<void> }) => route.abort();
  await page.route('**/assets/worker-*.js', block);
  await handOver(page);
  // Restarted twice, then given up with the worker's own error.
  await expect(editor.root).toHaveAttribute('data-worker-status', 'WorkerError', { timeout: 30_000 });
  await expect(page.getByTestId('notification')).toContainText('Worker error');
  await expectPhotoKept(page);

  // A photo chosen while the engine is down waits too, in place of the first.
  await editor.upload({
    name: 'second.png',
    mimeType: 'image/png',
    buffer: Buffer.from(fixtureBase64(PHOTO), 'base64'),
  });
  await expectPhotoKept(page);

  await page.unroute('**/assets/worker-*.js', block);
  await page.getByTestId('retry-engine').click();
  await expectPhotoLoaded(page);
});

/**
 * What the editor showed, in order: each change of its status or engine, and each notification's text
 * (recorded in the page from its first moment, so that nothing between two looks is missed).
 */
async function recordEditor(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    const look = () => {
      const editor = document.querySelector('[data-testid=editor]');
      if (editor) {
        const now = `${editor.getAttribute('data-worker-status')} on ${editor.getAttribute('data-engine')}`;
        if (seen.filter((entry) => !entry.startsWith('notice: ')).at(-1) !== now) seen.push(now);
      }
      const notice = document.querySelector('[data-testid=notification] .notification-message');
      const text = notice?.textContent ? `notice: ${notice.textContent}` : null;
      if (text && !seen.includes(text)) seen.push(text);
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
}

/**
 * The photo is chosen while the engine starts, so that it is on screen before the self-test runs (the
 * self-test waits for the worker to be idle): a backend that draws wrong is left with the photo on it.
 */
async function loadWhileStarting(page: Page, editor: EditorPage, breakEngine: string) {
  await page.goto(`/editor?testHooks=1&thumbnails=0&warmUp=0&breakEngine=${breakEngine}`);
  await editor.upload(PHOTO);
}

test('a WebGPU that draws its self-test wrong is left for WebGL2: the photo is right, the user is told once, and the thumbnails are made there', async ({
  page,
  editor,
}) => {
  const seen = await recordEditor(page);
  // The test hook spoils WebGPU's read-back of the self-test, as a GPU that draws black would.
  await loadWhileStarting(page, editor, 'webgpu');
  await expect(editor.root).toHaveAttribute('data-engine', 'webgl2', { timeout: 30_000 });
  await editor.expectStatus('ImageReady', { timeout: 30_000 });
  const notice = await editor.takeNotification('warning');
  expect(notice.text).toBe('WebGPU drew a test picture wrong on this device, so effects run on WebGL2.');
  const shown = await editor.workerPixels();
  expect(psnr(shown, await photoAt(page, shown.width, shown.height))).toBeGreaterThan(35);
  // On screen too, after WebGL2's own self-test (the notice waited for it) drew beside the photo.
  const onScreen = await editor.pixels();
  expect(psnr(onScreen, await photoAt(page, onScreen.width, onScreen.height))).toBeGreaterThan(30);
  // The photo was first shown on WebGPU, then the log replayed on WebGL2; one notice.
  const steps = await seen();
  expect(steps.indexOf('ImageReady on webgpu')).toBeGreaterThanOrEqual(0);
  expect(steps.indexOf('ImageReady on webgl2')).toBeGreaterThan(steps.indexOf('ImageReady on webgpu'));
  expect(steps.filter((step) => step.startsWith('notice: '))).toEqual([`notice: ${notice.text}`]);

  // With thumbnails: the set the photo asked for on WebGPU was never made there (the self-test comes
  // first, and a backend that fails it draws nothing more), so the backend moved to makes them.
  await page.goto('/editor?testHooks=1&warmUp=0&breakEngine=webgpu');
  await editor.upload(PHOTO);
  await expect(editor.root).toHaveAttribute('data-engine', 'webgl2', { timeout: 30_000 });
  await expect(page.getByTestId('thumb-vibrance')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('thumb-ccdEffect')).toBeVisible({ timeout: 60_000 });
});

test('a WebGL2 that draws its self-test wrong too is left for the CPU, and the user is told once', async ({
  page,
  editor,
}) => {
  const seen = await recordEditor(page);
  await loadWhileStarting(page, editor, 'webgpu,webgl2');
  await expect(editor.root).toHaveAttribute('data-engine', 'cpu', { timeout: 60_000 });
  await editor.expectStatus('ImageReady', { timeout: 30_000 });
  const notice = await editor.takeNotification('warning');
  expect(notice.text).toBe(
    'WebGPU and WebGL2 drew a test picture wrong on this device, so effects run on the CPU.',
  );
  const shown = await editor.workerPixels();
  expect(psnr(shown, await photoAt(page, shown.width, shown.height))).toBeGreaterThan(35);
  // WebGL2 was tried in its turn (not told of: it was left too), and the notice came once, at the end.
  const steps = await seen();
  expect(steps).toContain('ImageReady on webgl2');
  expect(steps.filter((step) => step.startsWith('notice: '))).toEqual([`notice: ${notice.text}`]);
});

test('Automatic keeps WebGPU where its self-test draws right', async ({ page, editor }) => {
  // The hook on another backend: WebGPU's self-test runs on SwiftShader too (it is skipped on software
  // adapters otherwise), and passes.
  const passed = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('webgpu: self-test passed'),
    timeout: 30_000,
  });
  await loadWhileStarting(page, editor, 'webgl2');
  await passed;
  await editor.expectStatus('ImageReady');
  await expect(editor.root).toHaveAttribute('data-engine', 'webgpu');
  await expect(page.getByTestId('notification')).toHaveCount(0);
});

/** Vibrance at full on the photo reads under this against it (measured on WebGL2 and CPU: 28.2 dB). */
const EDITED_DB = 31;

test('the user chooses the engine in the editor: the photo and its history move to it', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await expect(page.getByTestId('engine-choice')).toHaveValue('webgl2');
  await editor.load(PHOTO);
  const unedited = await editor.workerPixels();
  await editor.chooseEffect('vibrance');
  await editor.settled('vibrance');
  // Vibrance at its default changes nothing: at full it does, so the history that moves is seen to.
  await editor.typeSetting('vibrance', '1');
  await expect.poll(async () => psnr(await editor.workerPixels(), unedited)).toBeLessThan(EDITED_DB);
  await editor.settled();
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('undo-button')).toBeEnabled();
  await editor.settled();
  const before = await editor.workerPixels();
  // The choice is under the panel's Settings, out of a newcomer's way.
  await editor.openSettings();
  await page.getByTestId('engine-choice').selectOption('cpu');
  await expect(editor.root).toHaveAttribute('data-engine', 'cpu', { timeout: 30_000 });
  await editor.expectStatus('ImageReady', { timeout: 30_000 });
  const after = await editor.workerPixels();
  const moved = psnr(after, before);
  // The edit moved with it: the new engine shows the effect, not the photo without it.
  const unmoved = psnr(after, unedited);
  test.info().annotations.push({
    type: 'PSNR',
    description: `edited ${psnr(before, unedited).toFixed(1)} dB; moved ${moved.toFixed(1)} dB, against the photo ${unmoved.toFixed(1)} dB`,
  });
  expect(moved).toBeGreaterThan(35);
  expect(unmoved).toBeLessThan(EDITED_DB);
  await page.getByTestId('undo-button').click();
  await editor.settled();
  const photo = await editor.workerPixels();
  expect(psnr(photo, await photoAt(page, photo.width, photo.height))).toBeGreaterThan(30);
  expect(psnr(photo, before)).toBeLessThan(EDITED_DB);
  // Back to Automatic: the worker chooses again.
  await page.getByTestId('engine-choice').selectOption('auto');
  await expect(editor.root).toHaveAttribute('data-engine', 'webgpu', { timeout: 30_000 });
});

test("a self-test that cannot run (the CPU's code does not load) is settled once: the backend is kept and the thumbnails come", async ({
  page,
  editor,
}) => {
  // On WebGPU the CPU backend's code is loaded only for the self-test's reference pixels.
  await page.route('**/assets/backend-*.js', (route) => route.abort());
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  // The hook present (none spoilt): the self-test runs on SwiftShader too.
  await page.goto('/editor?testHooks=1&warmUp=0&breakEngine=');
  await editor.upload(PHOTO);
  await editor.expectStatus('ImageReady');
  await expect(page.getByTestId('thumb-vibrance')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('thumb-ccdEffect')).toBeVisible({ timeout: 60_000 });
  await expect(editor.root).toHaveAttribute('data-engine', 'webgpu');
  await expect(page.getByTestId('notification')).toHaveCount(0);
  // Said once, as the self-test's own outcome; no thumbnail was reported as failed.
  const selfTests = logged.filter((text) => text.includes('self-test'));
  expect(selfTests).toHaveLength(1);
  expect(selfTests[0]).toContain('webgpu: self-test could not run');
  expect(selfTests[0]).toContain("the CPU's pixels could not be made");
  expect(logged.filter((text) => text.includes('thumbnail could not be made'))).toEqual([]);
});

test("a link's look comes first: the self-test waits for a photo still decoding and for the look's first frame", async ({
  page,
  editor,
}) => {
  // In order: the worker's self-test line and the editor's first processed frame (ApplyingEffect then
  // ImageReady), each as it happens.
  const events: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('self-test')) events.push('self-test');
  });
  await page.exposeFunction('__firstFrame', () => events.push('first frame'));
  // Automatic with the hook present: the self-test runs on SwiftShader too. The decode starts 2.5 s after
  // the choice, as a large photo's takes on a phone: longer than the worker waits for a photo it has not
  // been told of.
  await page.goto('/editor?testHooks=1&breakEngine=&effect=ccdEffect&decodeDelay=2500');
  await editor.expectStatus('WorkerReady');
  await page.evaluate(() => {
    const root = document.querySelector('[data-testid=editor]')!;
    let applying = false;
    new MutationObserver(() => {
      const status = root.getAttribute('data-worker-status');
      if (status === 'ApplyingEffect') applying = true;
      if (applying && status === 'ImageReady') {
        applying = false;
        (window as unknown as { __firstFrame: () => void }).__firstFrame();
      }
    }).observe(root, { attributes: true, attributeFilter: ['data-worker-status'] });
  });
  await editor.upload(PHOTO);
  await expect.poll(() => events.includes('first frame'), { timeout: 60_000 }).toBe(true);
  await expect.poll(() => events.includes('self-test'), { timeout: 60_000 }).toBe(true);
  expect(events.slice(0, 2)).toEqual(['first frame', 'self-test']);
  await expect(editor.root).toHaveAttribute('data-applied-effect', 'ccdEffect');
});
