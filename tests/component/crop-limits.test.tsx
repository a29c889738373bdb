// A crop never makes a frame the engine refuses (under a pixel a side): on photos too thin for the angle
// asked, the tool straightens as far as a frame of a pixel allows and says why. Before, such a frame
// hung the crop until the watchdog restarted the engine (20 s) and the crop was lost. Each case keeps
// the photo and makes its crop and its Undo at once; then the editor goes idle (no request left for a
// watchdog to time out) with no restart's notice.
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { editorRoot, idle, loadFile, openEditor, workerSize } from './support/editor.tsx';

const RESTARTED = /The effect engine stopped and was restarted/;
const control = (name: string) => page.getByTestId(`crop-${name}`);
const undo = () => page.getByTestId('undo-button');

async function gradient(width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  const fill = context.createLinearGradient(0, 0, width, height);
  fill.addColorStop(0, '#c04020');
  fill.addColorStop(1, '#2060c0');
  context.fillStyle = fill;
  context.fillRect(0, 0, width, height);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return new File([blob], `gradient-${width}x${height}.png`, { type: 'image/png' });
}

async function openTool(width: number, height: number) {
  await openEditor();
  await loadFile(await gradient(width, height));
  await page.getByTestId('crop-button').click();
  await expect.element(page.getByTestId('crop-frame')).toBeVisible();
  return editorRoot().element().getAttribute('data-photo-serial');
}

async function straighten(degrees: number) {
  await control('straighten').fill(String(degrees));
  (control('straighten').element() as HTMLElement).focus();
  await userEvent.keyboard('{Tab}');
}

function frameRect() {
  const label = page.getByTestId('crop-frame').element().getAttribute('aria-label') ?? '';
  const match = /(\d+) by (\d+) pixels, at (-?\d+), (-?\d+)/.exec(label);
  if (!match) throw new Error(`The crop frame's label says no size: ${label}`);
  const [width, height, x, y] = match.slice(1).map(Number) as [number, number, number, number];
  return { x, y, width, height };
}

async function expectCropKept(undoName: string, serial: string | null) {
  await control('done').click();
  await expect.element(page.getByTestId('crop-frame')).not.toBeInTheDocument();
  await expect.element(undo()).toHaveAccessibleName(undoName);
  const report = await idle();
  expect(report).toMatchObject({ status: 'ImageReady', requests: 0 });
  expect(editorRoot().element().getAttribute('data-photo-serial')).toBe(serial);
  expect(document.body.textContent).not.toMatch(RESTARTED);
  await expect.element(undo()).toHaveAccessibleName(undoName);
}

test('a 1x1 photo straightened 45 degrees stays level, says why, and its flip is a crop with Undo', async () => {
  const serial = await openTool(1, 1);
  await control('flip-h').click();
  await straighten(45);
  await expect
    .element(control('angle-note'))
    .toHaveTextContent(/^Too thin to straighten 45°.*It stays level\.$/);
  await expect.element(control('straighten')).toHaveValue(0);
  expect(frameRect()).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  await expectCropKept('Undo Crop', serial);
  expect(await workerSize()).toEqual({ width: 1, height: 1 });
});

test("a 1x4000 photo at 'Original' straightened 45 degrees keeps a frame a pixel wide", async () => {
  const serial = await openTool(1, 4000);
  await control('aspect-original').click();
  await straighten(45);
  await expect.element(control('angle-note')).toHaveTextContent(/Too thin to straighten 45°/);
  expect(frameRect()).toMatchObject({ width: 1, height: 4000 });
  // A quarter turn, so that the crop changes the photo: Done makes a step.
  await control('rotate-right').click();
  await expectCropKept('Undo Crop Original', serial);
  const shown = await workerSize();
  expect(shown.width).toBeGreaterThan(shown.height);
});

test.each([45, -45])(
  'a 4000x10 panorama straightened %i degrees turns as far as a frame of a pixel allows',
  async (angle) => {
    const serial = await openTool(4000, 10);
    await straighten(angle);
    await expect.element(control('angle-note')).toHaveTextContent(`Too thin to straighten ${angle}°`);
    const given = Number((control('straighten').element() as HTMLInputElement).value);
    expect(Math.sign(given)).toBe(Math.sign(angle));
    expect(Math.abs(given)).toBeGreaterThan(0.5);
    expect(Math.abs(given)).toBeLessThan(1.5);
    expect(frameRect().height).toBeGreaterThanOrEqual(1);
    await expectCropKept('Undo Crop', serial);
  },
);
