// The phone editor on the real editor and its worker (CPU backend): with a portrait photo (3:4, 2:3,
// 9:16) or a landscape one (3:2), choosing CCD leaves its strength and the three controls after it in
// view without scrolling, the photo keeping at least 45 % of the height; the same for the crop tool's
// aspect row and the frame choice; a phone on its side shows them beside the photo; the action bar is one
// row, the rest in More.
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { loadFile, openEditor, settledOn } from './support/editor.tsx';
import { madePhoto } from './support/made-photo.ts';

const photo = (width: number, height: number) => madePhoto(width, height);

const PHONES = [
  [360, 740],
  [390, 844],
  [430, 932],
] as const;

const PHOTOS = [
  { name: '3:4', width: 480, height: 640, portrait: true },
  { name: '2:3', width: 400, height: 600, portrait: true },
  { name: '9:16', width: 360, height: 640, portrait: true },
  { name: '3:2', width: 600, height: 400, portrait: false },
] as const;

/** Whether an element lies wholly in the window and is what is seen at its centre (nothing over it). */
function inView(element: Element): string | null {
  const box = element.getBoundingClientRect();
  const name = element.getAttribute('data-testid') ?? element.textContent?.slice(0, 30) ?? element.tagName;
  if (box.width === 0 || box.height === 0) return `${name}: not shown`;
  if (box.top < -0.5 || box.left < -0.5 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
    return `${name}: outside the window (${Math.round(box.top)}..${Math.round(box.bottom)} of ${innerHeight})`;
  const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  if (!seen || !(seen === element || element.contains(seen) || seen.contains(element)))
    return `${name}: covered by ${seen?.className || seen?.tagName}`;
  // Not scrolled out of its scrolling sheet.
  const sheet = element.closest('.panel-scroll, .frame-panel, .crop-panel, .crop-aspects');
  if (sheet) {
    const clip = sheet.getBoundingClientRect();
    if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5)
      return `${name}: scrolled out of its sheet`;
  }
  return null;
}

/** The photo area's height and the photo's, as shares of the window's height. */
function photoShare() {
  const area = document.querySelector('.canvas-area')!.getBoundingClientRect();
  const canvas = document.querySelector('[data-testid="main-canvas"]')!.getBoundingClientRect();
  return {
    area: area.height / innerHeight,
    canvas: canvas.height / innerHeight,
    top: canvas.top,
    bottom: canvas.bottom,
    areaBottom: area.bottom,
  };
}

/** The photo keeps at least 45 % of the height (a landscape photo: as much as the full width gives it). */
function expectPhotoKept(portrait: boolean, what: string) {
  const share = photoShare();
  expect(share.area, `${what}: the photo area's share`).toBeGreaterThanOrEqual(portrait ? 0.45 : 0.2);
  if (portrait)
    expect(share.canvas, `${what}: the photo's share`).toBeGreaterThanOrEqual(0.45 - 20 / innerHeight);
  // Whole, inside its area, and nothing over it (a tool lies beside it, not on it).
  expect(share.top, what).toBeGreaterThanOrEqual(0);
  expect(share.bottom, what).toBeLessThanOrEqual(share.areaBottom + 0.5);
  const canvas = document.querySelector('[data-testid="main-canvas"]')!.getBoundingClientRect();
  const covered = [0.3, 0.5, 0.7].flatMap((fy) => {
    const seen = document.elementFromPoint(canvas.x + canvas.width / 2, canvas.y + fy * canvas.height);
    // A notice (transient, closing by itself) may lie over the photo's top; a tool may not.
    return seen?.closest('.canvas-host, .notifications')
      ? []
      : [`${fy}: ${seen?.className} ${seen?.textContent?.slice(0, 80)}`];
  });
  expect(covered, `${what}: the photo covered`).toEqual([]);
}

/** CCD's strength and the three controls after it. */
function firstControls(): Element[] {
  const settings = [...document.querySelectorAll('.adjustments > .setting')].slice(0, 4);
  expect(settings[0]?.querySelector('[data-testid="look-strength"]'), 'strength first').not.toBeNull();
  return settings;
}

