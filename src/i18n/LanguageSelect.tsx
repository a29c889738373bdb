import { chooseLanguage } from './start.ts';
import { LANGUAGES } from './locales.ts';
import { useLocale, useT } from './use-t.ts';
import './LanguageSelect.css';

/** The language control of the landing page and the editor: each language named in itself. */
export function LanguageSelect({ className }: { className?: string }) {
  const locale = useLocale();
  const t = useT();
  return (
    <select
      className={`language-select${className ? ` ${className}` : ''}`}
      data-testid="language-select"
      aria-label={t('Language')}
      value={locale}
      onChange={(event) => void chooseLanguage(event.target.value)}
    >
      {LANGUAGES.map((language) => (
        <option key={language.tag} value={language.tag} lang={language.tag}>
          {language.name}
        </option>
      ))}
    </select>
  );
}
