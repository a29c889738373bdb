import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import type { EditorPage } from '../support/pages.ts';
import { CropToolPage } from '../support/pages.ts';

// A crop never makes a frame the engine refuses (under a pixel a side): on photos too thin for the angle
// asked, the tool straightens as far as a frame of a pixel allows and says why. Before, such a frame
// hung the crop until the watchdog restarted the engine (20 s) and the crop was lost. Each case here
// keeps the photo, makes its crop and its Undo at once, and no restart follows.

const RESTARTED = /The effect engine stopped and was restarted/;

/** A PNG of a gradient, painted in the page. */
async function gradientPng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([width, height]) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#c04020');
      gradient.addColorStop(1, '#2060c0');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

async function loadGradient(editor: EditorPage, page: Page, width: number, height: number) {
  const buffer = await gradientPng(page, width, height);
  await editor.load({ name: `gradient-${width}x${height}.png`, mimeType: 'image/png', buffer });
}

async function straighten(page: Page, degrees: number) {
  const input = page.getByTestId('crop-straighten');
  await input.fill(String(degrees));
  await input.press('Tab');
}

/**
 * Done, then the crop is made at once (the engine answers in well under the watchdog's 20 s), the
 * photo is the same one, Undo names the crop, and no restart follows.
 */
async function expectCropKept(page: Page, editor: EditorPage, undoName: string, serial: number) {
  await page.getByTestId('crop-done').click();
  await expect(page.locator('.crop-tool')).toHaveCount(0);
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName(undoName, { timeout: 8_000 });
  await editor.expectStatus('ImageReady', { timeout: 8_000 });
  expect(await editor.photoSerial()).toBe(serial);
  // A refused request would only be noticed by the watchdog: a restart's notice must not come.
  await page.waitForTimeout(2_000);
  await expect(page.getByText(RESTARTED)).toHaveCount(0);
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName(undoName);
  await editor.expectStatus('ImageReady');
}

test('a 1x1 photo straightened 45 degrees stays level, says why, and its flip is a crop with Undo', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await loadGradient(editor, page, 1, 1);
  const serial = await editor.photoSerial();
  const tool = new CropToolPage(page);
  await tool.open();
  await tool.control('flip-h').click();
  await straighten(page, 45);
  await expect(tool.control('angle-note')).toHaveText(/^Too thin to straighten 45°.*It stays level\.$/);
  await expect(tool.control('straighten')).toHaveValue('0');
  expect(await tool.frameRect()).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  await expectCropKept(page, editor, 'Undo Crop', serial);
  const shown = await editor.workerPixels();
  expect(shown.width).toBe(shown.height);
});

test("a 1x4000 photo at 'Original' straightened 45 degrees keeps a frame a pixel wide", async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await loadGradient(editor, page, 1, 4000);
  const serial = await editor.photoSerial();
  const tool = new CropToolPage(page);
  await tool.open();
  await tool.control('aspect-original').click();
  await straighten(page, 45);
  await expect(tool.control('angle-note')).toContainText('Too thin to straighten 45°');
  expect(await tool.frameRect()).toMatchObject({ width: 1, height: 4000 });
  // A quarter turn, so that the crop changes the photo: Done makes a step.
  await tool.control('rotate-right').click();
  await expectCropKept(page, editor, 'Undo Crop Original', serial);
  const shown = await editor.workerPixels();
  expect(shown.width).toBeGreaterThan(shown.height);
});

for (const angle of [45, -45]) {
  test(`a 4000x10 panorama straightened ${angle} degrees turns as far as a frame of a pixel allows`, async ({
    page,
    editor,
  }) => {
    await editor.open('webgl2');
    await loadGradient(editor, page, 4000, 10);
    const serial = await editor.photoSerial();
    const tool = new CropToolPage(page);
    await tool.open();
    await straighten(page, angle);
    await expect(tool.control('angle-note')).toContainText(`Too thin to straighten ${angle}°`);
    const given = Number(await tool.control('straighten').inputValue());
    expect(Math.sign(given)).toBe(Math.sign(angle));
    expect(Math.abs(given)).toBeGreaterThan(0.5);
    expect(Math.abs(given)).toBeLessThan(1.5);
    const frame = await tool.frameRect();
    expect(frame.height).toBeGreaterThanOrEqual(1);
    await expectCropKept(page, editor, 'Undo Crop', serial);
  });
}

test('a look link with angle=1e308 crops a 4000x10 panorama at once, and the link keeps the crop', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2', 'angle=1e308');
  await loadGradient(editor, page, 4000, 10);
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName('Undo Crop', { timeout: 8_000 });
  await editor.expectStatus('ImageReady', { timeout: 8_000 });
  await page.waitForTimeout(2_000);
  await expect(page.getByText(RESTARTED)).toHaveCount(0);
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName('Undo Crop');
  await expect.poll(() => Number(new URL(page.url()).searchParams.get('angle'))).toBeGreaterThan(0.5);
  expect(Number(new URL(page.url()).searchParams.get('angle'))).toBeLessThan(1.5);
});
