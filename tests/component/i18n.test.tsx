// The visit's language in the component tier: chosen from the browser's languages (as five browsers
// report them), `?lang=` for the visit only, the language control's choice kept for the next visit, and
// the editor changing language at once with its photo kept. The expected words are the translators'
// (written here, not read from the catalogues).
import { describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import LandingPage from '../../src/app/pages/LandingPage.tsx';
import { startLocale } from '../../src/i18n/start.ts';
import { editorRoot, loadPhoto, openEditor } from './support/editor.tsx';
import { choose, fixture } from './support/files.ts';
import { renderAt } from './support/render.tsx';

const html = document.documentElement;

/** A visit: the address's query, then the language started as main.tsx starts it, then the page. */
async function visit(query: string, languages: readonly string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  history.replaceState(null, '', `${location.pathname}${query}`);
  await startLocale();
  return renderAt('/', <LandingPage />);
}

describe.each([
  [['de-DE', 'de', 'en-US', 'en'], 'de', 'ltr', 'Neue Fotos, alter Look.', 'Bearbeiten'],
  [['ja-JP', 'ja'], 'ja', 'ltr', '新しい写真を、懐かしい写真に。', '編集をはじめる'],
  [['es-ES', 'es'], 'es', 'ltr', 'Haz que tus fotos nuevas parezcan antiguas.', 'Empezar a editar'],
  [['pt-BR', 'pt'], 'pt-BR', 'ltr', 'Deixe fotos novas com cara de antigas.', 'Começar a editar'],
  [['ar-EG', 'ar'], 'ar', 'rtl', 'اجعل صورك الجديدة تبدو قديمة.', 'ابدأ التحرير'],
  // A language by its base alone: Austrian German is German, Portugal's Portuguese the Brazilian one.
  [['de-AT'], 'de', 'ltr', 'Neue Fotos, alter Look.', 'Bearbeiten'],
  [['pt-PT'], 'pt-BR', 'ltr', 'Deixe fotos novas com cara de antigas.', 'Começar a editar'],
] as const)('a browser set to %s', (languages, tag, dir, heading, start) => {
  test(`the landing page comes up in ${tag}, ${dir}`, async () => {
    await visit('', languages);
    expect([html.lang, html.dir]).toEqual([tag, dir]);
    await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    await expect.element(page.getByTestId('start-editing')).toHaveTextContent(start);
    await expect.element(page.getByTestId('language-select')).toHaveValue(tag);
  });
});

test('?lang=fr shows French for the visit only; the language control’s choice lasts to the next visit', async () => {
  const first = await visit('?lang=fr', ['en-US', 'en']);
  expect(html.lang).toBe('fr');
  await expect
    .element(page.getByRole('heading', { level: 1 }))
    .toHaveTextContent('Donnez un air d’antan à vos photos récentes.');
  first.unmount();
  // Without ?lang= the visit's language is the browser's again: ?lang= was not kept.
  const second = await visit('', ['en-US', 'en']);
  expect(html.lang).toBe('en');
  await page.getByTestId('language-select').selectOptions('de');
  await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent('Neue Fotos, alter Look.');
  expect(html.lang).toBe('de');
  second.unmount();
  // The next visit, from the same English browser, keeps the choice.
  await visit('', ['en-US', 'en']);
  expect(html.lang).toBe('de');
  await expect.element(page.getByTestId('start-editing')).toHaveTextContent('Bearbeiten');
});

test('the editor’s language control changes the language at once and keeps the photo', async () => {
  await openEditor();
  await loadPhoto('kodak/kodim23.png');
  const serial = editorRoot().element().getAttribute('data-photo-serial');
  await page.getByTestId('language-select').selectOptions('ja');
  await expect.element(page.getByTestId('save-button')).toHaveTextContent('画像を保存');
  expect(html.lang).toBe('ja');
  expect(editorRoot().element().getAttribute('data-photo-serial')).toBe(serial);
  await expect.element(page.getByTestId('main-canvas')).toBeVisible();
});

test('numbers and plurals follow the language: 2 Fotos', async () => {
  history.replaceState(null, '', `${location.pathname}?lang=de`);
  await startLocale();
  await openEditor();
  choose(page.getByTestId('editor-upload-input').element() as HTMLInputElement, [
    await fixture('kodak/kodim23.png', 'image/png'),
    await fixture('kodak/kodim05.png', 'image/png'),
  ]);
  await expect.element(page.getByTestId('batch-panel')).toHaveTextContent(/2 Fotos/);
});
