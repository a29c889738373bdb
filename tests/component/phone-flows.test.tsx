// The editor's steps kept in view and in reach, on the real editor and its worker (CPU backend): after
// Apply, Save as recipe is in view and a recipe's menu opens in view; the batch panel lies inside the
// window and names what 'The edit on screen' holds; from the keyboard alone the focus never falls to the
// page's body after a photo loads, Apply, Save as recipe, crop Done and frame Done, and Escape closes
// every menu, sheet and dialog; a frame of another shape than the photo starts with the whole photo in it
// and keeps where the user drags it; each effect and recipe tile shows the plain photo until its thumbnail
// is made; Compare leaves a print's writing clear, and 'Loading' stays inside the photo's area.
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { editorRoot, loadFile, openEditor, settled, settledOn } from './support/editor.tsx';
import { choose } from './support/files.ts';
import { madePhoto } from './support/made-photo.ts';
import { gatedWorker, replaceWorker } from './support/workers.ts';
import { parseFrameParams } from '../../src/edit/frame.ts';
import { printLayout } from '../../src/frames/model/layout.ts';

/** Why an element is not wholly seen: outside the window, or scrolled out of the sheet it is in. */
function outOfView(element: Element): string | null {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return 'not shown';
  if (box.top < -0.5 || box.left < -0.5 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
    return `outside the window: ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)}`;
  const sheet = element.closest('.panel-scroll');
  if (sheet) {
    const clip = sheet.getBoundingClientRect();
    if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5)
      return `scrolled out of the sheet (${Math.round(box.top)}..${Math.round(box.bottom)} of ${Math.round(clip.top)}..${Math.round(clip.bottom)})`;
  }
  return null;
}

const active = () => document.activeElement;
const focusedName = () => {
  const element = active();
  return element === document.body || element === null
    ? 'BODY'
    : (element.getAttribute('data-testid') ?? element.className);
};

describe('in view after each step', () => {
  test("at 390x844, after Apply 'Save as recipe' is in view, and a recipe's menu opens in view", async () => {
    await page.viewport(390, 844);
    await openEditor();
    await loadFile(await madePhoto(400, 600));
    await page.getByTestId('effect-mobile-ccdEffect').click();
    await settledOn('ccdEffect');
    // The sheet scrolled down to CCD's last controls, as a user adjusting them would.
    const sheet = page.getByTestId('editor-sheet').element();
    sheet.scrollTop = sheet.scrollHeight;
    await page.getByTestId('apply-button').click();
    await settled();
    const save = page.getByTestId('recipe-save');
    await expect.element(save).toBeVisible();
    await expect.poll(() => outOfView(save.element())).toBeNull();
    // The last recipe's menu: the one furthest down the sheet.
    const menus = page.getByTestId('recipe-menu').elements();
    (menus[menus.length - 1] as HTMLElement).click();
    await expect.poll(() => document.querySelector('.recipe-menu')).not.toBeNull();
    await expect.poll(() => outOfView(document.querySelector('.recipe-menu')!)).toBeNull();
  });

  test.each([
    [390, 844],
    [800, 600],
    [1440, 900],
  ])(
    "at %ix%i the batch panel lies inside the window, naming what 'The edit on screen' holds",
    async (width, height) => {
      await page.viewport(width, height);
      await openEditor();
      const before = editorRoot().element().getAttribute('data-photo-serial');
      choose(page.getByTestId('editor-upload-input').element() as HTMLInputElement, [
        await madePhoto(900, 1000, 'first.png'),
        await madePhoto(600, 400, 'second-with-a-rather-long-name-for-the-list.png'),
      ]);
      await expect.element(editorRoot()).not.toHaveAttribute('data-photo-serial', before ?? '');
      await settled();
      const panel = page.getByTestId('batch-panel');
      await expect.element(panel).toBeVisible();
      const inside = () =>
        [panel.element(), ...panel.element().querySelectorAll('select, button, p')].flatMap((element) => {
          const box = element.getBoundingClientRect();
          const name = element.getAttribute('data-testid') ?? element.tagName;
          return box.left < -0.5 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5
            ? [`${name}: ${Math.round(box.left)}..${Math.round(box.right)} of ${innerWidth}`]
            : [];
        });
      expect(inside()).toEqual([]);
      expect(panel.element().scrollWidth).toBeLessThanOrEqual(panel.element().clientWidth + 1);

      // An edit of a look, a crop and a frame: the choice says so.
      const prefix = width > 991 ? 'effect-' : 'effect-mobile-';
      await page.getByTestId(`${prefix}ccdEffect`).click();
      await settledOn('ccdEffect');
      await page.getByTestId('apply-button').click();
      await settled();
      await page.getByTestId('crop-button').click();
      await page.getByTestId('crop-aspect-4-5').click();
      await page.getByTestId('crop-done').click();
      await settled();
      await page.getByTestId('frame-button').click();
      await page.getByTestId('frame-instant-square').click();
      await page.getByTestId('frame-done').click();
      await settled();
      const option = page.getByTestId('batch-recipe').element().querySelector('option[value=""]');
      await expect.poll(() => option?.textContent).toBe('The edit on screen: CCD, Crop 4:5, Instant square');
      expect(inside()).toEqual([]);
      expect(panel.element().scrollWidth).toBeLessThanOrEqual(panel.element().clientWidth + 1);
    },
  );
});

