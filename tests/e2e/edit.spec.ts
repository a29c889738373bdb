// One edit you can go back to (issue 62): every step stays editable, the steps are shown, and every
// consumer (the preview, the saves, a batch, links, recipes, recovery) reads the one edit.
import type { Browser, Page } from '@playwright/test';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { expect, test, QUICK } from '../support/fixtures.ts';
import { CropToolPage, EditorPage } from '../support/pages.ts';
import { psnr } from '../reference/metrics.ts';

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';
/** Two edits that make the same steps in another order of the user's actions: the same pixels (equal bytes, measured). */
const SAME_DB = 60;

/** The steps of the edit on screen, as the list shows them: kind and effect. */
async function steps(page: Page): Promise<string[]> {
  const items = page.getByTestId('edit-steps').getByTestId('edit-step');
  return items.evaluateAll((nodes) =>
    nodes.map((node) => {
      const el = node as HTMLElement;
      return el.dataset.effectId
        ? `${el.dataset.stepKind}:${el.dataset.effectId}`
        : (el.dataset.stepKind ?? '');
    }),
  );
}

async function cropTo(page: Page, editor: EditorPage, aspect: string): Promise<void> {
  const crop = new CropToolPage(page);
  await crop.open();
  await crop.control(`aspect-${aspect}`).click();
  await crop.control('done').click();
  await editor.settled();
}

async function setValue(editor: EditorPage, testId: string, value: string): Promise<void> {
  const control = editor.page.getByTestId(testId);
  await control.fill(value);
  await control.press('Enter');
  await editor.settled();
}

/** CCD with Bloom 1.8 (and `strength` when given), applied, not committed. */
async function ccd(editor: EditorPage, strength?: string): Promise<void> {
  await editor.chooseEffect('ccdEffect');
  await editor.settled('ccdEffect');
  await setValue(editor, 'setting-ccd_bloom_amount', '1.8');
  if (strength) await setValue(editor, 'look-strength', strength);
}

/** An editor in a profile of its own (no recipes, nothing remembered). */
async function freshEditor(browser: Browser): Promise<{ page: Page; editor: EditorPage }> {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, acceptDownloads: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  return { page, editor: new EditorPage(page) };
}

for (const engine of ENGINES) {
  test(
    `${engine}: CCD (Bloom 1.8), a 4:5 crop, then the CCD step's strength at 60 saves as a fresh edit of both; taking CCD out leaves the crop`,
    QUICK(engine),
    async ({ page, editor, browser }) => {
      await editor.open(engine);
      await editor.load(PHOTO);
      await ccd(editor);
      await cropTo(page, editor, '4-5');
      // Nothing was baked: CCD is still the look being adjusted, its Bloom as it was.
      await expect(editor.setting('ccd_bloom_amount')).toHaveValue('1.8');
      expect(await steps(page)).toEqual(['crop', 'effect:ccdEffect']);
      await page.getByTestId('apply-button').click();
      await editor.settled();
      // A tap on the CCD step opens it as it was; its strength at 60 changes that step.
      await page.locator('[data-testid=edit-step][data-effect-id=ccdEffect] .edit-step-open').click();
      await expect(editor.setting('ccd_bloom_amount')).toHaveValue('1.8');
      await setValue(editor, 'look-strength', '60');
      await page.getByTestId('apply-button').click();
      await editor.settled();
      await expect(page.getByTestId('undo-button')).toHaveAttribute('aria-label', 'Undo CCD: Strength');
      expect(await steps(page)).toEqual(['crop', 'effect:ccdEffect']);
      // Choosing CCD again opens the existing step, not a second one.
      await editor.chooseEffect('ccdEffect');
      await expect(page.getByTestId('look-strength')).toHaveValue('60');
      await editor.settled();
      expect(await steps(page)).toEqual(['crop', 'effect:ccdEffect']);
      const edited = await editor.save();

      // Taking the CCD step out leaves the crop as it was.
      await page
        .locator('[data-testid=edit-step][data-effect-id=ccdEffect] [data-testid=edit-step-remove]')
        .click();
      await editor.settled();
      expect(await steps(page)).toEqual(['crop']);
      const cropOnly = await editor.save();

      // A fresh editor: CCD at Bloom 1.8 and strength 60, then the same crop.
      const fresh = await freshEditor(browser);
      await fresh.editor.open(engine);
      await fresh.editor.load(PHOTO);
      await ccd(fresh.editor, '60');
      await cropTo(fresh.page, fresh.editor, '4-5');
      const made = await fresh.editor.save();
      const freshEdit = psnr(edited, made);
      // And the crop alone: the CCD being adjusted (never applied with Apply) taken out.
      await fresh.page
        .locator('[data-testid=edit-step][data-effect-id=ccdEffect] [data-testid=edit-step-remove]')
        .click();
      await fresh.editor.settled();
      expect(await steps(fresh.page)).toEqual(['crop']);
      const freshCrop = await fresh.editor.save();
      await fresh.page.context().close();
      test.info().annotations.push({
        type: 'PSNR',
        description: `edited ${freshEdit.toFixed(1)} dB, crop alone ${psnr(cropOnly, freshCrop).toFixed(1)} dB`,
      });
      expect(edited.width).toBe(made.width);
      expect(freshEdit).toBeGreaterThan(SAME_DB);
      expect(psnr(cropOnly, freshCrop)).toBeGreaterThan(SAME_DB);
    },
  );
}
