/**
 * The UI's languages and how one is chosen for a visit. Pure: no DOM, no runtime, so any layer (and the
 * unit tests) may read it.
 */

/** The languages the UI is written in, as BCP 47 tags, each with its name written in itself. */
export const LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'es', name: 'Español' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'fr', name: 'Français' },
  { tag: 'de', name: 'Deutsch' },
  { tag: 'it', name: 'Italiano' },
  { tag: 'ja', name: '日本語' },
  { tag: 'ko', name: '한국어' },
  { tag: 'zh-CN', name: '简体中文' },
  { tag: 'id', name: 'Bahasa Indonesia' },
  { tag: 'tr', name: 'Türkçe' },
  { tag: 'ar', name: 'العربية' },
] as const;

export type Language = (typeof LANGUAGES)[number]['tag'];
/** The pseudo-locale: English accented and padded, for tests that look for text outside the catalogues. */
export const PSEUDO_LOCALE = 'en-XA';
export type Locale = Language | typeof PSEUDO_LOCALE;

export const SOURCE_LOCALE: Language = 'en';
/** Where the user's choice from the language control is kept. */
export const LANGUAGE_STORAGE_KEY = 'retrocam.language';

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

export function isRtl(locale: string): boolean {
  return RTL_LANGUAGES.has(locale.split('-')[0]!.toLowerCase());
}

/**
 * The UI locale for a requested tag, or null: exact tags first (case-insensitive), then by the language
 * alone: 'de-AT' is German, 'pt' and 'pt-PT' Brazilian Portuguese, any Chinese but traditional ones
 * Simplified Chinese.
 */
export function matchLocale(requested: string | null | undefined): Locale | null {
  if (!requested) return null;
  const tag = requested.trim().replace(/_/g, '-').toLowerCase();
  if (tag === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
  const exact = LANGUAGES.find((language) => language.tag.toLowerCase() === tag);
  if (exact) return exact.tag;
  const [base, ...rest] = tag.split('-');
  if (
    base === 'zh' &&
    rest.some((part) => part === 'hant' || part === 'tw' || part === 'hk' || part === 'mo')
  ) {
    return null;
  }
  const byBase = LANGUAGES.find((language) => language.tag.split('-')[0]!.toLowerCase() === base);
  return byBase ? byBase.tag : null;
}

export interface LocaleSources {
  /** `?lang=` of this visit's address. */
  readonly query: string | null;
  /** The choice kept from the language control. */
  readonly stored: string | null;
  /** The browser's languages, most preferred first (`navigator.languages`). */
  readonly browser: readonly string[];
}

/** The visit's locale: `?lang=`, else the kept choice, else the first of the browser's languages we have. */
export function chooseLocale(sources: LocaleSources): Locale {
  const fromQuery = matchLocale(sources.query);
  if (fromQuery) return fromQuery;
  const fromStore = matchLocale(sources.stored);
  if (fromStore) return fromStore;
  for (const requested of sources.browser) {
    const match = matchLocale(requested);
    if (match) return match;
  }
  return SOURCE_LOCALE;
}
