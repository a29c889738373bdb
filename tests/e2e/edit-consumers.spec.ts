// Every consumer reads the one edit (issue 62): two .cube steps each keep their own table through the
// full-resolution save, 'Apply to all', a recipe and a recovery; the address bar's link is the whole edit;
// a share gives a link that a fresh profile opens.
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Browser, Page } from '@playwright/test';
import { compareInPage, enlargedJpeg, saveBytes } from '../support/large-images.ts';
import { fixturePath } from '../support/images.ts';
import { decodeInBrowser } from '../support/decode.ts';
import { expect, test } from '../support/fixtures.ts';
import { CropToolPage, EditorPage, RecipesPanel } from '../support/pages.ts';
import { psnr } from '../reference/metrics.ts';

const PHOTO = 'kodak/kodim23.png';
const OTHER = 'kodak/kodim04.png';
/** The same edit replayed (a recovery, a link, a recipe): the same steps on the same pixels. */
const SAME_DB = 60;
/** The preview against a full-resolution save of a photo no larger than the preview: tiles, a JPEG. */
const SAVE_DB = 45;

/** A .cube of `size` points a side, made here: `grade` maps an input colour (0..1) to its output. */
function cubeText(
  size: number,
  grade: (r: number, g: number, b: number) => [number, number, number],
): string {
  const rows = [`TITLE "made here"`, `LUT_3D_SIZE ${size}`];
  for (let b = 0; b < size; b++)
    for (let g = 0; g < size; g++)
      for (let r = 0; r < size; r++) {
        const out = grade(r / (size - 1), g / (size - 1), b / (size - 1));
        rows.push(out.map((v) => Math.min(1, Math.max(0, v)).toFixed(5)).join(' '));
      }
  return `${rows.join('\n')}\n`;
}

/** Warm and lifted: red up, blue down. */
const WARM = cubeText(17, (r, g, b) => [r * 0.9 + 0.1, g, b * 0.75]);
/** Red and blue swapped. */
const SWAPPED = cubeText(17, (r, g, b) => [b, g, r]);

const cubeFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(text),
});

/** A Filters step reading its own .cube: chosen (or a copy added), the file loaded, applied. */
async function cubeStep(page: Page, editor: EditorPage, name: string, text: string, copy: boolean) {
  await editor.chooseEffect('pg2016');
  await editor.settled('pg2016');
  if (copy) {
    await page.getByTestId('edit-step-add-copy').click();
    await editor.settled('pg2016');
  }
  await editor.typeSetting('vignetteStrength', '0');
  await editor.typeSetting('grainAmount', '0');
  await page.getByTestId('cube-input').setInputFiles(cubeFile(name, text));
  await expect(editor.setting('filterName')).toHaveValue('custom');
  await editor.settled();
  await page.getByTestId('apply-button').click();
  await editor.settled();
}

async function freshContext(browser: Browser): Promise<{ page: Page; editor: EditorPage }> {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, acceptDownloads: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  return { page, editor: new EditorPage(page) };
}

