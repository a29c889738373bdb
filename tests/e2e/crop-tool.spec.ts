// The crop tool (issue 37) through the production build: touch, keyboard only, Cancel and Done. Its axe
// scan and fit at each layout are in the component tier (tests/component/a11y.test.tsx).
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { CropToolPage, EditorPage } from '../support/pages.ts';

const PHOTO = 'kodak/kodim23.png'; // 768 x 512

/** The size of the image the editor holds now (its worker's canvas, `?testHooks=1`). */
async function imageSize(editor: EditorPage): Promise<{ width: number; height: number }> {
  const { width, height } = await editor.workerPixels();
  return { width, height };
}

/** Waits until the image's size is no longer `before`, and returns the new one. */
async function changedSize(editor: EditorPage, before: { width: number; height: number }) {
  await expect
    .poll(async () => {
      const now = await imageSize(editor);
      return now.width !== before.width || now.height !== before.height;
    })
    .toBe(true);
  await editor.settled();
  return imageSize(editor);
}

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('on a phone one finger drags a corner of the frame and resizes it by as much', async ({ browser }) => {
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const editor = new EditorPage(page);
  const crop = new CropToolPage(page);
  await editor.open('webgl2');
  await editor.load(PHOTO);
  await crop.open();
  const before = (await crop.frame.boundingBox())!;
  const start = await centre(crop.handle('se'));
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });

  await touch('touchStart', [start]);
  for (let i = 1; i <= 8; i++) await touch('touchMove', [{ x: start.x - 10 * i, y: start.y - 6 * i }]);
  await touch('touchEnd', []);
  const after = (await crop.frame.boundingBox())!;
  // The free frame's corner followed the finger, 80 by 48 px; the opposite corner stayed.
  expect(after.x).toBeCloseTo(before.x, 0);
  expect(after.y).toBeCloseTo(before.y, 0);
  expect(Math.abs(after.width - (before.width - 80))).toBeLessThan(2);
  expect(Math.abs(after.height - (before.height - 48))).toBeLessThan(2);
  await context.close();
});

test('keyboard only: r opens the tool, Tab reaches the frame, arrows move it, Shift+arrows resize it, Enter crops', async ({
  page,
  editor,
}) => {
  const crop = new CropToolPage(page);
  await editor.open('webgl2');
  await editor.load(PHOTO);
  const before = await imageSize(editor);
  await page.keyboard.press('r');
  await expect(crop.root).toBeVisible();
  await expect(crop.frame).toHaveAttribute('aria-label', 'Crop frame 768 by 512 pixels, at 0, 0');
  await page.keyboard.press('Tab');
  await expect(crop.frame).toBeFocused();
  // A step is 1% of the longer side: 7.68 px. Four steps narrower, three shorter, then two right, one down.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const rect = await crop.frameRect();
  expect(rect).toEqual({ x: 15, y: 8, width: 737, height: 489 });
  await page.keyboard.press('Enter');
  await expect(crop.root).toHaveCount(0);
  const after = await changedSize(editor, before);
  // The preview is made at the photo's own size here: the crop's size in pixels, give or take rounding.
  expect(Math.abs(after.width - (rect.width * before.width) / 768)).toBeLessThanOrEqual(2);
  expect(Math.abs(after.height - (rect.height * before.height) / 512)).toBeLessThanOrEqual(2);
});

test('a preset, a quarter turn and Done crop the image to the turned preset', async ({ page, editor }) => {
  const crop = new CropToolPage(page);
  await editor.open('webgl2');
  await editor.load(PHOTO);
  const before = await imageSize(editor);
  await crop.open();
  await crop.control('aspect-4-5').click();
  await expect(crop.control('aspect-4-5')).toHaveAttribute('aria-pressed', 'true');
  await crop.control('rotate-right').click();
  await expect(crop.control('aspect-turn')).toHaveAttribute('aria-pressed', 'true');
  await crop.control('done').click();
  const after = await changedSize(editor, before);
  // 4:5 of a 768 x 512 photo is 410 x 512; turned clockwise it is 512 x 410.
  expect(after.width / after.height).toBeCloseTo(5 / 4, 1);
  expect(Math.abs(after.width - before.height)).toBeLessThanOrEqual(2);
});

test('Escape cancels: the tool closes and the image keeps its size', async ({ page, editor }) => {
  const crop = new CropToolPage(page);
  await editor.open('webgl2');
  await editor.load(PHOTO);
  const before = await imageSize(editor);
  await crop.open();
  await crop.control('aspect-1-1').click();
  await crop.control('straighten').fill('7.5');
  await expect(crop.frame).not.toHaveAttribute('aria-label', /768 by 512/);
  await page.keyboard.press('Escape');
  await expect(crop.root).toHaveCount(0);
  await editor.settled();
  expect(await imageSize(editor)).toEqual(before);
  await expect(page.getByTestId('crop-button')).toBeFocused();
});
