// The editor's controls in the component tier, on the real editor and its worker (CPU backend): zoom by
// click and Ctrl+wheel about the pointer, the shortcuts and their list, the settings each effect shows,
// the 500 px upscale tooltip, a setting that goes round, a link's number clamped, and the iOS save notice
// closing after 8 s on fake timers.
import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seriousViolations } from './support/axe.ts';
import { editorRoot, loadPhoto, openEditor, settled, settledOn } from './support/editor.tsx';
import { choose } from './support/files.ts';
import { gatedWorker, heldPosts, replaceWorker } from './support/workers.ts';
import { nextTask } from './support/render.tsx';

const zoom = () => page.getByTestId('zoom-indicator');
const canvas = () => page.getByTestId('main-canvas').element() as HTMLCanvasElement;
const effect = (id: string) => page.getByTestId(`effect-${id}`);
const setting = (name: string) => page.getByTestId(`setting-${name}`);

/** Where the image point at fractions (fx, fy) of the canvas lies in the window now. */
function pointOf(fx: number, fy: number) {
  const box = canvas().getBoundingClientRect();
  return { x: box.x + fx * box.width, y: box.y + fy * box.height };
}

async function expectUnder(fx: number, fy: number, at: { x: number; y: number }) {
  await expect
    .poll(() => {
      const now = pointOf(fx, fy);
      return Math.max(Math.abs(now.x - at.x), Math.abs(now.y - at.y));
    })
    .toBeLessThanOrEqual(2);
}

/**
 * What the page shows of the canvas, by rows at fractions of its height: each row's mean value and its
 * spread (mean absolute deviation), read from a screenshot of the element.
 */
async function shownRows(...at: number[]): Promise<{ mean: number; spread: number }[]> {
  // Not kept on disk: with `save: false` the screenshot comes back as base64 alone.
  const base64 = await page.getByTestId('main-canvas').screenshot({ save: false });
  const image = new Image();
  image.src = `data:image/png;base64,${base64}`;
  await image.decode();
  const scratch = new OffscreenCanvas(image.width, image.height);
  const context = scratch.getContext('2d')!;
  context.drawImage(image, 0, 0);
  return at.map((fraction) => {
    const y = Math.min(image.height - 1, Math.floor(image.height * fraction));
    const { data } = context.getImageData(0, y, image.width, 1);
    const values = Array.from(
      { length: image.width },
      (_, x) => (data[x * 4]! + data[x * 4 + 1]! + data[x * 4 + 2]!) / 3,
    );
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    const spread = values.reduce((sum, v) => sum + Math.abs(v - mean), 0) / values.length;
    return { mean, spread };
  });
}

async function typeSetting(name: string, value: string) {
  await setting(name).fill(value);
  (setting(name).element() as HTMLElement).focus();
  await userEvent.keyboard('{Enter}');
}

describe('zoom', () => {
  test('a click zooms 1 -> 1.5 -> 2 -> 1 about the clicked point', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim23.png');
    const at = pointOf(0.85, 0.8);
    const box = canvas().getBoundingClientRect();
    const position = { x: at.x - box.x, y: at.y - box.y };
    await userEvent.click(canvas(), { position });
    await expect.element(zoom()).toHaveTextContent('1.5x Zoom');
    await expectUnder(0.85, 0.8, at);
    const again = () => {
      const now = canvas().getBoundingClientRect();
      return { x: at.x - now.x, y: at.y - now.y };
    };
    await userEvent.click(canvas(), { position: again() });
    await expect.element(zoom()).toHaveTextContent('2x Zoom');
    await expectUnder(0.85, 0.8, at);
    await userEvent.click(canvas(), { position: again() });
    await expect.element(zoom()).not.toBeInTheDocument();
  });

  test('Ctrl+wheel zooms towards the pointer, past 3x in three steps, and the page does not zoom', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim23.png');
    const at = pointOf(0.2, 0.25);
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      canvas().dispatchEvent(
        new WheelEvent('wheel', {
          bubbles: true,
          cancelable: true,
          ctrlKey: true,
          deltaY: -60,
          clientX: at.x,
          clientY: at.y,
        }),
      );
    }
    await expect.element(zoom()).toHaveTextContent(/^[\d.]+x Zoom$/);
    expect(Number(zoom().element().textContent.split('x')[0])).toBeGreaterThan(3);
    await expectUnder(0.2, 0.25, at);
  });

  test('Space on the focused photo zooms to 1.5x', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    canvas().parentElement!.focus();
    await userEvent.keyboard(' ');
    await expect.element(zoom()).toHaveTextContent('1.5x Zoom');
  });
});