describe.each(PHONES)('an upright phone, %ix%i', (width, height) => {
  test('CCD: its strength and the three controls after it in view with each photo, the photo at least 45 % of the height', async () => {
    await page.viewport(width, height);
    await openEditor();
    const problems: string[] = [];
    for (const shape of PHOTOS) {
      await loadFile(await photo(shape.width, shape.height));
      await page.getByTestId('effect-mobile-ccdEffect').click();
      await settledOn('ccdEffect');
      await expect.poll(() => firstControls().map(inView).filter(Boolean)).toEqual([]);
      problems.push(
        ...firstControls()
          .map(inView)
          .flatMap((p) => (p ? [`${shape.name}: ${p}`] : [])),
      );
      expectPhotoKept(shape.portrait, `${shape.name} with CCD`);
      // The action bar is one row.
      const bar = [...document.querySelectorAll('.actions > *')].map((e) =>
        Math.round(e.getBoundingClientRect().top),
      );
      expect(new Set(bar).size, `${shape.name}: rows of the action bar`).toBe(1);
      await page.getByTestId('apply-button').click();
      await expect.element(page.getByTestId('recipe-save')).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  test("the crop tool's aspect row and the frame choice in view, the photo at least 45 % of the height", async () => {
    await page.viewport(width, height);
    await openEditor();
    await loadFile(await photo(400, 600));
    await page.getByTestId('crop-button').click();
    await expect.element(page.getByTestId('crop-frame')).toBeVisible();
    const aspects = [...document.querySelectorAll('[data-testid^="crop-aspect-"]')].slice(0, 4);
    expect(aspects.map(inView).filter(Boolean)).toEqual([]);
    const stage = document.querySelector('.crop-stage')!.getBoundingClientRect();
    expect(stage.height / innerHeight).toBeGreaterThanOrEqual(0.45);
    await page.getByTestId('crop-cancel').click();
    await expect.element(page.getByTestId('crop-frame')).not.toBeInTheDocument();

    await page.getByTestId('frame-button').click();
    await expect.element(page.getByTestId('frame-done')).toBeVisible();
    await page.getByTestId('frame-instant-mini').click();
    const seen = () =>
      // The row of frames scrolls sideways: the row itself, the frame chosen, its options and Done.
      [
        document.querySelector('.frame-choices')!,
        ...['frame-instant-mini', 'frame-fill', 'frame-caption', 'frame-done'].map((id) =>
          document.querySelector(`[data-testid="${id}"]`)!,
        ),
      ]
        .map(inView)
        .filter(Boolean);
    await expect.poll(seen).toEqual([]);
    expectPhotoKept(true, 'the frame choice');
  });
});

test('a phone on its side, 844x390: CCD beside the photo with its strength and three controls in view, the bar one row', async () => {
  await page.viewport(844, 390);
  await openEditor();
  for (const shape of [PHOTOS[1], PHOTOS[3]]) {
    await loadFile(await photo(shape.width, shape.height));
    await page.getByTestId('effect-mobile-ccdEffect').click();
    await settledOn('ccdEffect');
    await expect.poll(() => firstControls().map(inView).filter(Boolean)).toEqual([]);
    expect(photoShare().area).toBeGreaterThanOrEqual(0.45);
    const bar = [...document.querySelectorAll('.actions > *')].map((e) =>
      Math.round(e.getBoundingClientRect().top),
    );
    expect(new Set(bar).size).toBe(1);
    // The whole row inside the window.
    const past = [...document.querySelectorAll('.actions > *')].filter(
      (e) => e.getBoundingClientRect().right > innerWidth + 0.5,
    );
    expect(past.map((e) => e.className)).toEqual([]);
    await page.getByTestId('apply-button').click();
  }
});

test('More holds what the bar has no room for, opens in view, and closes on Escape with the focus back on it', async () => {
  await page.viewport(390, 844);
  await openEditor();
  await loadFile(await photo(400, 600));
  const more = page.getByTestId('more-actions');
  await more.getByRole('button', { name: 'More actions' }).click();
  for (const id of [
    'redo-button',
    'upload-button',
    'camera-button',
    'share-button',
    'save-full-resolution',
  ]) {
    const control = more.getByTestId(id);
    await expect.element(control).toBeVisible();
    expect(inView(control.element()), id).toBeNull();
  }
  await userEvent.keyboard('{Escape}');
  await expect.element(more.getByTestId('upload-button')).not.toBeVisible();
  await expect.element(more.getByRole('button', { name: 'More actions' })).toHaveFocus();
});
