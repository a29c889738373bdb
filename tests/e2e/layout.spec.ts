import { expect, test } from '@playwright/test';
import { canvasBox, fittedCanvasSize } from '../../src/editor/layout.ts';
import { loadFixture, openEditor } from '../support/editor.ts';

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 800, height: 600 },
  { width: 1440, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test(`the canvas follows the layout table at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openEditor(page, 'webgl2');
    await loadFixture(page, 'kodak/kodim23.png');
    const box = await page.getByTestId('main-canvas').boundingBox();
    const expected = fittedCanvasSize(viewport.width, viewport.height, 768, 512);
    const table = canvasBox(viewport.width, viewport.height);
    expect(box?.width).toBeCloseTo(expected.width, 0);
    expect(box?.height).toBeCloseTo(expected.height, 0);
    // Kept to the image's aspect ratio, filling the table's width or height.
    expect(Math.abs(expected.width - table.width) < 1 || Math.abs(expected.height - table.height) < 1).toBe(
      true,
    );
    const list = viewport.width > 991 ? 'effect-vibrance' : 'effect-mobile-vibrance';
    await expect(page.getByTestId(list)).toBeVisible();
    await expect(page.getByTestId('upload-button')).toHaveText(
      viewport.width <= 767 ? 'Upload' : 'Upload New Image',
    );
    await page.screenshot({ path: test.info().outputPath(`editor-${viewport.width}.png`) });
  });
}