describe('from the keyboard alone', () => {
  test('the focus never falls to the body after a photo loads, Apply, Save as recipe, crop Done and frame Done', async () => {
    await page.viewport(1440, 900);
    await openEditor();
    // A photo chosen from Upload: the button is disabled while it loads.
    (page.getByTestId('upload-button').element() as HTMLElement).focus();
    await loadFile(await madePhoto(600, 400));
    await expect.poll(focusedName).not.toBe('BODY');

    // A look chosen and applied: Apply is disabled once applied.
    await userEvent.keyboard('1');
    await settledOn('ccdEffect');
    (page.getByTestId('apply-button').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await settled();
    await expect.element(page.getByTestId('apply-button')).toBeDisabled();
    await expect.poll(focusedName).not.toBe('BODY');
    expect(active()?.closest('[data-testid="editor"]')).not.toBeNull();

    // Save as recipe: its form closes on saving.
    (page.getByTestId('recipe-save').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('recipe-name')).toBeVisible();
    (page.getByTestId('recipe-name').element() as HTMLElement).focus();
    await userEvent.keyboard('Mine{Enter}');
    await expect.element(page.getByTestId('recipe-name')).not.toBeInTheDocument();
    await expect.poll(focusedName).toBe('recipe-save');

    // The crop tool's Done.
    (page.getByTestId('crop-button').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('crop-frame')).toBeVisible();
    (page.getByTestId('crop-aspect-1-1').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    (page.getByTestId('crop-done').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('crop-frame')).not.toBeInTheDocument();
    await settled();
    await expect.poll(focusedName).toBe('crop-button');

    // The frame choice's Done.
    (page.getByTestId('frame-button').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('frame-done')).toBeVisible();
    (page.getByTestId('frame-print-border').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    (page.getByTestId('frame-done').element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('frame-done')).not.toBeInTheDocument();
    await expect.poll(focusedName).toBe('frame-button');
  });

  test("Escape closes the frame choice, a recipe's menu, the crop tool and the shortcuts, the focus kept", async () => {
    await page.viewport(1440, 900);
    await openEditor();
    await loadFile(await madePhoto(600, 400));

    await page.getByTestId('frame-button').click();
    await expect.element(page.getByTestId('frame-done')).toBeVisible();
    (page.getByTestId('frame-instant-mini').element() as HTMLElement).focus();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByTestId('frame-done')).not.toBeInTheDocument();
    expect(focusedName()).toBe('frame-button');

    const menuButton = page.getByTestId('recipe-menu').first();
    await menuButton.click();
    await expect.element(page.getByTestId('recipe-export')).toBeVisible();
    (page.getByTestId('recipe-export').element() as HTMLElement).focus();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByTestId('recipe-export')).not.toBeInTheDocument();
    expect(active()).toBe(menuButton.element());

    await page.getByTestId('crop-button').click();
    await expect.element(page.getByTestId('crop-frame')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByTestId('crop-frame')).not.toBeInTheDocument();
    await expect.poll(focusedName).not.toBe('BODY');

    (page.getByTestId('frame-button').element() as HTMLElement).focus();
    await userEvent.keyboard('?');
    await expect.element(page.getByTestId('shortcuts-dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByTestId('shortcuts-dialog')).not.toBeVisible();
    await expect.poll(focusedName).not.toBe('BODY');
  });
});

test('a 4:5 photo on the square print starts whole in its window, and stays where the user drags it', async () => {
  await page.viewport(1440, 900);
  await openEditor();
  await loadFile(await madePhoto(800, 1000));
  await page.getByTestId('frame-button').click();
  await page.getByTestId('frame-instant-square').click();
  const placer = page.getByTestId('frame-place');
  await expect.element(placer).toBeVisible();
  // Nothing cut: the whole photo is in the window (no fill in the link, the photo centred).
  expect((page.getByTestId('frame-fill').element() as HTMLInputElement).value).toBe('0');
  expect(new URLSearchParams(location.search).get('frameFill')).toBeNull();
  // Dragged to the left: it lies at the window's left edge, where it stays once the choice is closed.
  const box = placer.element().getBoundingClientRect();
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const target = placer.element();
  const pointer = (type: string, x: number) =>
    target.dispatchEvent(
      new PointerEvent(type, { bubbles: true, pointerId: 1, clientX: x, clientY: at.y, button: 0 }),
    );
  pointer('pointerdown', at.x);
  pointer('pointermove', at.x - box.width);
  pointer('pointerup', at.x - box.width);
  await expect.poll(() => new URLSearchParams(location.search).get('frameAt')).toBe('0,0.5');
  await page.getByTestId('frame-done').click();
  await settled();
  expect(new URLSearchParams(location.search).get('frameAt')).toBe('0,0.5');
  expect(new URLSearchParams(location.search).get('frameFill')).toBeNull();
});

test('each effect tile and each recipe tile shows the plain photo until its thumbnail is made; CCD, Nokia and the film filters lead the strip', async () => {
  await page.viewport(1440, 900);
  // No thumbnails are made here: every tile keeps the plain photo.
  await openEditor();
  await loadFile(await madePhoto(600, 400));
  const tiles = [
    ...document.querySelectorAll('[data-testid^="effect-"]:not([data-testid^="effect-mobile-"])'),
  ];
  expect(tiles.slice(0, 3).map((tile) => tile.getAttribute('data-testid'))).toEqual([
    'effect-ccdEffect',
    'effect-nokiaEffect',
    'effect-pg2016',
  ]);
  await expect
    .poll(
      () =>
        tiles.filter((tile) => {
          const thumb = tile.querySelector('.effect-thumb');
          return !(thumb instanceof HTMLImageElement && thumb.complete && thumb.naturalWidth > 0);
        }).length,
    )
    .toBe(0);
  // The recipes (the starters at least), each a tile of the photo.
  await expect.poll(() => document.querySelectorAll('[data-testid="recipe"]').length).toBeGreaterThan(0);
  await expect
    .poll(() =>
      [...document.querySelectorAll('[data-testid="recipe"]')].map((tile) => {
        const thumb = tile.querySelector('.recipe-thumb');
        return thumb instanceof HTMLImageElement && thumb.complete && thumb.naturalWidth > 0;
      }),
    )
    .not.toContain(false);
});

test.each([
  ['instant-square', 'frameCaption=Lake%20house', 390, 844],
  ['instant-wide', 'frameCaption=Lake%20house', 1440, 900],
  ['film-35mm', '', 1440, 900],
])(
  "Compare leaves the %s print's writing clear at its bottom edge (%s) at %ix%i",
  async (frame, extra, width, height) => {
    await page.viewport(width, height);
    await openEditor(`engine=cpu&frame=${frame}&${extra}`);
    const photo = { width: 900, height: 600 };
    await loadFile(await madePhoto(photo.width, photo.height));
    await settled();
    const host = page.getByTestId('main-canvas').element().getBoundingClientRect();
    const choice = parseFrameParams(new URLSearchParams(location.search));
    const layout = printLayout(choice, photo)!;
    expect(layout.text, 'the print writes something').not.toBeNull();
    // The writing's box on screen: the print is drawn over the whole canvas.
    const scale = host.width / layout.width;
    const text = {
      left: host.left + layout.text!.x * scale,
      top: host.top + layout.text!.y * scale,
      right: host.left + (layout.text!.x + layout.text!.width) * scale,
      bottom: host.top + (layout.text!.y + layout.text!.height) * scale,
    };
    const compare = page.getByTestId('compare-button').element().getBoundingClientRect();
    const overlaps =
      compare.left < text.right &&
      compare.right > text.left &&
      compare.top < text.bottom &&
      compare.bottom > text.top;
    expect(overlaps, `Compare ${JSON.stringify(compare)} over the writing ${JSON.stringify(text)}`).toBe(
      false,
    );
  },
);

test.each([
  [390, 844],
  [1440, 900],
])("at %ix%i, while a tall photo loads, 'Loading' lies inside the photo's area", async (width, height) => {
  await page.viewport(width, height);
  // The worker's answer to the photo is held back: the editor stays on its loading preview.
  const gate = gatedWorker((data) => (data as { status?: string }).status === 'ImageReady');
  replaceWorker('effect-engine', gate.factory);
  await openEditor();
  gate.hold();
  choose(page.getByTestId('editor-upload-input').element() as HTMLInputElement, [await madePhoto(600, 1600)]);
  const label = page.getByTestId('loading-preview').getByText('Loading');
  await expect.element(label).toBeVisible();
  await expect.poll(gate.waiting).toBeGreaterThan(0);
  const area = document.querySelector('.canvas-area')!.getBoundingClientRect();
  const box = label.element().getBoundingClientRect();
  expect([
    box.top >= area.top,
    box.bottom <= area.bottom,
    box.left >= area.left,
    box.right <= area.right,
  ]).toEqual([true, true, true, true]);
  gate.release();
  await expect.element(editorRoot()).toHaveAttribute('data-worker-status', 'ImageReady');
});