test("two .cube steps each keep their own table: the full-resolution save, 'Apply to all' and a recovery match the preview, and a recipe embeds both", async ({
  page,
  editor,
}) => {
  test.setTimeout(240_000);
  const recipes = new RecipesPanel(page);
  await editor.open('webgl2');
  // A photo of the preview's own size (1080 px long): its preview save and its full-resolution save are
  // then made at one size, nothing resampled between them.
  const photoFile = {
    name: 'lake.jpg',
    mimeType: 'image/jpeg',
    buffer: await enlargedJpeg(page, PHOTO, 1080, 720),
  };
  const other = { name: 'kodim04.png', mimeType: 'image/png', buffer: readFileSync(fixturePath(OTHER)) };
  await editor.loadWith(() => editor.uploadInput.setInputFiles([photoFile, other]));
  const photo = await editor.workerPixels();
  await cubeStep(page, editor, 'warm.cube', WARM, false);
  const warm = await editor.workerPixels();
  await cubeStep(page, editor, 'swapped.cube', SWAPPED, true);
  const both = await editor.workerPixels();
  // Each table did its own work: the second is not the first one again.
  expect(psnr(warm, photo)).toBeLessThan(30);
  expect(psnr(both, warm)).toBeLessThan(30);
  await expect(page.getByTestId('edit-steps').getByTestId('edit-step')).toHaveCount(2);
  // A third step over them, for the recovery.
  await editor.chooseEffect('vibrance');
  await editor.typeSetting('vibrance', '0.6');
  await editor.settled();
  const shown = await editor.workerPixels();

  const preview = await decodeInBrowser(page, (await saveBytes(page)).bytes);
  await page.getByTestId('save-full-resolution').check();
  const full = await decodeInBrowser(page, (await saveBytes(page)).bytes);
  const fullDb = psnr(full, preview);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByTestId('batch-apply').click(),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const entry = zip.file(/^lake_/)[0];
  expect(entry, 'the photo in the zip').toBeDefined();
  const batched = psnr(await decodeInBrowser(page, Buffer.from(await entry!.async('uint8array'))), preview);

  // The worker dies: a fresh one is given the photo and the edit, both tables with it.
  await page.evaluate(() => window.__retrocam?.testHook('crash'));
  await expect
    .poll(() => page.evaluate(() => window.__retrocam?.statuses().includes('ContextLost')), {
      timeout: 30_000,
    })
    .toBe(true);
  await editor.expectStatus('ImageReady', { timeout: 60_000 });
  const recovered = psnr(await editor.workerPixels(), shown);

  // A recipe of the edit carries both tables, each step naming its own.
  await page.getByTestId('apply-button').click();
  await editor.settled();
  await recipes.save('Two tables');
  const file = JSON.parse((await recipes.export('Two tables')).text) as {
    steps: { effectId: string; cube?: string }[];
    cubes: Record<string, string>;
  };
  test.info().annotations.push({
    type: 'PSNR',
    description: `full ${fullDb.toFixed(1)} dB, batch ${batched.toFixed(1)} dB, recovered ${recovered.toFixed(1)} dB`,
  });
  expect([full.width, full.height, preview.width]).toEqual([1080, 720, 1080]);
  expect(fullDb).toBeGreaterThan(SAVE_DB);
  expect(batched).toBeGreaterThan(SAVE_DB);
  expect(recovered).toBeGreaterThan(SAME_DB);
  const named = file.steps.flatMap((step) => (step.cube ? [step.cube] : []));
  expect(new Set(named).size).toBe(2);
  expect(Object.keys(file.cubes).sort()).toEqual([...named].sort());
  expect(Object.values(file.cubes).sort()).toEqual([SWAPPED, WARM].sort());
});

test("the address bar's link is the whole edit, ?lang=de kept at every step: opened in a fresh profile on the same photo it saves the same", async ({
  page,
  editor,
  browser,
}) => {
  test.setTimeout(240_000);
  await editor.open('webgl2', 'lang=de');
  await editor.load(PHOTO);
  const lang = () => new URL(page.url()).searchParams.get('lang');
  const links: { search: string; saved: Buffer }[] = [];
  /**
   * The link once its `param` is `value` (written at most every 400 ms), and the save it stands for. The
   * param is the step's last change: the link may still lag behind a change made before it.
   */
  const keep = async (param: string, value: string) => {
    await expect.poll(() => new URL(page.url()).searchParams.get(param)).toBe(value);
    expect(lang()).toBe('de');
    links.push({ search: new URL(page.url()).search, saved: (await saveBytes(page)).bytes });
  };
  // CCD, applied; a 4:5 crop; an instant print with a caption; vibrance over it all, not applied.
  await editor.chooseEffect('ccdEffect');
  await editor.typeSetting('ccd_bloom_amount', '1.8');
  await editor.settled();
  await page.getByTestId('apply-button').click();
  await editor.settled();
  await keep('ccd_bloom_amount', '1.8');
  const crop = new CropToolPage(page);
  await crop.open();
  await crop.control('aspect-4-5').click();
  await crop.control('done').click();
  await editor.settled();
  await keep('crop', '4-5');
  await page.getByTestId('frame-button').click();
  await page.getByTestId('frame-instant-square').click();
  await page.getByTestId('frame-caption').fill('Lake');
  await page.getByTestId('frame-done').click();
  await editor.settled();
  await expect.poll(() => new URL(page.url()).searchParams.get('frameCaption')).toBe('Lake');
  await editor.chooseEffect('vibrance');
  await editor.typeSetting('vibrance', '0.4');
  await editor.settled();
  await keep('vibrance', '0.4');
  expect(new URL(page.url()).searchParams.get('steps')).toContain('ccdEffect');

  const fresh = await freshContext(browser);
  const scores: number[] = [];
  for (const { search, saved } of [links[1]!, links[2]!]) {
    await fresh.page.goto(`/editor${search}`);
    await fresh.editor.expectStatus('WorkerReady');
    await fresh.editor.load(PHOTO);
    const effect = new URLSearchParams(search).get('effect')!;
    await fresh.editor.settled(effect);
    await expect(fresh.page.getByTestId('edit-steps').getByTestId('edit-step')).not.toHaveCount(0);
    // The language stays the link's own choice.
    await expect(fresh.page.locator('html')).toHaveAttribute('lang', 'de');
    const same = await compareInPage(fresh.page, (await saveBytes(fresh.page)).bytes, saved);
    expect([same.width, same.height]).toEqual([same.referenceWidth, same.referenceHeight]);
    scores.push(same.psnr);
  }
  await fresh.page.context().close();
  test
    .info()
    .annotations.push({ type: 'PSNR', description: scores.map((s) => `${s.toFixed(1)} dB`).join(', ') });
  for (const score of scores) expect(score).toBeGreaterThan(SAME_DB);
});

