import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { compareInPage, saveBytes } from '../support/large-images.ts';
import { fixturePath } from '../support/images.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { expect, test } from '../support/fixtures.ts';
import { CropToolPage, EditorPage, RecipesPanel } from '../support/pages.ts';
import { psnr } from '../reference/metrics.ts';
import { wordsBrokenIn } from '../support/words.ts';

// Issue 51: recipes, the whole edit kept on the device, shared as a file or a link, applied in one tap.

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';
const OTHER = 'kodak/kodim04.png';
/** A recipe's tap against the same steps by hand (the same path in the worker: measured identical). */
const SAME_DB = 40;

/** CCD, then a 1:1 crop, by hand, as the user makes them; Apply keeps CCD (the crop kept it open). */
async function ccdThenSquare(editor: EditorPage, page: Page): Promise<void> {
  await editor.chooseEffect('ccdEffect');
  await editor.settled('ccdEffect');
  const crop = new CropToolPage(page);
  await crop.open();
  await crop.control('aspect-1-1').click();
  await crop.control('done').click();
  await expect(page.getByTestId('undo-button')).toHaveAttribute('aria-label', /Crop 1:1/);
  await editor.settled();
  await page.getByTestId('apply-button').click();
  await editor.settled();
}

/** Vibrance at `value`, applied as a step: an edit a recipe can be saved from. */
async function vibranceStep(editor: EditorPage, page: Page, value: string): Promise<void> {
  await editor.chooseEffect('vibrance');
  await editor.typeSetting('vibrance', value);
  await editor.settled();
  await page.getByTestId('apply-button').click();
  await editor.settled();
}

for (const engine of ENGINES) {
  test(`${engine}: a recipe saved (CCD, then 1:1) outlives a reload, and one tap on another photo gives the steps made by hand`, async ({
    page,
    editor,
  }) => {
    const recipes = new RecipesPanel(page);
    await editor.open(engine);
    await editor.load(PHOTO);
    await ccdThenSquare(editor, page);
    await recipes.save('Square CCD');

    // The page opened again (its address without the look it had written into it).
    await editor.open(engine);
    await expect(recipes.recipe('Square CCD')).toBeVisible();
    await editor.load(OTHER);
    const loaded = await editor.workerPixels();
    await recipes.recipe('Square CCD').click();
    // One step of the history, named after the recipe.
    await expect(page.getByTestId('undo-button')).toHaveAttribute('aria-label', 'Undo Recipe: Square CCD');
    await editor.settled();
    const tapped = await editor.workerPixels();
    expect(tapped.width).toBe(tapped.height);

    await page.getByTestId('undo-button').click();
    await editor.settled();
    const undone = await editor.workerPixels();
    await page.getByTestId('redo-button').click();
    await expect(page.getByTestId('undo-button')).toHaveAttribute('aria-label', 'Undo Recipe: Square CCD');
    await editor.settled();
    const redone = await editor.workerPixels();
    await page.getByTestId('undo-button').click();
    await editor.settled();
    await ccdThenSquare(editor, page);
    const byHand = await editor.workerPixels();
    const same = psnr(tapped, byHand);
    test.info().annotations.push({ type: 'PSNR', description: `tap against by hand ${same.toFixed(1)} dB` });
    expect(same).toBeGreaterThan(SAME_DB);
    expect(psnr(undone, loaded)).toBeGreaterThan(SAME_DB);
    expect(psnr(redone, tapped)).toBeGreaterThan(SAME_DB);
  });
}

/** Hostile recipe files: each refused (or, for unusable settings, clamped) with a message. */
function hostileFiles(): { name: string; text: string; says: RegExp }[] {
  const recipe = (fields: Record<string, unknown>) =>
    JSON.stringify({
      schema: 'retrocam.recipe',
      version: 1,
      name: 'Hostile',
      steps: [{ effectId: 'vibrance', settings: { vibrance: 0.5 } }],
      crop: null,
      frame: null,
      cubes: {},
      ...fields,
    });
  return [
    // Past the largest recipe file (twice the largest .cube, and a megabyte for the rest).
    { name: 'big.retrocam.json', text: ' '.repeat(34 * 1024 * 1024), says: /too large \(34\.0 MB\)/ },
    {
      name: 'long.retrocam.json',
      text: recipe({ steps: Array.from({ length: 10_000 }, () => ({ effectId: 'vibrance', settings: {} })) }),
      says: /10000 steps/,
    },
    {
      name: 'unknown.retrocam.json',
      text: recipe({ steps: [{ effectId: 'deleteEverything', settings: {} }] }),
      says: /does not have \("deleteEverything"\)/,
    },
    {
      name: 'cube.retrocam.json',
      text: recipe({
        steps: [{ effectId: 'pg2016', settings: { filterName: 'custom' } }],
        cubes: { custom: 'LUT_3D_SIZE 813\n0 0 0\n' },
      }),
      says: /LUT_3D_SIZE 813/,
    },
    { name: 'newer.retrocam.json', text: recipe({ version: 7 }), says: /newer RetroCam/ },
    { name: 'text.retrocam.json', text: 'Not a recipe at all', says: /not JSON/ },
  ];
}

