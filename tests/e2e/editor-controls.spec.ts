// Issue 23, points 3, 4 and 7: a visible Compare with its 'Before' label, zoom about the pointer (click,
// Ctrl+wheel, pinch), and shortcuts that work wherever focus is not in a text field, with their list.
import type { Locator, Page } from '@playwright/test';
import { psnr } from '../reference/metrics.ts';
import { expect, test } from '../support/fixtures.ts';
import { EditorPage } from '../support/pages.ts';

/** Longer than the number box's typing debounce (300 ms, product spec section 9). */
const TYPING_PAUSE_MS = 500;

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

test('a click zooms 1 -> 1.5 -> 2 -> 1 about the clicked point; Ctrl+wheel zooms towards the pointer', async ({
  page,
  editor,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  const canvas = editor.canvas;
  const click = await pointOnPage(canvas, 0.85, 0.8);

  await page.mouse.click(click.x, click.y);
  await expect(page.getByTestId('zoom-indicator')).toHaveText('1.5x Zoom');
  await expectUnder(canvas, 0.85, 0.8, click);
  await page.mouse.click(click.x, click.y);
  await expect(page.getByTestId('zoom-indicator')).toHaveText('2x Zoom');
  await expectUnder(canvas, 0.85, 0.8, click);
  await page.mouse.click(click.x, click.y);
  await expect(page.getByTestId('zoom-indicator')).toHaveCount(0);

  // Ctrl+wheel in steps, towards an image point near the top left.
  const at = await pointOnPage(canvas, 0.2, 0.25);
  await page.mouse.move(at.x, at.y);
  await page.keyboard.down('Control');
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -60);
  await page.keyboard.up('Control');
  await expect.poll(() => zoomText(page)).toMatch(/^[\d.]+x Zoom$/);
  const level = Number((await zoomText(page))!.split('x')[0]);
  expect(level).toBeGreaterThan(3);
  await expectUnder(canvas, 0.2, 0.25, at);
  // The page itself did not zoom.
  expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
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

test('shortcuts: a key for every effect wherever focus is not in a text field, Enter applies, ? lists them', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  const pressed = (id: string) => expect(editor.effectButton(id)).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('5');
  await pressed('ccdEffect');
  await editor.settled();
  // With an effect button focused, the digits still choose effects.
  await editor.effectButton('ccdEffect').focus();
  await page.keyboard.press('0');
  await pressed('vibrance');
  await editor.settled();
  await page.keyboard.press('6');
  await pressed('nokiaEffect');
  await editor.settled();
  // In a text field a digit is typed, not a shortcut.
  const resolution = editor.setting('jpeg_longSidePixels');
  await resolution.fill('');
  // A pause after clearing the box (a debounce's worth) leaves it empty: the old value does not come back
  // under the caret (then '48' read '16048', clamped to 1080, under load).
  await page.waitForTimeout(TYPING_PAUSE_MS);
  await expect(resolution).toHaveValue('');
  await resolution.press('4');
  await page.waitForTimeout(TYPING_PAUSE_MS);
  await expect(resolution).toHaveValue('4');
  await resolution.press('8');
  await pressed('nokiaEffect');
  // Enter in a text field takes the value; it does not apply.
  await resolution.press('Enter');
  await editor.settled();
  await expect(resolution).toHaveValue('48');
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName('Undo');

  // Enter on the focused canvas applies (Space zooms).
  await editor.canvas.locator('..').focus();
  await page.keyboard.press('Enter');
  expect((await editor.takeNotification('info')).text).toBe('Applied Nokia.');
  await editor.canvas.locator('..').focus();
  await page.keyboard.press(' ');
  await expect(page.getByTestId('zoom-indicator')).toHaveText('1.5x Zoom');

  await page.keyboard.press('?');
  const dialog = page.getByTestId('shortcuts-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Vibrance');
  await expect(dialog).toContainText('Keyboard shortcuts');
  // While the list is open, keys are its own.
  await page.keyboard.press('3');
  await expect(editor.effectButton('collageEffect')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByTestId('shortcuts-button').click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
