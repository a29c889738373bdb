/**
 * `const t = useT()`: the message function for a component, which renders again when the language
 * changes (the editor keeps its photo and state across the change).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { i18n, t as translate, type MessageValues } from './i18n.ts';

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

function activeLocale(): string {
  return i18n.locale;
}

export function useLocale(): string {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

export function useT(): (id: string, values?: MessageValues) => string {
  const locale = useLocale();
  // A new function per language, so memoised children that take it render again.
  return useCallback((id: string, values?: MessageValues) => translate(id, values), [locale]); // eslint-disable-line react-hooks/exhaustive-deps
}
