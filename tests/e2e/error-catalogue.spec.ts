// The spec's error catalogue (section 8) through the production build, for the two paths that need it:
// the collage's encode (fabric's canvas) and the intake worker's own script. The engine's start, the load
// error and the saves' failures are caused in the component tier (tests/component/error-catalogue.test.tsx)
// against stand-in workers; each failure is caused the way a browser or a device would cause it, and the
// user gets the catalogue's message, never a stack trace.
// (Paths that cannot be caused from a page: 'Canvas element unavailable.', 'Collage editor not ready.',
// 'Image processor not ready.', 'Unknown worker error', 'Worker reported an error status.', 'Cannot commit:
// Worker not available.' and 'Failed to commit collage: ...' are reached by the unit tests.)
import type { Page } from '@playwright/test';
import type {} from '../../src/editor/editor-test-hooks.ts';
import { expect, test } from '../support/fixtures.ts';

const notification = (page: Page) => page.getByTestId('notification');

/** The notification's message, checked to be one line of plain words. */
async function message(page: Page, kind: 'error' | 'warning'): Promise<string> {
  await expect(notification(page)).toHaveAttribute('data-kind', kind);
  const text = (await notification(page).locator('.notification-message').textContent()) ?? '';
  expect(text).not.toMatch(/\n|\s+at\s+\S+\s*\(|\.(ts|js):\d+|Error:\s*Error/);
  return text;
}

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