describe('shortcuts', () => {
  test('a digit chooses its effect, also with an effect button focused', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    await userEvent.keyboard('1');
    await expect.element(effect('ccdEffect')).toHaveAttribute('aria-pressed', 'true');
    await settled();
    (effect('ccdEffect').element() as HTMLElement).focus();
    await userEvent.keyboard('0');
    await expect.element(effect('vibrance')).toHaveAttribute('aria-pressed', 'true');
  });

  test('in a text field a digit is typed, not a shortcut, and Enter takes the value without applying', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    await userEvent.keyboard('2');
    await expect.element(effect('nokiaEffect')).toHaveAttribute('aria-pressed', 'true');
    await settled();
    // Typed key by key into the box: each digit is the field's (no effect is chosen by it). A pause after
    // each (the number box's typing debounce, 300 ms) shows the old value does not come back.
    const box = setting('jpeg_longSidePixels');
    await box.fill('');
    (box.element() as HTMLElement).focus();
    for (const digit of ['4', '8']) {
      await userEvent.keyboard(digit);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await expect.element(effect('nokiaEffect')).toHaveAttribute('aria-pressed', 'true');
    }
    await expect.element(box).toHaveValue(48);
    await userEvent.keyboard('{Enter}');
    await settled();
    await expect.element(setting('jpeg_longSidePixels')).toHaveValue(48);
    await expect.element(effect('nokiaEffect')).toHaveAttribute('aria-pressed', 'true');
    // Not applied with Apply: Nokia is still the look being tried (Apply would keep it and let it go).
    await expect.element(page.getByTestId('apply-button')).toBeEnabled();
  });

  test("Enter on the focused photo applies: 'Applied Nokia.'", async () => {
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    await userEvent.keyboard('2');
    await settledOn('nokiaEffect');
    canvas().parentElement!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('notification')).toHaveTextContent('Applied Nokia.');
  });

  test('? lists the shortcuts; while the list is open the keys are its own; Escape and Close close it', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    await userEvent.keyboard('?');
    const dialog = page.getByTestId('shortcuts-dialog');
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toHaveTextContent(/Keyboard shortcuts/);
    await expect.element(dialog).toHaveTextContent(/Vibrance/);
    expect(await seriousViolations(dialog.element())).toEqual([]);
    await userEvent.keyboard('5');
    await expect.element(effect('collageEffect')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeVisible();
    await page.getByTestId('shortcuts-button').click();
    await expect.element(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.element(dialog).not.toBeVisible();
  });
});

