// The spec's error catalogue (section 8), path by path, through the real app: each failure is caused the way
// a browser or a device would cause it, and the user gets the catalogue's message, never a stack trace.
// (Paths that cannot be caused from a page: 'Canvas element unavailable.', 'Collage editor not ready.',
// 'Image processor not ready.', 'Unknown worker error', 'Worker reported an error status.', 'Cannot commit:
// Worker not available.' and 'Failed to commit collage: ...' are reached by the unit tests.)
import type { Page } from '@playwright/test';
import type {} from '../../src/editor/editor-test-hooks.ts';
import { expect, test } from '../support/fixtures.ts';
import { EditorPage } from '../support/pages.ts';

const notification = (page: Page) => page.getByTestId('notification');

/** The notification's message, checked to be one line of plain words. */
async function message(page: Page, kind: 'error' | 'warning'): Promise<string> {
  await expect(notification(page)).toHaveAttribute('data-kind', kind);
  const text = (await notification(page).locator('.notification-message').textContent()) ?? '';
  expect(text).not.toMatch(/\n|\s+at\s+\S+\s*\(|\.(ts|js):\d+|Error:\s*Error/);
  return text;
}

async function startFails(page: Page, expected: string | RegExp) {
  const editor = new EditorPage(page);
  await page.goto('/editor');
  await expect(editor.root).toHaveAttribute('data-worker-status', 'WorkerError');
  expect(await message(page, 'error')).toMatch(expected);
}

test.describe('the engine cannot start', () => {
  test('no OffscreenCanvas', async ({ page }) => {
    await page.addInitScript(() => {
      delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
    });
    await startFails(page, 'OffscreenCanvas not supported. Cannot initialize effect engine.');
  });

  test('the canvas cannot be transferred', async ({ page }) => {
    await page.addInitScript(() => {
      HTMLCanvasElement.prototype.transferControlToOffscreen = () => {
        throw new DOMException('Cannot transfer control from a canvas that has a rendering context.');
      };
    });
    await startFails(
      page,
      'OffscreenCanvas transfer failed: Cannot transfer control from a canvas that has a rendering context.',
    );
  });

  test('the worker cannot be created', async ({ page }) => {
    await page.addInitScript(() => {
      const Original = window.Worker;
      window.Worker = new Proxy(Original, {
        construct(target, args: ConstructorParameters<typeof Worker>) {
          if (args[1]?.name === 'effect-engine') throw new DOMException('Access to the script is denied.');
          return Reflect.construct(target, args);
        },
      });
    });
    await startFails(page, 'Failed to create Web Worker: Access to the script is denied.');
  });

  test('the worker cannot be given its canvas', async ({ page }) => {
    await page.addInitScript(() => {
      const prototype = Worker.prototype as { postMessage: (this: Worker, ...args: unknown[]) => void };
      const post = prototype.postMessage;
      prototype.postMessage = function (this: Worker, ...args: unknown[]) {
        const data = args[0] as { type?: string } | null;
        if (data?.type === 'init') throw new TypeError('Failed to execute postMessage: out of memory');
        post.apply(this, args);
      };
    });
    await startFails(page, 'Failed to initialize worker resources.');
  });

  test('the worker script keeps failing: restarts stop and the error is shown', async ({ page }) => {
    await page.route(/\/assets\/worker-[^/]*\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: "throw new Error('engine script broken');" }),
    );
    await startFails(page, /^Worker error: .*engine script broken/);
    // It gave up: no endless restarts, and the page still works (the photo button is there).
    await page.waitForTimeout(1000);
    await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'WorkerError');
  });
});

test('a broken image in the editor: the load error, and the editor keeps its photo', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim05.png');
  await editor.upload('generated-edge-cases/missing_eoi.jpg');
  expect(await message(page, 'error')).toBe('Failed to load image file');
  await expect(editor.root).toHaveAttribute('data-worker-status', 'ImageReady');
});

test('the worker cannot hand over its image for the collage', async ({ page, editor }) => {
  await editor.open('webgl2', 'testHooks=1');
  await editor.load('kodak/kodim05.png');
  await page.evaluate(() => window.__retrocam?.testHook('failNextExport'));
  await editor.chooseEffect('collageEffect');
  expect(await message(page, 'error')).toBe(
    'Failed to get image from worker: the read-back failed (test hook)',
  );
});

test('saving fails in the browser: download failed', async ({ page, editor }) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim05.png');
  await page.evaluate(() => {
    URL.createObjectURL = () => {
      throw new DOMException('The object URL could not be created.');
    };
  });
  await page.getByTestId('save-button').click();
  expect(await message(page, 'error')).toBe('Download failed: The object URL could not be created.');
  await expect(page.getByTestId('save-button')).toBeEnabled();
});

test('the collage cannot be encoded: collage download failed', async ({ page, editor }) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim05.png');
  await editor.chooseEffect('collageEffect');
  await expect(page.getByTestId('collage-canvas')).toHaveAttribute('aria-busy', 'false');
  await page.evaluate(() => {
    HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
      callback(null);
    };
  });
  await page.getByTestId('save-button').click();
  expect(await message(page, 'error')).toBe('Collage download failed: the canvas gave no image data');
});

test.describe('on an iPhone with pop-ups blocked', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  test('saving says the new tab could not be opened', async ({ page, editor }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await editor.open('webgl2');
    await editor.load('kodak/kodim05.png');
    await page.getByTestId('save-button').click();
    expect(await message(page, 'error')).toMatch(/^Failed to open image: .*pop-ups/);
    await expect(page.getByTestId('save-button')).toBeEnabled();
  });
});

test('a decoder that cannot turn the picture: basic processing, with the warning', async ({
  page,
  editor,
}) => {
  // Without a 2D OffscreenCanvas in the intake's worker, the intake cannot apply EXIF orientation itself.
  await page.route('**/assets/intake-worker-*.js', async (route) => {
    const original = await route.fetch();
    const body = `OffscreenCanvas.prototype.getContext = () => null;\n${await original.text()}`;
    await route.fulfill({ response: original, body });
  });
  await editor.open('webgl2');
  await editor.upload('exif-orientation/Landscape_6.jpg');
  expect(await message(page, 'warning')).toBe(
    'Image loaded with basic processing. Some orientation issues may occur on older Android devices.',
  );
  await editor.settled();
});