test('a recipe exported, then imported by touch in a fresh browser at 390x844, gives the same photo; hostile files and links change nothing', async ({
  page,
  editor,
  browser,
}) => {
  test.setTimeout(240_000);
  const recipes = new RecipesPanel(page);
  await editor.open('webgl2');
  await editor.load(PHOTO);
  await ccdThenSquare(editor, page);
  const made = await editor.workerPixels();
  await recipes.save('My party');
  const exported = await recipes.export('My party');
  expect(exported.name).toBe('My party.retrocam.json');

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
  });
  try {
    const mobile = await phone.newPage();
    const other = new EditorPage(mobile);
    const panel = new RecipesPanel(mobile);
    // A broken link says so, and the editor opens all the same.
    await mobile.goto('/editor?engine=webgl2&testHooks=1&thumbnails=0&warmUp=0&recipe=%7Bbroken');
    expect((await other.takeNotification('error')).text).toMatch('recipe link is broken');
    await other.expectStatus('WorkerReady');
    await other.load(PHOTO);
    await panel.import({
      name: exported.name,
      mimeType: 'application/json',
      buffer: Buffer.from(exported.text),
    });
    await other.takeNotification('success');
    await panel.recipe('My party').tap();
    await expect(mobile.getByTestId('undo-button')).toHaveAttribute('aria-label', 'Undo Recipe: My party');
    await other.settled();
    const imported = await other.workerPixels();
    const same = psnr(imported, made);
    test
      .info()
      .annotations.push({ type: 'PSNR', description: `imported on the phone ${same.toFixed(1)} dB` });
    expect(same).toBeGreaterThan(SAME_DB);

    // Hostile files: a message each; the photo and its history stay as they were.
    for (const file of hostileFiles()) {
      await panel.import({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
      expect((await other.takeNotification('error')).text, file.name).toMatch(file.says);
    }
    const huge = JSON.stringify({
      schema: 'retrocam.recipe',
      version: 1,
      name: 'Huge',
      steps: [
        { effectId: 'vibrance', settings: { vibrance: 1e308 } },
        { effectId: 'ccdEffect', settings: { ccd_bloom_amount: 'NaN' } },
      ],
    });
    await panel.import({
      name: 'huge.retrocam.json',
      mimeType: 'application/json',
      buffer: Buffer.from(huge),
    });
    expect((await other.takeNotification('warning')).text).toMatch('2 of its settings were out of range');
    await expect(panel.recipe('Huge')).toBeVisible();
    await expect(mobile.getByTestId('undo-button')).toHaveAttribute('aria-label', 'Undo Recipe: My party');
    expect(psnr(await other.workerPixels(), imported)).toBeGreaterThan(SAME_DB);

    // The link of the same recipe offers it for the photo.
    const link = new URLSearchParams({ recipe: exported.text });
    await mobile.goto(`/editor?engine=webgl2&testHooks=1&thumbnails=0&warmUp=0&${link.toString()}`);
    await other.expectStatus('WorkerReady');
    await other.load(PHOTO);
    await mobile.getByTestId('recipe-offered').getByTestId('recipe').tap();
    await expect(mobile.getByTestId('undo-button')).toHaveAttribute('aria-label', 'Undo Recipe: My party');
    await other.settled();
    expect(psnr(await other.workerPixels(), made)).toBeGreaterThan(SAME_DB);
  } finally {
    await phone.close();
  }
});

