import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { NO_FRAME, type FrameChoice } from '../../src/edit/frame.ts';
import { FRAME_IDS, type FrameId } from '../../src/frames/model/frames.ts';
import { printLayout } from '../../src/frames/model/layout.ts';
import { compareInPage, saveBytes } from '../support/large-images.ts';
import { fixturePath } from '../support/images.ts';
import { expect, test } from '../support/fixtures.ts';
import type { EditorPage } from '../support/pages.ts';
import { RecipesPanel } from '../support/pages.ts';

// Frames through the rest of the app (issue: frames): a frame kept in a recipe, used by 'Apply to all' and
// carried by a look link comes back the same; the frame choice as a user meets it on a phone and a desktop.
// The references: the testing contract's millimetres for the print's aspect, and the same photo framed
// and saved alone for the batch's and the link's files.

/** The batch's file and the link's against the framed photo saved alone (measured: identical). */
const SAME_DB = 40;

/** The contract's instant mini: a 54x86 mm print. */
const MINI_ASPECT = 54 / 86;

/**
 * Opens the frame choice. The Frame button is disabled while the worker is busy, and a save's download
 * can come a moment before the worker is ready again: a click in that moment finds the button disabled and
 * does nothing, so the click is made again until the choice is open.
 */
async function openChoice(page: Page): Promise<void> {
  const button = page.getByTestId('frame-button');
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 2000 });
  }).toPass();
}

async function chooseFrame(page: Page, id: FrameId, caption?: string): Promise<void> {
  await openChoice(page);
  await page.getByTestId(`frame-${id}`).click();
  await expect(page.getByTestId(`frame-${id}`)).toHaveAttribute('aria-pressed', 'true');
  if (caption !== undefined) await page.getByTestId('frame-caption').fill(caption);
  await page.getByTestId('frame-done').click();
  await expect(page.locator('.frame-panel')).toHaveCount(0);
}

/**
 * The frame choice lies clear of Save and the other actions and inside the window. Read once the page has
 * drawn a frame since the last change (a placement follows a resize of the bar by one frame).
 */
async function expectClear(page: Page, viewport: { height: number }, when: string): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const choice = (await page.locator('.frame-panel').boundingBox())!;
  for (const id of ['save-button', 'crop-button', 'frame-button', 'apply-button']) {
    const other = (await page.getByTestId(id).boundingBox())!;
    const apart =
      choice.x + choice.width <= other.x ||
      other.x + other.width <= choice.x ||
      choice.y + choice.height <= other.y ||
      other.y + other.height <= choice.y;
    expect(apart, `${when}: the choice over ${id}`).toBe(true);
  }
  expect(choice.y, when).toBeGreaterThanOrEqual(0);
  expect(choice.y + choice.height, when).toBeLessThanOrEqual(viewport.height);
}

/** Waits until the canvas shows the print of a `photo`-sized photo in `frame`, holding still. */
async function showsPrint(editor: EditorPage, frame: FrameChoice, photo: { width: number; height: number }) {
  const layout = printLayout(frame, photo) ?? photo;
  await editor.settled();
  await expect
    .poll(async () => {
      const box = (await editor.canvas.boundingBox())!;
      return Math.abs(box.width / box.height / (layout.width / layout.height) - 1);
    })
    .toBeLessThan(0.01);
  await editor.pixels();
}

