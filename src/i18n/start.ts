/**
 * The language of a visit (`?lang=`, the kept choice, the browser's languages) and the language control's
 * choice, kept in localStorage (the one setting the app keeps there).
 */
import { activateLocale } from './i18n.ts';
import { chooseLocale, LANGUAGE_STORAGE_KEY, matchLocale, SOURCE_LOCALE, type Locale } from './locales.ts';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Activates the visit's language before the first render; English if its catalogue cannot load. */
export async function startLocale(): Promise<void> {
  const locale = chooseLocale({
    query: new URLSearchParams(location.search).get('lang'),
    stored: storedLanguage(),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  try {
    await activateLocale(locale);
  } catch (error) {
    console.warn('The language could not load; showing English.', error);
    await activateLocale(SOURCE_LOCALE);
  }
}

/** The language control's choice: shown at once, kept for later visits, and `?lang=` dropped. */
export async function chooseLanguage(tag: string): Promise<void> {
  const locale: Locale = matchLocale(tag) ?? SOURCE_LOCALE;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage refused (private mode): the choice holds for this visit only.
  }
  const url = new URL(location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    history.replaceState(history.state, '', url);
  }
  await activateLocale(locale);
}
