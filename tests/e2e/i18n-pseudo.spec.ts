// The pseudo-locale (`?lang=en-XA`: every catalogue message accented and 30 % longer): a word of plain
// ASCII letters left on a page of the main flows came from outside the catalogues.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { fixturePath } from '../support/images.ts';

/** Text that is not a message: names and values the app shows as they are. */
const ALLOWED = [
  /RetroCam/g,
  /[\w.-]+\.(png|jpe?g|webp|heic|heif|cube|zip|txt)\b/gi,
  /[\w.+-]+@[\w.-]+/g,
  // Key names in the shortcuts' labels, as the keyboards print them.
  /\b(Ctrl|Shift|Enter|Alt|Esc|Escape|Space|Tab)\b/g,
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
      // Keys, the ASCII art, the language names (each in its own language) are not messages.
      const skipped = (element: Element) =>
        element.closest('[aria-hidden="true"], kbd, script, style, [data-testid="language-select"]') !== null;
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

test('the pseudo-locale finds no text outside the catalogues: landing, an error, the editor, recipes, frames, save, batch', async ({
  page,
  landing,
  editor,
}) => {
  await landing.open('lang=en-XA');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  expect(await outsideCatalogues(page)).toEqual([]);

  // An error from the intake (its worker writes the message in English; the page shows it translated).
  await landing.input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByTestId('notification')).toBeVisible();
  expect(await outsideCatalogues(page)).toEqual([]);

  await editor.open('webgl2', 'lang=en-XA');
  expect(await outsideCatalogues(page)).toEqual([]);
  await editor.load('kodak/kodim23.png');

  // The recipes, where no effect is chosen: the starters (named in the language of the store's first
  // use), a recipe's menu, the save-as-recipe name field.
  const recipes = page.getByTestId('recipes');
  await expect(recipes.getByTestId('recipe').first()).toBeVisible();
  expect(await outsideCatalogues(page)).toEqual([]);
  await recipes.getByTestId('recipe-menu').first().click();
  await expect(recipes.getByTestId('recipe-rename')).toBeVisible();
  expect(await outsideCatalogues(page)).toEqual([]);
  await recipes.getByTestId('recipe-delete').click();
  await expect(recipes.getByTestId('recipe-delete-confirm')).toBeVisible();
  expect(await outsideCatalogues(page)).toEqual([]);
  await recipes.getByTestId('recipe-menu').first().click();
  await recipes.getByTestId('recipe-save').click();
  await expect(recipes.getByTestId('recipe-name')).toBeVisible();
  expect(await outsideCatalogues(page)).toEqual([]);
  // Cancel: the walk saves no recipe.
  await recipes.locator('.recipe-save-actions button[type=button]').click();
  await expect(recipes.getByTestId('recipe-save')).toBeVisible();

  // The frame choice, with each kind of frame's options (a print's caption, the film's edge, the date).
  await page.getByTestId('frame-button').click();
  await expect(page.getByTestId('frame-none')).toBeVisible();
  expect(await outsideCatalogues(page)).toEqual([]);
  for (const id of ['instant-square', 'film-35mm', 'print-border']) {
    await page.getByTestId(`frame-${id}`).click();
    await expect(page.getByTestId(`frame-${id}`)).toHaveAttribute('aria-pressed', 'true');
    expect(await outsideCatalogues(page), id).toEqual([]);
  }
  await page.getByTestId('frame-none').click();
  await page.getByTestId('frame-done').click();
  await expect(page.getByTestId('frame-button')).toHaveAttribute('aria-expanded', 'false');

  await editor.chooseEffect('ccdEffect');
  await editor.settled('ccdEffect');
  expect(await outsideCatalogues(page)).toEqual([]);

  await page.getByTestId('shortcuts-button').click();
  await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
  expect(await outsideCatalogues(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await editor.save();
  await expect(page.getByTestId('notification')).toBeVisible();
  expect(await outsideCatalogues(page)).toEqual([]);

  await editor.uploadInput.setInputFiles([
    fixturePath('kodak/kodim23.png'),
    fixturePath('kodak/kodim05.png'),
  ]);
  await expect(page.getByTestId('batch-panel')).toBeVisible();
  expect(await outsideCatalogues(page)).toEqual([]);
});
