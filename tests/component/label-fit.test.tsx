// Texts fit in every language: over every control of the editor (the effects, a look's settings, the
// action bar and its More menu), the crop tool, the frame choice (an instant print's and a film's
// options), the recipes with a recipe's menu open, and the batch panel, no label is wider than its box
// (scrollWidth against clientWidth) in any of the twelve languages at 360, 390 and 768 px. Each part is
// opened once and the language changed under it, as the language control does.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { LANGUAGES } from '../../src/i18n/locales.ts';
import { editorRoot, openEditor, settled, settledOn } from './support/editor.tsx';
import { choose } from './support/files.ts';
import { madePhoto } from './support/made-photo.ts';

/** Every kind of control and label the parts show. */
const CONTROLS = [
  'button',
  'select',
  'label',
  '.effect-name',
  '.panel-title',
  '.recipe-name',
  '.setting',
  '.frame-option',
  '.frame-choice span',
  '.save-option',
  '.batch p',
  '.crop-tools',
  '.crop-aspects button',
  '.hint',
].join(', ');

/** The controls whose text is wider than their box, with by how much (an icon alone is no label). */
function cutLabels(): string[] {
  return [...document.querySelectorAll<HTMLElement>(CONTROLS)]
    .filter(
      (element) =>
        element.checkVisibility() &&
        /\p{L}/u.test(element.textContent ?? '') &&
        !element.closest('.visually-hidden') &&
        // Wider than a pixel: a heading clipped to one is for screen readers, not on screen.
        element.clientWidth > 1 &&
        element.scrollWidth > element.clientWidth + 1,
    )
    .map(
      (element) =>
        `${element.getAttribute('data-testid') ?? element.className} "${element.textContent?.trim().slice(0, 24)}": ${element.scrollWidth} > ${element.clientWidth}`,
    );
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** Each language in turn under what is open now: the labels cut, named by language. */
async function sweep(part: string): Promise<string[]> {
  const found: string[] = [];
  for (const { tag } of LANGUAGES) {
    await activateLocale(tag);
    await frame();
    found.push(...cutLabels().map((cut) => `${part}, ${tag}: ${cut}`));
  }
  await activateLocale('en');
  await frame();
  return found;
}

test.each([360, 390, 768])('at %i px no label is wider than its control in any language', async (width) => {
  await page.viewport(width, 800);
  await openEditor();
  // Two photos: the first is edited, the batch panel shows.
  const before = editorRoot().element().getAttribute('data-photo-serial');
  choose(page.getByTestId('editor-upload-input').element() as HTMLInputElement, [
    await madePhoto(300, 400),
    await madePhoto(400, 300),
  ]);
  await expect.element(editorRoot()).not.toHaveAttribute('data-photo-serial', before ?? '');
  await settled();
  await expect.element(page.getByTestId('batch-panel')).toBeVisible();
  const cut: string[] = [];

  // The recipes (no look chosen) with a recipe's menu open, the batch panel, and on a phone More.
  const recipeMenu = page.getByTestId('recipe-menu').first().element() as HTMLElement;
  // Scrolled to in the sheet, as a user does (it may lie under the action bar's edge until then).
  recipeMenu.scrollIntoView({ block: 'center' });
  recipeMenu.click();
  await expect.element(page.getByTestId('recipe-export-cube')).toBeVisible();
  const more = document.querySelector('.more-actions-toggle');
  if (more instanceof HTMLElement) more.click();
  cut.push(...(await sweep('recipes, batch')));
  if (more instanceof HTMLElement) more.click();
  recipeMenu.click();

  // A look's settings: CCD has the most.
  const prefix = width > 991 ? 'effect-' : 'effect-mobile-';
  await page.getByTestId(`${prefix}ccdEffect`).click();
  await settledOn('ccdEffect');
  cut.push(...(await sweep('CCD')));

  // The crop tool.
  await page.getByTestId('crop-button').click();
  await expect.element(page.getByTestId('crop-frame')).toBeVisible();
  cut.push(...(await sweep('crop')));
  await page.getByTestId('crop-cancel').click();
  await expect.element(page.getByTestId('crop-frame')).not.toBeInTheDocument();

  // The frame choice: an instant print's options, then a film's.
  await page.getByTestId('frame-button').click();
  await page.getByTestId('frame-instant-mini').click();
  await expect.element(page.getByTestId('frame-caption')).toBeVisible();
  cut.push(...(await sweep('frame, instant')));
  // The frames' row scrolls sideways on a phone: scrolled to the film, as a user does.
  const film = page.getByTestId('frame-film-35mm').element() as HTMLElement;
  film.scrollIntoView({ block: 'nearest', inline: 'center' });
  film.click();
  await expect.element(page.getByTestId('frame-fill')).toBeVisible();
  cut.push(...(await sweep('frame, film')));

  expect(cut, cut.slice(0, 60).join('\n')).toEqual([]);
});
