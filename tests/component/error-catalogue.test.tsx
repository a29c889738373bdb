// The spec's error catalogue (section 8) in the component tier: the real editor, its engine's start spoilt
// the way a browser or a device would spoil it (no OffscreenCanvas, a canvas that cannot be handed over, a
// worker that cannot be made or given its canvas, a worker script that keeps failing: a stand-in worker),
// and the saves' failures. The user gets the catalogue's message, one line of plain words.
import { describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import EditorPage from '../../src/editor/EditorPage.tsx';
import { editorRoot, loadPhoto, openEditor } from './support/editor.tsx';
import { choose, fixture } from './support/files.ts';
import { renderAt } from './support/render.tsx';
import { failingScript, replaceWorker } from './support/workers.ts';

const notification = () => page.getByTestId('notification');

/** The notification's message, checked to be one line of plain words (no stack trace, no file names). */
async function message(kind: 'error' | 'warning'): Promise<string> {
  await expect.element(notification()).toHaveAttribute('data-kind', kind);
  const text = notification().element().querySelector('.notification-message')?.textContent ?? '';
  expect(text).not.toMatch(/\n|\s+at\s+\S+\s*\(|\.(ts|js):\d+|Error:\s*Error/);
  return text;
}

async function startFails(expected: string | RegExp) {
  renderAt('/editor?engine=cpu', <EditorPage />);
  await expect.element(editorRoot()).toHaveAttribute('data-worker-status', 'WorkerError');
  expect(await message('error')).toMatch(expected);
}

describe('the engine cannot start', () => {
  test("no OffscreenCanvas: 'OffscreenCanvas not supported. Cannot initialize effect engine.'", async () => {
    const prototype = HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>;
    const original = Object.getOwnPropertyDescriptor(prototype, 'transferControlToOffscreen')!;
    delete prototype.transferControlToOffscreen;
    try {
      await startFails(/^OffscreenCanvas not supported\. Cannot initialize effect engine\.$/);
    } finally {
      Object.defineProperty(prototype, 'transferControlToOffscreen', original);
    }
  });

  test("the canvas cannot be transferred: 'OffscreenCanvas transfer failed: <reason>'", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'transferControlToOffscreen').mockImplementation(() => {
      throw new DOMException('Cannot transfer control from a canvas that has a rendering context.');
    });
    await startFails(
      /^OffscreenCanvas transfer failed: Cannot transfer control from a canvas that has a rendering context\.$/,
    );
  });

  test("the worker cannot be created: 'Failed to create Web Worker: <reason>'", async () => {
    replaceWorker('effect-engine', () => {
      throw new DOMException('Access to the script is denied.');
    });
    await startFails(/^Failed to create Web Worker: Access to the script is denied\.$/);
  });

  test("the worker cannot be given its canvas: 'Failed to initialize worker resources.'", async () => {
    const post = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
      this: Worker,
      ...args: unknown[]
    ) {
      if ((args[0] as { type?: string } | null)?.type === 'init')
        throw new TypeError('Failed to execute postMessage: out of memory');
    });
    await startFails(/^Failed to initialize worker resources\.$/);
    expect(post).toHaveBeenCalled();
  });

  test('the worker script keeps failing: the restarts stop and the error is shown', async () => {
    const workers = replaceWorker('effect-engine', failingScript('engine script broken'));
    await startFails(/^Worker error: .*engine script broken/);
    const made = workers.made();
    expect(made).toBeGreaterThan(1);
    // It gave up: a minute of the page's timers later no worker was started again.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(workers.made()).toBe(made);
    expect(editorRoot().element().getAttribute('data-worker-status')).toBe('WorkerError');
  });
});

test("a broken image in the editor: 'Failed to load image file', and the editor keeps its photo", async () => {
  await openEditor();
  await loadPhoto('kodak/kodim05.png');
  const serial = editorRoot().element().getAttribute('data-photo-serial');
  choose(page.getByTestId('editor-upload-input').element() as HTMLInputElement, [
    await fixture('generated-edge-cases/missing_eoi.jpg', 'image/jpeg'),
  ]);
  expect(await message('error')).toBe('Failed to load image file');
  await expect.element(editorRoot()).toHaveAttribute('data-worker-status', 'ImageReady');
  expect(editorRoot().element().getAttribute('data-photo-serial')).toBe(serial);
});

test("the worker cannot hand over its image for the collage: 'Failed to get image from worker: <reason>'", async () => {
  await openEditor();
  await loadPhoto('kodak/kodim05.png');
  window.__retrocam?.testHook('failNextExport');
  await page.getByTestId('effect-collageEffect').click();
  expect(await message('error')).toBe('Failed to get image from worker: the read-back failed (test hook)');
});

test("saving fails in the browser: 'Download failed: <reason>', and Save works again", async () => {
  await openEditor();
  await loadPhoto('kodak/kodim05.png');
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    throw new DOMException('The object URL could not be created.');
  });
  await page.getByTestId('save-button').click();
  expect(await message('error')).toBe('Download failed: The object URL could not be created.');
  await expect.element(page.getByTestId('save-button')).toBeEnabled();
});

test('on an iPhone with pop-ups blocked, saving says the new tab could not be opened', async () => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  );
  vi.spyOn(window, 'open').mockReturnValue(null);
  await openEditor();
  await loadPhoto('kodak/kodim05.png');
  await page.getByTestId('save-button').click();
  expect(await message('error')).toBe(
    'Failed to open image: the browser blocked the new tab. Allow pop-ups for this site, then save again.',
  );
  await expect.element(page.getByTestId('save-button')).toBeEnabled();
});
