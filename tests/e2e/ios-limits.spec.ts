// The iOS limits mode (`?deviceLimits=ios`, testing contract; issue 36): on any browser, a canvas over
// 16,777,216 pixels fails as iOS Safari fails it, on the page and in the effect worker, and the engine
// keeps its textures to 4096 a side. Given on the landing page, it holds in the editor it leads to.
import type { Page } from '@playwright/test';
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

test('under ?deviceLimits=ios the effect worker keeps to the cap too', async ({ page, editor }) => {
  test.setTimeout(120_000);
  // A photo one pixel row past the cap. The full-resolution save still puts the whole photo in one canvas
  // (the strip encoder of issue 36 point 2 is to come): in this mode it fails there, as it fails on an
  // iPhone today, with the catalogue's message and nothing lost. Once saves are made in strips, this
  // test is to expect the saved file at 4097 x 4096.
  await editor.open('webgl2', 'deviceLimits=ios');
  await editor.load('generated-edge-cases/over_ios_canvas_4097x4096.jpg');
  await page.getByTestId('save-full-resolution').check();
  await page.getByTestId('save-button').click();
  await expect(editor.notification).toHaveAttribute('data-kind', 'error', { timeout: 60_000 });
  await expect(editor.notification).toContainText('Failed to generate image data.');
  await editor.closeNotification();
  await editor.expectStatus('ImageReady');
});
