/**
 * The message catalogues, compiled at build time: `import('virtual:catalogue/de')` reads
 * `src/i18n/locales/de.json` (`English text: translation`) and gives Lingui's compiled messages, so the
 * page never parses ICU. `virtual:catalogue/en-XA` is the pseudo-locale, made from the English catalogue.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { pseudoMessage } from './src/i18n/pseudo.ts';

const PREFIX = 'virtual:catalogue/';
const RESOLVED = '\0catalogue:';
export const LOCALES_DIR = fileURLToPath(new URL('src/i18n/locales', import.meta.url));

export function catalogues(): Plugin {
  return {
    name: 'retrocam-catalogues',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      const pseudo = locale === 'en-XA';
      const file = resolve(LOCALES_DIR, `${pseudo ? 'en' : locale}.json`);
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [message, translation] of Object.entries(source)) {
        if (!translation) continue;
        // A message that does not compile fails the build, naming it.
        compiled[message] = compileMessageOrThrow(pseudo ? pseudoMessage(translation) : translation);
      }
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
