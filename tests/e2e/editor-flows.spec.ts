import { EFFECTS } from '../../src/effects/index.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { psnr } from '../reference/metrics.ts';
import { fixturePath } from '../support/images.ts';
import { expect, QUICK, test } from '../support/fixtures.ts';
import { EditorPage } from '../support/pages.ts';

const ENGINES: EngineKind[] = ['webgpu', 'webgl2'];
const WORKER_EFFECTS = EFFECTS.filter((effect) => effect.runsOn === 'worker');

for (const engine of ENGINES) {
  test.describe(`editor flows on ${engine}`, () => {
    test('every effect applies; a setting changes by slider and by typing; apply, undo, redo, save', async ({
      page,
      editor,
    }) => {
      await editor.open(engine);
      await editor.load('kodak/kodim23.png');

      for (const effect of WORKER_EFFECTS) {
        await page.getByTestId(`effect-${effect.id}`).click();
        await editor.settled(effect.id);
        await expect(page.getByTestId('notification')).toHaveCount(0);
        await expect(page.getByTestId('apply-button')).toBeEnabled();
      }

      await editor.chooseEffect('vibrance');
      await editor.settled('vibrance');
      const before = await editor.pixels();
      // By slider: the keyboard moves a range input one step at a time.
      const slider = page.getByRole('slider', { name: 'Vibrance' });
      await slider.focus();
      for (let i = 0; i < 20; i++) await slider.press('ArrowRight');
      await editor.settled();
      await expect(page.getByTestId('setting-vibrance')).toHaveValue('0.2');
      // By typing: clamped to the range.
      const box = page.getByTestId('setting-vibrance');
      await box.fill('5');
      await box.press('Enter');
      await expect(box).toHaveValue('1');
      await editor.settled();
      const after = await editor.pixels();
      expect(psnr(before, after)).toBeLessThan(35);

      await page.getByTestId('apply-button').click();
      await editor.settled();
      await expect(page.getByTestId('undo-button')).toBeEnabled();
      await expect(page.getByTestId('apply-button')).toBeDisabled();

      await page.getByTestId('undo-button').click();
      await editor.settled();
      await expect(page.getByTestId('redo-button')).toBeEnabled();
      await editor.expectShowing(before, 40);

      await page.getByTestId('redo-button').click();
      await editor.settled();
      await editor.expectShowing(after, 40);

      const saved = await editor.save();
      expect(saved.type).toBe('image/jpeg');
      expect(Math.max(saved.width, saved.height)).toBe(1080);
      // Named after the last step applied (issue 23), here Vibrance, redone.
      expect(saved.name).toMatch(/^retrocam_vibrance_\d{8}-\d{6}(-\d+)?\.jpg$/);
      await expect(editor.root).toHaveAttribute('data-worker-status', 'ImageReady');
    });

    test(
      'a bad file keeps the previous image and shows the error',
      QUICK(engine),
      async ({ page, editor }) => {
        await editor.open(engine);
        await editor.load('kodak/kodim23.png');
        const before = await editor.pixels();
        await editor.upload('generated-edge-cases/random_4096_bytes.jpg');
        const notification = page.getByTestId('notification');
        await expect(notification).toHaveAttribute('data-kind', 'error');
        await expect(notification).toHaveText(/Failed to load image file/);
        await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady');
        await editor.expectShowing(before, 45);
      },
    );
  });
}

test('an error stays past the 5 s other notices close after, until its close button or the next act', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  const input = page.getByTestId('editor-upload-input');
  await input.setInputFiles(fixturePath('generated-edge-cases/random_4096_bytes.jpg'));
  const notification = page.getByTestId('notification');
  await expect(notification).toHaveAttribute('data-kind', 'error');
  await page.waitForTimeout(6000);
  await expect(notification).toHaveAttribute('data-kind', 'error');
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(notification).toHaveCount(0);

  // The user acting again (a press elsewhere) answers it too.
  await input.setInputFiles(fixturePath('generated-edge-cases/random_4096_bytes.jpg'));
  await expect(notification).toBeVisible();
  await page.getByTestId('upload-overlay').click({ position: { x: 5, y: 5 } });
  await expect(notification).toHaveCount(0);
});

