// The pseudo-locale (`?lang=en-XA`: every catalogue message accented and 30 % longer): a word of plain
// ASCII letters left on a page of the main flows came from outside the catalogues.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { fixturePath } from '../support/images.ts';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { COLLAGE_FONTS } from '../../src/collage/model/fonts.ts';

// The camera dialog is part of the walk: Chromium's fake camera (its test pattern) stands in for one.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? findChromium() ?? undefined,
    args: [...chromiumArgs(), '--use-fake-device-for-media-stream'],
  },
  permissions: ['camera'],
});

/** Text that is not a message: names and values the app shows as they are. */
const ALLOWED = [
  /RetroCam/g,
  /[\w.-]+\.(png|jpe?g|webp|heic|heif|cube|zip|txt)\b/gi,
  /[\w.+-]+@[\w.-]+/g,
  // The collage's fonts, by their proper names.
  ...COLLAGE_FONTS.map((font) => new RegExp(`\\b${font}\\b`, 'g')),
  /\b(Instagram|TikTok|WebGPU|WebGL2|CPU|JPG|PNG|WEBP|HEIC|HEIF|iPhone|sRGB)\b/g,
];

/** Visible text and labels (aria-label, title, alt, placeholder) with a word of plain ASCII letters. */
async function outsideCatalogues(page: Page): Promise<string[]> {
  return page.evaluate(
    (allowed) => {
      const patterns = allowed.map(([source, flags]) => new RegExp(source, flags));
      const found = new Set<string>();
      const check = (text: string | null, where: string) => {
        if (!text) return;
        let rest = text;
        for (const pattern of patterns) rest = rest.replace(pattern, ' ');
        if (/[A-Za-z]{2,}/.test(rest)) found.add(`${where}: ${text.trim().slice(0, 80)}`);
      };
      // The ASCII art, the language names (each in its own language) are not messages.
      const skipped = (element: Element) =>
        element.closest('[aria-hidden="true"], script, style, [data-testid="language-select"]') !== null;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || skipped(parent) || !parent.checkVisibility()) continue;
        check(node.textContent, parent.tagName.toLowerCase());
      }
      for (const element of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
        if (skipped(element) || !element.checkVisibility()) continue;
        for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
          check(element.getAttribute(name), `${element.tagName.toLowerCase()}[${name}]`);
        }
      }
      return [...found];
    },
    ALLOWED.map((pattern) => [pattern.source, pattern.flags] as const),
  );
}

test('the pseudo-locale finds no text outside the catalogues: landing, an error, the editor, recipes, frames, an effect, crop, the camera, save, collage, batch', async ({
  page,
  landing,
  editor,
}) => {
  test.setTimeout(180_000);
  /** Every step's finds, so that one run names all of them. */
  const check = async (where: string) => expect.soft(await outsideCatalogues(page), where).toEqual([]);

  await landing.open('lang=en-XA');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await check('landing');

  // An error from the intake (its worker writes the message in English; the page shows it translated).
  await landing.input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByTestId('notification')).toBeVisible();
  await check('an error on the landing page');

  await editor.open('webgl2', 'lang=en-XA');
  await check('the editor, empty');
  await editor.load('kodak/kodim23.png');

  // The recipes, where no effect is chosen: the starters (named in the language of the store's first
  // use), a recipe's menu, the save-as-recipe name field.
  const recipes = page.getByTestId('recipes');
  await expect(recipes.getByTestId('recipe').first()).toBeVisible();
  await check('recipes');
  await recipes.getByTestId('recipe-menu').first().click();
  await expect(recipes.getByTestId('recipe-rename')).toBeVisible();
  await check('a recipe menu');
  await recipes.getByTestId('recipe-delete').click();
  await expect(recipes.getByTestId('recipe-delete-confirm')).toBeVisible();
  await check('a recipe delete');
  await recipes.getByTestId('recipe-menu').first().click();
  await recipes.getByTestId('recipe-save').click();
  await expect(recipes.getByTestId('recipe-name')).toBeVisible();
  await check('save as recipe');
  // Cancel: the walk saves no recipe.
  await recipes.locator('.recipe-save-actions button[type=button]').click();
  await expect(recipes.getByTestId('recipe-save')).toBeVisible();

  // The frame choice, with each kind of frame's options (a print's caption, the film's edge, the date).
  await page.getByTestId('frame-button').click();
  await expect(page.getByTestId('frame-none')).toBeVisible();
  await check('frames');
  for (const id of ['instant-square', 'film-35mm', 'print-border']) {
    await page.getByTestId(`frame-${id}`).click();
    await expect(page.getByTestId(`frame-${id}`)).toHaveAttribute('aria-pressed', 'true');
    await check(`frame ${id}`);
  }
  await page.getByTestId('frame-none').click();
  await page.getByTestId('frame-done').click();
  await expect(page.getByTestId('frame-button')).toHaveAttribute('aria-expanded', 'false');

  await editor.chooseEffect('ccdEffect');
  await editor.settled('ccdEffect');
  await check('an effect');

  // The crop tool: its aspects, a turned aspect, a straightening, then cancelled.
  await page.getByTestId('crop-button').click();
  await expect(page.getByTestId('crop-frame')).toBeVisible();
  await check('crop');
  await page.getByTestId('crop-aspect-4-5').click();
  await page.getByTestId('crop-aspect-turn').click();
  await page.getByTestId('crop-straighten').fill('5');
  await check('crop, 5:4 straightened');
  await page.getByTestId('crop-cancel').click();
  await expect(page.getByTestId('crop-frame')).toBeHidden();

  await page.getByTestId('shortcuts-button').click();
  await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
  await check('shortcuts');
  await page.keyboard.press('Escape');

  // The camera dialog, running (the fake camera), with the self-timer on.
  await page.getByTestId('camera-button').click();
  await expect(page.getByTestId('camera')).toHaveAttribute('data-state', 'running');
  await page.getByTestId('camera-timer').click();
  // Its frame rate, once frames are shown.
  await expect(page.locator('.camera-info')).not.toBeEmpty();
  await check('the camera');
  await page.getByTestId('camera-close').click();
  await expect(page.getByTestId('camera')).toBeHidden();

  await editor.save();
  await expect(page.getByTestId('notification')).toBeVisible();
  await check('save');

  // The collage, with a text chosen (its font, size and colour controls).
  await editor.collage.open();
  await check('collage');
  await page.getByTestId('collage-add-text').click();
  await expect(page.getByTestId('collage-text-content')).toBeVisible();
  await check('collage text');

  await editor.uploadInput.setInputFiles([
    fixturePath('kodak/kodim23.png'),
    fixturePath('kodak/kodim05.png'),
  ]);
  await expect(page.getByTestId('batch-panel')).toBeVisible();
  await check('batch');
});