describe('settings', () => {
  const shown = () =>
    [...document.querySelectorAll('.adjustments [data-testid^="setting-"]')].map((node) =>
      node.getAttribute('data-testid')!.slice('setting-'.length),
    );

  test('Blur/Pixelate shows only the controls of the chosen type and place', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    await effect('smartBlur').click();
    await settled();
    expect(shown()).toEqual(['blurType', 'applicationMode', 'pixelSize']);
    await setting('blurType').selectOptions('gaussian');
    await settled();
    expect(shown()).toEqual(['blurType', 'applicationMode', 'sigma', 'gaussianDownsampleFactor']);
    await setting('applicationMode').selectOptions('vignette');
    await settled();
    expect(shown()).toEqual([
      'blurType',
      'applicationMode',
      'sigma',
      'gaussianDownsampleFactor',
      'vignetteSize',
      'vignetteSoftness',
    ]);
    await setting('applicationMode').selectOptions('draw');
    await settled();
    await setting('blurType').selectOptions('pixelate');
    await settled();
    expect(shown()).toEqual(['blurType', 'applicationMode', 'pixelSize', 'blurBrushSize']);
  });

  test('upscale 2x is disabled above 500 px with the spec tooltip, and enabled at 480 px', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim23.png');
    await effect('nokiaEffect').click();
    await settled();
    const upscale = setting('jpeg_upscale2x');
    await expect.element(upscale).toBeDisabled();
    await expect.element(upscale).not.toBeChecked();
    expect(upscale.element().closest('.setting')?.getAttribute('title')).toBe(
      'Upscaling 2x is disabled for resolutions above 500px (current: 640px)',
    );
    await typeSetting('jpeg_longSidePixels', '480');
    await settled();
    await expect.element(upscale).toBeEnabled();
  });

  test("CCD's lens reflection id goes round 1-10: from a link, typed, and stepped with the arrows", async () => {
    await openEditor('engine=cpu&effect=ccdEffect&ccd_lensReflectionId=11');
    await loadPhoto('kodak/kodim05.png');
    const id = setting('ccd_lensReflectionId');
    await expect.element(id).toHaveValue(1);
    await typeSetting('ccd_lensReflectionId', '10');
    await expect.element(id).toHaveValue(10);
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(id).toHaveValue(1);
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(id).toHaveValue(10);
    await typeSetting('ccd_lensReflectionId', '11');
    await expect.element(id).toHaveValue(1);
    await typeSetting('ccd_lensReflectionId', '0');
    await expect.element(id).toHaveValue(10);
  });

  test.each(['1e309', '1e308'])('a link with vibrance=%s clamps it to the maximum, 1', async (value) => {
    await openEditor(`engine=cpu&effect=vibrance&vibrance=${value}`);
    await loadPhoto('kodak/kodim05.png');
    await expect.element(setting('vibrance')).toHaveValue(1);
  });

  test('a setting entered reaches the worker in the same task as its key, before the page renders it', async () => {
    const watched = gatedWorker(() => false);
    replaceWorker('effect-engine', watched.factory);
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    await effect('ccdEffect').click();
    await settledOn('ccdEffect');
    const input = setting('ccd_bloom_amount').element() as HTMLInputElement;
    const before = watched.sent().length;
    // The value typed, then Enter, dispatched as the browser would; nothing awaited in between.
    // The element's own setter (as typing sets it), so that React sees a change.
    Reflect.set(HTMLInputElement.prototype, 'value', '1.7', input);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(watched.sent().slice(before)).toContain('applyEffect');
    await settled();
    await expect.element(setting('ccd_bloom_amount')).toHaveValue(1.7);
  });

  test('a .cube whose answer comes while an apply runs becomes the look once the apply is done', async () => {
    // The worker's answers but the .cube's are held back: the file is read while the apply is still
    // under way, as a slow GPU apply gives.
    const gate = gatedWorker((data) => (data as { type?: string }).type !== 'cubeLoaded');
    replaceWorker('effect-engine', gate.factory);
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    await effect('pg2016').click();
    await settledOn('pg2016');
    const rows = ['LUT_3D_SIZE 2'];
    for (let b = 0; b < 2; b++)
      for (let g = 0; g < 2; g++) for (let r = 0; r < 2; r++) rows.push(`${b} ${g} ${r}`);
    const cube = new File([`${rows.join('\n')}\n`], 'swap.cube', { type: 'text/plain' });
    gate.hold();
    await typeSetting('grainAmount', '0.1');
    await expect.poll(gate.waiting).toBeGreaterThan(0);
    expect(editorRoot().element().getAttribute('data-worker-status')).not.toBe('ImageReady');
    choose(page.getByTestId('cube-input').element() as HTMLInputElement, [cube]);
    await expect.element(page.getByText('Loaded swap.cube.')).toBeInTheDocument();
    gate.release();
    await expect.element(setting('filterName')).toHaveValue('custom');
    await settled();
    await expect.element(editorRoot()).toHaveAttribute('data-applied-effect', 'pg2016');
  });
});

