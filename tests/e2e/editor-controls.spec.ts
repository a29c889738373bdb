// Issue 23, points 3 and 4 through the production build: a visible Compare with its 'Before' label, and the
// pinch zoom of a touch screen (CDP touch events). Zoom by click and Ctrl+wheel and the shortcuts with their
// list are in the component tier (tests/component/editor-controls.test.tsx).
import type { Locator, Page } from '@playwright/test';
import { psnr } from '../reference/metrics.ts';
import { expect, test } from '../support/fixtures.ts';
import { EditorPage } from '../support/pages.ts';

/** Where the image point at fractions (fx, fy) of the canvas lies on the page now. */
async function pointOnPage(canvas: Locator, fx: number, fy: number) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the canvas is not shown');
  return { x: box.x + fx * box.width, y: box.y + fy * box.height };
}

/** Expects the image point (fx, fy) to lie within 2 px of the client point. */
async function expectUnder(canvas: Locator, fx: number, fy: number, at: { x: number; y: number }) {
  await expect
    .poll(async () => {
      const now = await pointOnPage(canvas, fx, fy);
      return Math.max(Math.abs(now.x - at.x), Math.abs(now.y - at.y));
    })
    .toBeLessThanOrEqual(2);
}

async function zoomText(page: Page) {
  const indicator = page.getByTestId('zoom-indicator');
  return (await indicator.count()) ? await indicator.textContent() : null;
}

test('Compare: held it shows the image before the effect with a Before label; pressed it switches', async ({
  page,
  editor,
}) => {
  // With thumbnails: without them, headless Chromium kept showing the photo before CCD after the apply had
  // finished (the worker's frame reached the screen only when something else in the page was drawn).
  await editor.open('webgl2', '', { thumbnails: true });
  await editor.load('kodak/kodim23.png');
  const original = await editor.pixels();
  const compare = page.getByTestId('compare-button');
  await expect(compare).toBeDisabled();
  await editor.chooseEffect('ccdEffect');
  await editor.settled('ccdEffect');
  // The screen, not the worker: headless Chromium hands the worker's frame on when the page draws next
  // (a thumbnail arriving), so the processed picture is waited for rather than read once.
  let processed = await editor.pixels();
  await expect
    .poll(async () => psnr(original, (processed = await editor.pixels())), { timeout: 15_000 })
    .toBeLessThan(30);
  await expect(compare).toBeEnabled();
  await expect(page.getByTestId('before-label')).toHaveCount(0);

  // Held: the original and the label, until let go. Each picture is waited for, as the processed one was:
  // the worker's new frame reaches the screen a moment after the label, later on a busy machine.
  const shows = (expected: typeof original) =>
    expect.poll(async () => psnr(expected, await editor.pixels()), { timeout: 15_000 }).toBeGreaterThan(40);
  const box = (await compare.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(400);
  await expect(page.getByTestId('before-label')).toHaveText('Before');
  await shows(original);
  await page.mouse.up();
  await expect(page.getByTestId('before-label')).toHaveCount(0);
  await shows(processed);

  // From the keyboard: a toggle, announced by aria-pressed.
  await compare.focus();
  await page.keyboard.press('Enter');
  await expect(compare).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('before-label')).toBeVisible();
  await shows(original);
  await page.keyboard.press('Enter');
  await expect(compare).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('before-label')).toHaveCount(0);
  await shows(processed);
});

test('on a touch screen two fingers pinch-zoom about their middle and pan', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const editor = new EditorPage(page);
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  const canvas = editor.canvas;
  const cdp = await context.newCDPSession(page);
  const middle = await pointOnPage(canvas, 0.6, 0.5);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
    });
  const fingers = (spread: number, dx = 0) => [
    { x: middle.x - spread + dx, y: middle.y },
    { x: middle.x + spread + dx, y: middle.y },
  ];

  await touch('touchStart', fingers(30));
  for (let spread = 35; spread <= 75; spread += 5) await touch('touchMove', fingers(spread));
  await expect.poll(() => zoomText(page)).toBe('2.5x Zoom');
  await expectUnder(canvas, 0.6, 0.5, middle);

  // Both fingers move 40 px left: the image follows them.
  for (let dx = -10; dx >= -40; dx -= 10) await touch('touchMove', fingers(75, dx));
  await expectUnder(canvas, 0.6, 0.5, { x: middle.x - 40, y: middle.y });
  await touch('touchEnd', []);
  await expect(page.getByTestId('before-label')).toHaveCount(0);
  await context.close();
});