test("a frame goes into a recipe, 'Apply to all' and a look link, and comes back out the same", async ({
  page,
  editor,
}) => {
  test.setTimeout(300_000);
  const recipes = new RecipesPanel(page);
  const photos = ['kodim23', 'kodim04'];
  await editor.open('webgl2');
  await editor.loadWith(() =>
    editor.uploadInput.setInputFiles(photos.map((name) => fixturePath(`kodak/${name}.png`))),
  );
  await expect(page.getByTestId('batch-panel')).toContainText('2 photos');

  // A recipe saved while an instant mini with a caption is on: the recipe is the frame alone.
  const caption = 'Beach day 海';
  await chooseFrame(page, 'instant-mini', caption);
  await recipes.save('Mini print');
  const exported = JSON.parse((await recipes.export('Mini print')).text) as { frame: unknown };
  expect(exported.frame, "the recipe file's frame").toEqual({
    id: 'instant-mini',
    caption,
    options: {
      edgeText: NO_FRAME.edgeText,
      frameNumber: NO_FRAME.frameNumber,
      orangeMask: false,
      date: false,
    },
  });

  // The photo on screen without a frame: the batch's frame can only come from the recipe.
  await chooseFrame(page, 'none');
  await page.getByTestId('batch-recipe').selectOption({ label: 'Recipe: Mini print' });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 200_000 }),
    page.getByTestId('batch-apply').click(),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));

  await page.getByTestId('save-full-resolution').check();
  let alone: Buffer | null = null;
  for (const name of photos) {
    const entry = zip.file(`${name}_recipe.jpg`);
    expect(entry, `${name} in the zip`).not.toBeNull();
    await editor.load(`kodak/${name}.png`);
    await chooseFrame(page, 'none');
    await recipes.recipe('Mini print').click();
    await expect(page.getByTestId('frame-button')).toHaveAccessibleName('Frame: Instant mini');
    await editor.settled();
    alone = (await saveBytes(page)).bytes;
    const batched = Buffer.from(await entry!.async('uint8array'));
    const same = await compareInPage(page, batched, alone);
    test.info().annotations.push({
      type: 'batch against alone',
      description: `${name}: ${same.width}x${same.height}, ${same.psnr.toFixed(1)} dB`,
    });
    expect([same.width, same.height], name).toEqual([same.referenceWidth, same.referenceHeight]);
    expect(Math.abs(same.width / same.height / MINI_ASPECT - 1), name).toBeLessThan(0.01);
    expect(same.psnr, name).toBeGreaterThan(SAME_DB);
  }

  // The look link the editor wrote carries the frame; opened afresh, the frame is on, as it was.
  await expect.poll(() => new URL(page.url()).searchParams.get('frame')).toBe('instant-mini');
  const link = new URL(page.url());
  expect(link.searchParams.get('frameCaption')).toBe(caption);
  await page.goto(`${link.pathname}${link.search}`);
  await editor.expectStatus('WorkerReady');
  // The link's edit is made on the photo once there is one (a new photo starts its own edit).
  await editor.load(`kodak/${photos.at(-1)!}.png`);
  await expect(page.getByTestId('frame-button')).toHaveAccessibleName('Frame: Instant mini');
  await editor.settled();
  await page.getByTestId('frame-button').click();
  await expect(page.getByTestId('frame-instant-mini')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('frame-caption')).toHaveValue(caption);
  await page.getByTestId('frame-done').click();
  await page.getByTestId('save-full-resolution').check();
  const linked = await compareInPage(page, (await saveBytes(page)).bytes, alone!);
  test.info().annotations.push({ type: 'link against alone', description: `${linked.psnr.toFixed(1)} dB` });
  expect([linked.width, linked.height]).toEqual([linked.referenceWidth, linked.referenceHeight]);
  expect(linked.psnr).toBeGreaterThan(SAME_DB);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  const size = `${viewport.width}x${viewport.height}`;
  test(`${size}: the frame choice leaves Save uncovered, is axe clean, closes on Escape; each frame shown (screenshots)`, async ({
    page,
    editor,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await editor.open('webgl2');
    await editor.load('kodak/kodim23.png');
    const photo = { width: 768, height: 512 };
    const button = page.getByTestId('frame-button');
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const panel = page.locator('.frame-panel');
    await expect(panel).toBeVisible();

    // Nothing serious for axe with the choice open.
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);

    // The choice lies beside the action bar, not over Save or any other action, and inside the window.
    await expectClear(page, viewport, 'opened');

    // Escape closes it from inside, and focus goes back to the Frame button.
    await page.getByTestId('frame-instant-square').focus();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await page.screenshot({ path: test.info().outputPath(`${size}-choice-open.png`) });
    for (const id of FRAME_IDS) {
      const caption = id.startsWith('instant-') ? 'Summer 1999' : undefined;
      // Choosing a frame renames the Frame button, which can make the action bar taller: the choice
      // moves clear of it at once, and stays put while its own list scrolls (its Done clicked below).
      await openChoice(page);
      await page.getByTestId(`frame-${id}`).click();
      await expectClear(page, viewport, id);
      await page.locator('.frame-panel').evaluate((element) => (element.scrollTop = element.scrollHeight));
      await expectClear(page, viewport, `${id}, scrolled`);
      await chooseFrame(page, id, caption);
      await showsPrint(editor, { ...NO_FRAME, id, caption: caption ?? '' }, photo);
      await page.screenshot({ path: test.info().outputPath(`${size}-${id}.png`) });
      await button.click();
    }
  });
}

test('in a short window the frame choice scrolls under its Done, which stays in sight', async ({
  page,
  editor,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  await page.getByTestId('frame-button').click();
  // An instant print has the most options: the choice needs more room than the window leaves it.
  await page.getByTestId('frame-instant-mini').click();
  const panel = page.locator('.frame-panel');
  expect(await panel.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  const done = page.getByTestId('frame-done');
  await expect(done).toBeInViewport({ ratio: 1 });
  // Fully inside the choice's own visible box, not under its scrolled-away part.
  const [box, frame] = await Promise.all([done.boundingBox(), panel.boundingBox()]);
  expect(box!.y + box!.height).toBeLessThanOrEqual(frame!.y + frame!.height);
  expect(box!.y).toBeGreaterThanOrEqual(frame!.y);
  await done.click();
  await expect(panel).toHaveCount(0);
});

test("with a frame on, the smart blur's drawing lies over the photo in the print's window, the rest of the photo clipped", async ({
  page,
  editor,
}) => {
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  const photo = { width: 768, height: 512 };
  const frame = { ...NO_FRAME, id: 'instant-square' as const };
  await chooseFrame(page, frame.id);
  await showsPrint(editor, frame, photo);
  await editor.chooseEffect('smartBlur');
  await editor.settled();
  await page.getByTestId('setting-applicationMode').selectOption('draw');
  await editor.settled();
  const layout = printLayout(frame, photo)!;
  const canvas = (await editor.canvas.boundingBox())!;
  const scale = canvas.width / layout.width;
  // The drawing canvas is the whole photo, placed so that its pixels lie on the print's own.
  const drawing = (await page.getByTestId('drawing-overlay').boundingBox())!;
  const expected = {
    x: canvas.x + (layout.window.x - layout.crop.x) * scale,
    y: canvas.y + (layout.window.y - layout.crop.y) * scale,
    width: photo.width * scale,
    height: photo.height * scale,
  };
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(drawing[key] - expected[key]), `the drawing's ${key}`).toBeLessThan(1.5);
  // Only the window's part of it can be reached: the border around it is not painted on.
  const window = (await page.getByTestId('photo-window').boundingBox())!;
  expect(Math.abs(window.x - (canvas.x + layout.window.x * scale))).toBeLessThan(1.5);
  expect(Math.abs(window.width - layout.window.width * scale)).toBeLessThan(1.5);
  expect(Math.abs(window.height - layout.window.height * scale)).toBeLessThan(1.5);
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('data-testid') ?? null,
    [window.x - 5 * scale, window.y + window.height / 2],
  );
  expect(hit, 'on the border, left of the window').not.toBe('drawing-overlay');
});
