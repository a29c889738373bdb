import { canvasBox, fittedCanvasSize, mobileCanvasAreaHeight } from '../../src/editor/layout.ts';
import { expect, test } from '../support/fixtures.ts';

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 800, height: 600 },
  { width: 1440, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test(`the canvas follows the layout table at ${viewport.width}x${viewport.height}`, async ({
    page,
    editor,
  }) => {
    await page.setViewportSize(viewport);
    await editor.open('webgl2');
    await editor.load('kodak/kodim23.png');
    const box = await page.getByTestId('main-canvas').boundingBox();
    const expected = fittedCanvasSize(viewport.width, viewport.height, 768, 512);
    const table = canvasBox(viewport.width, viewport.height);
    expect(box?.width).toBeCloseTo(expected.width, 0);
    expect(box?.height).toBeCloseTo(expected.height, 0);
    // Kept to the image's aspect ratio, filling the table's width or height.
    expect(Math.abs(expected.width - table.width) < 1 || Math.abs(expected.height - table.height) < 1).toBe(
      true,
    );
    const area = await page.getByRole('main', { name: 'Canvas' }).boundingBox();
    if (viewport.width <= 767) {
      // A landscape photo on a portrait phone: the area hugs the photo, and the effects start on the first
      // screen, right under it.
      expect(area?.height).toBeCloseTo(expected.height + 20, 0);
      expect(area!.height).toBeLessThan(0.7 * viewport.height - 1);
      const effects = await page.getByRole('heading', { name: 'Effects' }).last().boundingBox();
      expect(effects!.y + effects!.height).toBeLessThan(viewport.height);
    } else {
      expect(area?.height).toBeCloseTo(viewport.height, 0);
    }
    const list = viewport.width > 991 ? 'effect-vibrance' : 'effect-mobile-vibrance';
    await expect(page.getByTestId(list)).toBeVisible();
    await expect(page.getByTestId('upload-button')).toHaveText(
      viewport.width <= 767 ? 'Upload' : 'Upload New Image',
    );
    // CCD has the longest list of settings; Apply stays on the first screen, on top, whatever the width.
    await page.getByTestId(list.replace('vibrance', 'ccdEffect')).click();
    await expect(page.getByTestId('setting-ccd_bloom_amount')).toBeVisible();
    const apply = await page.getByTestId('apply-button').boundingBox();
    expect(apply!.y + apply!.height).toBeLessThanOrEqual(viewport.height);
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'),
      { x: apply!.x + apply!.width / 2, y: apply!.y + apply!.height / 2 },
    );
    expect(onTop).toBe('apply-button');
    await page.screenshot({ path: test.info().outputPath(`editor-${viewport.width}.png`) });
  });
}

test('on a phone, the canvas area keeps 70 % of the height without a photo and for a tall one', async ({
  page,
  editor,
}) => {
  const viewport = { width: 414, height: 736 };
  await page.setViewportSize(viewport);
  await editor.open('webgl2');
  const area = page.getByRole('main', { name: 'Canvas' });
  expect((await area.boundingBox())?.height).toBeCloseTo(Math.round(0.7 * viewport.height), 0);
  // kodim04 is 512x768: on this phone it is fitted to the table's height, and fills the 70 % band.
  await editor.load('kodak/kodim04.png');
  const canvas = await page.getByTestId('main-canvas').boundingBox();
  const expected = fittedCanvasSize(viewport.width, viewport.height, 512, 768);
  expect(canvas?.height).toBeCloseTo(expected.height, 0);
  expect(expected.height).toBe(Math.floor(canvasBox(viewport.width, viewport.height).height));
  expect((await area.boundingBox())?.height).toBeCloseTo(
    mobileCanvasAreaHeight(viewport.height, expected.height),
    0,
  );
  expect((await area.boundingBox())?.height).toBeCloseTo(Math.round(0.7 * viewport.height), 0);
});