test('a full store says so, and the recipes already kept stay', async ({ page, editor }) => {
  const recipes = new RecipesPanel(page);
  await editor.open('webgl2');
  await editor.load(PHOTO);
  await vibranceStep(editor, page, '0.8');
  await recipes.save('Kept');
  // The same browser, its store now full (a shrunk quota).
  await editor.open('webgl2', 'recipeQuota=1');
  await editor.load(PHOTO);
  await vibranceStep(editor, page, '-0.5');
  await recipes.saveButton.click();
  await page.getByTestId('recipe-name').fill('One too many');
  await page.getByTestId('recipe-save-confirm').click();
  expect((await editor.takeNotification('error')).text).toMatch('no room left');
  await editor.open('webgl2');
  await expect(recipes.recipe('Kept')).toBeVisible();
  await expect(recipes.recipe('One too many')).toHaveCount(0);
});

test('with the recipes shown, axe finds nothing serious at 390x844, 800x600 and 1440x900, and every recipe control is reached by keyboard', async ({
  page,
  editor,
}) => {
  test.setTimeout(180_000);
  const recipes = new RecipesPanel(page);
  await editor.open('webgl2', 'testHooks=1&warmUp=0', { thumbnails: true });
  await editor.load(PHOTO);
  await expect(page.getByTestId('recipe-thumb').first()).toBeVisible({ timeout: 60_000 });
  await recipes.openMenu('Party 2005');
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 800, height: 600 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, `${viewport.width}x${viewport.height}`).toEqual([]);
    expect(await wordsBrokenIn(page, '.recipe-name'), `${viewport.width}x${viewport.height}`).toEqual([]);
  }
  // By keyboard alone: Tab reaches each control of the panel and its open menu, and Enter works them.
  const reached = new Set<string>();
  await page.locator('body').focus();
  for (let press = 0; press < 160 && reached.size < 9; press++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    if (id.startsWith('recipe') || id === 'engine-choice') reached.add(id);
  }
  expect([...reached].sort()).toEqual(
    expect.arrayContaining([
      'recipe',
      'recipe-delete',
      'recipe-export',
      'recipe-menu',
      'recipe-move-down',
      'recipe-rename',
      'recipe-save',
      'recipe-share',
    ]),
  );
  await recipes.saveButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('recipe-name')).toBeFocused();
});

test("'Apply to all' with a recipe gives each photo of the batch as the recipe applied to it alone", async ({
  page,
  editor,
}) => {
  test.setTimeout(240_000);
  const recipes = new RecipesPanel(page);
  const photos = ['kodim23', 'kodim04', 'kodim05'];
  await editor.open('webgl2');
  await editor.loadWith(() =>
    editor.uploadInput.setInputFiles(photos.map((name) => fixturePath(`kodak/${name}.png`))),
  );
  await expect(page.getByTestId('batch-panel')).toContainText('3 photos');
  // A starter with a crop and a Filters look: the batch takes the recipe, not the (unedited) photo on screen.
  await page.getByTestId('batch-recipe').selectOption({ label: 'Recipe: 2012 square filter' });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 200_000 }),
    page.getByTestId('batch-apply').click(),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  await page.getByTestId('save-full-resolution').check();
  for (const name of photos) {
    const entry = zip.file(`${name}_recipe.jpg`);
    expect(entry, `${name} in the zip`).not.toBeNull();
    await editor.load(`kodak/${name}.png`);
    await recipes.recipe('2012 square filter').click();
    await expect(page.getByTestId('undo-button')).toHaveAttribute(
      'aria-label',
      'Undo Recipe: 2012 square filter',
    );
    await editor.settled();
    const alone = await saveBytes(page);
    const batched = Buffer.from(await entry!.async('uint8array'));
    const { psnr: same, width, height } = await compareInPage(page, batched, alone.bytes);
    test.info().annotations.push({ type: 'PSNR', description: `${name}: ${same.toFixed(1)} dB` });
    expect(width).toBe(height);
    expect(same).toBeGreaterThan(SAME_DB);
  }
});

test('a recipe named with one long word keeps its tile inside the list on a phone, the word broken at the edge', async ({
  page,
  editor,
}) => {
  const recipes = new RecipesPanel(page);
  await editor.open('webgl2');
  await editor.load(PHOTO);
  await vibranceStep(editor, page, '0.8');
  await recipes.save('Supercalifragilisticexpialidociousdigicamlook');
  await page.setViewportSize({ width: 390, height: 844 });
  const tile = recipes.recipe('Supercalifragilisticexpialidociousdigicamlook');
  await expect(tile).toBeVisible();
  // The tile, and every recipe item, no wider than its place in the list.
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.recipe-item')]
      .filter((item) => item.scrollWidth > item.clientWidth + 1)
      .map((item) => `${item.textContent}: ${item.scrollWidth} > ${item.clientWidth}`),
  );
  expect(overflowing).toEqual([]);
});