test('a slider moved every frame rewrites the link a few times a second and ends on the last value', async ({
  page,
  editor,
}) => {
  // Safari throws after 100 replaceState calls in 30 s and Chrome ignores those past 200 in 10 s: the
  // editor must not rewrite its URL for every look a fast drag settles.
  await page.addInitScript(() => {
    const calls: number[] = [];
    (window as unknown as { __rewrites: number[] }).__rewrites = calls;
    const replace = history.replaceState.bind(history);
    history.replaceState = (...args: Parameters<History['replaceState']>) => {
      calls.push(performance.now());
      replace(...args);
    };
  });
  await editor.open('webgl2', 'testHooks=1');
  await editor.load('kodak/kodim03.png');
  await editor.chooseEffect('vibrance');
  await editor.settled();
  const slider = page.getByRole('slider', { name: 'Vibrance' });
  await slider.focus();
  const rewrites = () =>
    page.evaluate(() => (window as unknown as { __rewrites: number[] }).__rewrites.slice());
  const before = (await rewrites()).length;
  const statusesBefore = await page.evaluate(() => window.__retrocam?.statuses().length ?? 0);
  const started = Date.now();
  for (let i = 0; i < 60; i++) {
    await slider.press('ArrowRight');
    await page.waitForTimeout(16);
  }
  const elapsed = Date.now() - started;
  await editor.settled();
  await expect(page.getByTestId('setting-vibrance')).toHaveValue('0.6');
  await expect(page).toHaveURL(/vibrance=0\.6(&|$)/);
  const statuses = await page.evaluate(() => window.__retrocam?.statuses() ?? []);
  const applies = statuses.slice(statusesBefore).filter((s) => s === 'ApplyingEffect').length;
  const writes = (await rewrites()).length - before;
  // The drag settled many looks (else this test shows nothing), and the link followed at most one every
  // 400 ms, plus the last once the drag stopped.
  expect(applies).toBeGreaterThan(elapsed / 400 + 3);
  expect(writes).toBeGreaterThan(0);
  expect(writes).toBeLessThanOrEqual(Math.ceil(elapsed / 400) + 2);
});

test('a shared look link reproduces the same output in a fresh page', async ({ page, browser, editor }) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim03.png');
  await editor.chooseEffect('vibrance');
  const box = page.getByTestId('setting-vibrance');
  await box.fill('0.65');
  await box.press('Enter');
  await editor.settled();
  await expect(page).toHaveURL(/effect=vibrance/);
  await expect(page).toHaveURL(/vibrance=0\.65/);
  const link = page.url();
  const first = await editor.save();

  const fresh = await browser.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('editor')).toHaveAttribute('data-worker-status', 'WorkerReady');
  const freshEditor = new EditorPage(fresh);
  await freshEditor.load('kodak/kodim03.png');
  await expect(freshEditor.setting('vibrance')).toHaveValue('0.65');
  await freshEditor.settled();
  const second = await freshEditor.save();
  expect(psnr(first, second)).toBeGreaterThan(50);
  await fresh.close();
});

test('keyboard: digits choose effects, Enter applies, Ctrl+Z undoes, Ctrl+Shift+Z redoes, Ctrl+S saves', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  // Digits 1-9 then 0 follow the Effects list as shown (the collage included); vibrance is the tenth.
  const index = EFFECTS.findIndex((effect) => effect.id === 'smartBlur');
  expect(index).toBeLessThan(9);
  await page.keyboard.press(String(index + 1));
  await expect(page.getByTestId('effect-smartBlur')).toHaveAttribute('aria-pressed', 'true');
  await editor.settled();
  expect(EFFECTS.findIndex((effect) => effect.id === 'vibrance')).toBe(9);
  await page.keyboard.press('0');
  await expect(page.getByTestId('effect-vibrance')).toHaveAttribute('aria-pressed', 'true');
  const box = page.getByTestId('setting-vibrance');
  await box.fill('0.8');
  await box.press('Enter');
  await editor.settled();
  // Enter in the number box commits the value; away from controls it applies the effect.
  await box.blur();
  await page.keyboard.press('Enter');
  await editor.settled();
  await expect(page.getByTestId('undo-button')).toBeEnabled();
  await page.locator('body').press('Control+z');
  await editor.settled();
  await expect(page.getByTestId('redo-button')).toBeEnabled();
  await page.locator('body').press('Control+Shift+z');
  await editor.settled();
  await expect(page.getByTestId('redo-button')).toBeDisabled();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('body').press('Control+s'),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.jpg$/);
});

test('before/after: holding backslash or the canvas shows the image before the effect', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  const original = await editor.pixels();
  await editor.chooseEffect('vibrance');
  const box = page.getByTestId('setting-vibrance');
  await box.fill('1');
  await box.press('Enter');
  await editor.settled();
  const edited = await editor.pixels();
  expect(psnr(original, edited)).toBeLessThan(35);

  await box.blur();
  await page.keyboard.down('\\');
  await editor.expectShowing(original, 45);
  await page.keyboard.up('\\');
  await editor.expectShowing(edited, 45);

  const canvas = page.getByTestId('main-canvas');
  const where = await canvas.boundingBox();
  await page.mouse.move((where?.x ?? 0) + 50, (where?.y ?? 0) + 50);
  await page.mouse.down();
  await editor.expectShowing(original, 45);
  await page.mouse.up();
  await editor.expectShowing(edited, 45);
  // A hold is not a click: the zoom stays.
  await expect(page.getByTestId('zoom-indicator')).toHaveCount(0);
});