describe('saving on iOS', () => {
  test('opens the image in a new tab and says how to keep it, for 8 seconds', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const tab = { location: { href: '' }, document: { title: '' }, closed: false, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    // The page's timeouts are fake from here: the 8 s pass without being waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await page.getByTestId('save-button').click();
    const notification = page.getByTestId('notification');
    // The save runs on the worker (real messages); fake time moves on in small steps meanwhile.
    const ready = () => notification.query()?.textContent?.includes('Image ready in new tab') ?? false;
    for (const start = performance.now(); !ready() && performance.now() - start < 10_000;) {
      await vi.advanceTimersByTimeAsync(1);
      await nextTask();
    }
    expect(notification.element().textContent).toContain(
      'Image ready in new tab. Long-press to save to Photos.',
    );
    expect(open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(7990);
    await nextTask();
    expect(notification.query()?.textContent).toContain('Image ready in new tab');
    await vi.advanceTimersByTimeAsync(20);
    await nextTask();
    expect(notification.query()).toBeNull();
  });
});

describe('the Frame button', () => {
  test('a click while the worker is busy is kept, and the choice opens once the photo can be read', async () => {
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    const button = page.getByTestId('frame-button');
    await effect('ccdEffect').click();
    // The apply has started: the button waits (aria-disabled) but takes the click, made at once (a
    // locator's click would wait for the button to be ready).
    await expect.element(button).toHaveAttribute('aria-disabled', 'true');
    (button.element() as HTMLButtonElement).click();
    expect(editorRoot().element().getAttribute('data-worker-status')).not.toBe('ImageReady');
    await expect.element(button).toHaveAttribute('aria-expanded', 'true');
    await expect.element(button).toHaveAttribute('aria-disabled', 'false');
    expect(editorRoot().element().getAttribute('data-worker-status')).toBe('ImageReady');
  });

  test('a caption just typed reaches the worker before a save reads the print, and when Done is pressed', async () => {
    const watched = gatedWorker(() => false);
    replaceWorker('effect-engine', watched.factory);
    await openEditor();
    await loadPhoto('kodak/kodim05.png');
    await page.getByTestId('frame-button').click();
    await page.getByTestId('frame-instant-square').click();
    await settled();
    const posted = (from: number) => watched.sent().slice(from);
    // Save at once after typing: the print it reads has the caption (the worker takes messages in order).
    let from = watched.sent().length;
    await page.getByTestId('frame-caption').fill('Lake house');
    await page.getByTestId('save-button').click();
    await expect.poll(() => posted(from)).toContain('requestImageData');
    const order = posted(from);
    expect(order).toContain('setFrame');
    expect(order.indexOf('setFrame')).toBeLessThan(order.indexOf('requestImageData'));
    await settled();
    // Done right after typing: the worker has the text when the choice closes, not a rest later.
    from = watched.sent().length;
    await page.getByTestId('frame-caption').fill('Lake house, June');
    (page.getByTestId('frame-done').element() as HTMLButtonElement).click();
    expect(posted(from)).toContain('setFrame');
  });

  test('until the worker has drawn the print, the photo on the canvas keeps its shape in the print-shaped box', async () => {
    const held = heldPosts((message) => (message as { type?: unknown }).type === 'setFrame');
    replaceWorker('effect-engine', held.factory);
    await openEditor();
    await loadPhoto('kodak/kodim23.png');
    await settled();
    await page.getByTestId('frame-button').click();
    await page.getByTestId('frame-instant-square').click();
    // The box takes the print's shape at once; the worker, its frame held back, still has the photo.
    await expect.poll(() => held.waiting()).toBeGreaterThan(0);
    await expect
      .poll(() => canvas().getBoundingClientRect().width / canvas().getBoundingClientRect().height)
      .toBeLessThan(1);
    expect(canvas().width / canvas().height).toBeCloseTo(1.5, 2);
    const rows = await shownRows(0.05, 0.5);
    // The photo is letterboxed (the canvas's black above it), not stretched over the box's height.
    expect(rows[0]!.mean).toBeLessThan(8);
    expect(rows[1]!.spread).toBeGreaterThan(20);
    held.release();
    await expect.poll(() => canvas().width / canvas().height).toBeLessThan(1);
  });

  test('without a photo the button is disabled; a photo loaded opens nothing by itself', async () => {
    await openEditor();
    const button = page.getByTestId('frame-button');
    await expect.element(button).toBeDisabled();
    await loadPhoto('kodak/kodim05.png');
    await expect.element(button).toBeEnabled();
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
  });
});
