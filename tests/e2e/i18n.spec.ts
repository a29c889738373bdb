// The app in the visitor's language through the production build: a German browser's landing page and
// editor, and Arabic right to left with the photo unmirrored.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

const LOCALES = join(import.meta.dirname, '../../src/i18n/locales');
const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(LOCALES, `${locale}.json`), 'utf8')) as Record<string, string>;

/** The landing page's visible words (letters only, lower case), without the names kept in every language. */
async function landingWords(page: Page): Promise<string[]> {
  // The language control names every language in itself: not the page's words.
  const text = await page.locator('body').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('select, script, style').forEach((element) => element.remove());
    return copy.textContent ?? '';
  });
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter(
    (word) =>
      !['retrocam', 'nokia', 'ccd', 'jpeg', 'jpg', 'png', 'webp', 'iphone', 'app', 'store', 'mb'].includes(
        word,
      ),
  );
}

// One browser language through the production build (the five browsers' choices, ?lang=, the kept choice
// and the editor's control are in tests/component/i18n.test.tsx).
for (const [locale, tag] of [['de-DE', 'de']] as const) {
  test.describe(`a browser set to ${locale}`, () => {
    test.use({ locale });

    test(`the landing page and the editor come up in ${tag}`, async ({ page, landing, editor }) => {
      // The English page's words, for this visit only (`?lang=en` is not kept).
      await landing.open('lang=en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      const englishWords = new Set(await landingWords(page));
      await landing.open();
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(page.getByTestId('language-select')).toHaveValue(tag);
      const words = await landingWords(page);
      const english = words.filter((word) => englishWords.has(word));
      test.info().annotations.push({
        type: 'English words left',
        description: `${english.length} of ${words.length} (${((100 * english.length) / words.length).toFixed(1)} %)`,
      });
      expect(english.length / words.length, `English words left: ${english.join(' ')}`).toBeLessThan(1 / 3);

      await editor.open('webgl2');
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
      await expect(page.getByRole('heading', { name: catalogue(tag)['Effects'] }).first()).toBeAttached();
      await expect(page.getByTestId('save-button')).toHaveText(catalogue(tag)['Save Image']!);
    });
  });
}

test.describe('Arabic', () => {
  test.use({ locale: 'ar' });

  test('right to left: the action bar and the panels mirrored, the photo not, the save identical', async ({
    page,
    editor,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await editor.open('webgl2');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await editor.load('kodak/kodim23.png');
    // The effects list, on the left in English, is on the right; in the action bar Undo, before Redo, is
    // to its right.
    const list = await page.locator('.sidebar-left').boundingBox();
    const canvas = await editor.canvas.boundingBox();
    expect(list!.x).toBeGreaterThan(canvas!.x);
    const undo = await page.getByTestId('undo-button').boundingBox();
    const redo = await page.getByTestId('redo-button').boundingBox();
    expect(undo!.x).toBeGreaterThan(redo!.x);
    // Over the photo, Compare (bottom left in English) is at the bottom right, where lines start.
    const area = await page.locator('.canvas-area').boundingBox();
    const compare = await page.getByTestId('compare-button').boundingBox();
    expect(compare!.x - area!.x, 'Compare in the right half').toBeGreaterThan(area!.width / 2);
    // The photo is drawn as it is: no transform mirrors the canvas.
    const transform = await editor.canvas.evaluate((element) => getComputedStyle(element).transform);
    expect(transform === 'none' || !transform.startsWith('matrix(-1')).toBe(true);
    await editor.chooseEffect('ccdEffect');
    await editor.settled('ccdEffect');
    const arabic = await editor.save();

    await page.goto('/editor?engine=webgl2&lang=en&testHooks=1&thumbnails=0&warmUp=0');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await editor.expectStatus('WorkerReady');
    await editor.load('kodak/kodim23.png');
    await editor.chooseEffect('ccdEffect');
    await editor.settled('ccdEffect');
    const english = await editor.save();
    expect(arabic.width).toBe(english.width);
    expect(Buffer.from(arabic.data).equals(Buffer.from(english.data))).toBe(true);
  });
});