test('Share gives a link (the Web Share sheet where there is one, else the clipboard and the field); a shared recipe greets its visitor and applies the same', async ({
  page,
  editor,
  browser,
}) => {
  test.setTimeout(240_000);
  const recipes = new RecipesPanel(page);
  // A browser with a share sheet: it is given the link.
  await page.addInitScript(() => {
    const shared: string[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        shared.push(data.url ?? '');
        return Promise.resolve();
      },
    });
  });
  await editor.open('webgl2');
  await editor.load(PHOTO);
  await editor.chooseEffect('ccdEffect');
  await editor.settled('ccdEffect');
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-link')).toHaveValue(/\/editor\?effect=ccdEffect/);
  const sheet = await page.evaluate(() => (window as unknown as { __shared: string[] }).__shared);
  expect(sheet).toEqual([await page.getByTestId('share-link').inputValue()]);
  await page.getByTestId('share-close').click();
  await page.getByTestId('apply-button').click();
  await editor.settled();
  await recipes.save('Lake CCD print');
  await recipes.recipe('Lake CCD print').click();
  await editor.settled();
  const fromList = (await saveBytes(page)).bytes;

  // A browser without one: the clipboard, a message, the field.
  const other = await freshContext(browser);
  await other.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const otherRecipes = new RecipesPanel(other.page);
  await other.editor.open('webgl2');
  await other.editor.load(PHOTO);
  await other.editor.chooseEffect('ccdEffect');
  await other.editor.settled('ccdEffect');
  await other.page.getByTestId('apply-button').click();
  await other.editor.settled();
  await otherRecipes.save('Lake CCD print');
  await otherRecipes.openMenu('Lake CCD print');
  await otherRecipes.item('Lake CCD print').getByTestId('recipe-share').click();
  expect((await other.editor.takeNotification('success')).text).toMatch(/^Link copied\./);
  const link = await other.page.getByTestId('share-link').inputValue();
  expect(await other.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(new URL(link).searchParams.has('recipe')).toBe(true);
  await other.page.context().close();

  // Opened in a fresh profile: the visitor is told what was shared, and after a photo the recipe is in view.
  const visitor = await freshContext(browser);
  const url = new URL(link);
  await visitor.page.goto(`${url.pathname}${url.search}&engine=webgl2&testHooks=1&thumbnails=0&warmUp=0`);
  await visitor.editor.expectStatus('WorkerReady');
  await expect(visitor.page.getByTestId('notification')).toHaveText(
    /Someone shared “Lake CCD print”\. Choose a photo to try it\./,
  );
  await visitor.editor.load(PHOTO);
  const offered = visitor.page.getByTestId('recipe-offered').getByTestId('recipe');
  await expect(offered).toBeInViewport();
  await offered.click();
  await visitor.editor.settled();
  const same = await compareInPage(visitor.page, (await saveBytes(visitor.page)).bytes, fromList);
  await visitor.page.context().close();
  test.info().annotations.push({ type: 'PSNR', description: `${same.psnr.toFixed(1)} dB` });
  expect(same.psnr).toBeGreaterThan(SAME_DB);
});
