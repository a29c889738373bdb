/**
 * The message runtime (Lingui's core): the English catalogue is part of the page; the others load on
 * demand, each a chunk of its own that the service worker precaches like the rest of the app. The
 * catalogues are JSON files of `English text: translation` (`src/i18n/locales/`), compiled to Lingui's
 * form at build time (`vite-i18n-plugin.ts`). No DOM here but `document`'s lang and dir, when there is one.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { messages as english } from 'virtual:catalogue/en';
import { isRtl, SOURCE_LOCALE, type Locale } from './locales.ts';

type Loader = () => Promise<{ messages: Messages }>;

const LOADERS: Record<Exclude<Locale, 'en'>, Loader> = {
  es: () => import('virtual:catalogue/es'),
  'pt-BR': () => import('virtual:catalogue/pt-BR'),
  fr: () => import('virtual:catalogue/fr'),
  de: () => import('virtual:catalogue/de'),
  it: () => import('virtual:catalogue/it'),
  ja: () => import('virtual:catalogue/ja'),
  ko: () => import('virtual:catalogue/ko'),
  'zh-CN': () => import('virtual:catalogue/zh-CN'),
  id: () => import('virtual:catalogue/id'),
  tr: () => import('virtual:catalogue/tr'),
  ar: () => import('virtual:catalogue/ar'),
  'en-XA': () => import('virtual:catalogue/en-XA'),
};

export const i18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: english } });

const loaded = new Set<Locale>([SOURCE_LOCALE]);

export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * A message in the active language. `id` is the English text (an ICU message: `{count, plural, one {#
 * photo} other {# photos}}`); a message no catalogue has is shown as given.
 */
export function t(id: string, values?: MessageValues): string {
  return i18n._(id, values as Record<string, unknown> | undefined);
}

/** Loads the locale's catalogue (once) and makes it the active one; sets the document's lang and dir. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale !== 'en' && !loaded.has(locale)) {
    const { messages } = await LOADERS[locale]();
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  i18n.activate(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  }
}
