/**
 * The catalogues (src/i18n/locales/*.json, `English text: translation`): the English one holds every
 * message the app shows, word for word, and every other language has each of them, with the same
 * placeholders and its own plural forms. A failure names the message and the file that uses it.
 *
 * With I18N_EXTRACT=1 (`npm run i18n:extract`) it writes the English catalogue from the source first and
 * adds each new message to the other catalogues as '' (missing, to be translated): the check then lists
 * what each language lacks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow as compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, PSEUDO_LOCALE } from '../../src/i18n/locales.ts';
import { pseudoMessage } from '../../src/i18n/pseudo.ts';
import {
  allMessages,
  catalogueLocales,
  LOCALES_DIR,
  readCatalogue,
  type Catalogue,
} from '../support/i18n-messages.ts';

const uses = allMessages();
const sorted = (catalogue: Catalogue) =>
  Object.fromEntries(Object.entries(catalogue).sort(([a], [b]) => a.localeCompare(b, 'en')));
const write = (locale: string, catalogue: Catalogue) =>
  writeFileSync(join(LOCALES_DIR, `${locale}.json`), `${JSON.stringify(sorted(catalogue), null, 2)}\n`);

if (process.env.I18N_EXTRACT) {
  const english = Object.fromEntries([...uses.keys()].map((message) => [message, message]));
  write('en', english);
  for (const { tag } of LANGUAGES) {
    if (tag === 'en') continue;
    let catalogue: Catalogue = {};
    try {
      catalogue = readCatalogue(tag);
    } catch {
      // A new language: every message is missing.
    }
    write(
      tag,
      Object.fromEntries(Object.keys(english).map((message) => [message, catalogue[message] ?? ''])),
    );
  }
}

const english = readCatalogue('en');
const where = (message: string) => (uses.get(message) ?? ['(unused)']).slice(0, 3).join(', ');

/** The names of a message's arguments (`{count, plural, ...}`, `{name}`), sorted. */
function argumentNames(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]!))].sort();
}

/** The plural keys of each plural argument of a message: `{count: ['one', 'other']}`. */
function pluralKeys(message: string): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      if (typeof node[0] === 'string' && node[1] === 'plural' && node[2] && typeof node[2] === 'object') {
        const branches = node[2] as Record<string, unknown>;
        keys.set(
          node[0],
          Object.keys(branches).filter((key) => !key.startsWith('=') && key !== 'offset'),
        );
        Object.values(branches).forEach(visit);
      } else node.forEach(visit);
    }
  };
  visit(compileMessage(message));
  return keys;
}

describe('message catalogues', () => {
  it('the English catalogue holds every message the source uses, each its own English text', () => {
    const missing = [...uses.keys()].filter((message) => english[message] !== message);
    expect(
      missing.map((message) => `${where(message)}: "${message}"`),
      'Run `npm run i18n:extract`',
    ).toEqual([]);
  });

  it('every English message compiles, and one without arguments reads as written (ICU quoting)', () => {
    // An apostrophe in a plural quotes what follows it: the English writes it '' there.
    const misread = Object.keys(english).filter((message) => {
      const compiled = compileMessage(message);
      return !message.includes('{') && compiled.join('') !== message;
    });
    expect(misread).toEqual([]);
  });

  it('the catalogues are the twelve languages of the language control', () => {
    expect(catalogueLocales().sort()).toEqual(LANGUAGES.map((language) => language.tag).sort());
  });

  for (const { tag } of LANGUAGES) {
    if (tag === 'en') continue;
    it(`${tag}: has every English message, with its placeholders and the language's plural forms`, () => {
      const catalogue = readCatalogue(tag);
      const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
      const problems: string[] = [];
      for (const message of Object.keys(english)) {
        const translation = catalogue[message];
        if (!translation) {
          problems.push(`missing (${where(message)}): "${message}"`);
          continue;
        }
        try {
          compileMessage(translation);
        } catch (error) {
          problems.push(`does not compile (${String(error)}): "${translation}"`);
          continue;
        }
        if (argumentNames(translation).join() !== argumentNames(message).join()) {
          problems.push(`placeholders differ from the English "${message}": "${translation}"`);
        }
        for (const [name, keys] of pluralKeys(translation)) {
          const lacking = categories.filter((category) => !keys.includes(category));
          if (lacking.length > 0) problems.push(`{${name}} lacks ${lacking.join(', ')}: "${translation}"`);
        }
      }
      for (const message of Object.keys(catalogue)) {
        if (!(message in english)) problems.push(`not in the English catalogue: "${message}"`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('the pseudo-locale keeps each message compilable, its placeholders and about 30 % more length', () => {
    for (const message of Object.keys(english)) {
      const pseudo = pseudoMessage(message);
      expect(() => compileMessage(pseudo), pseudo).not.toThrow();
      expect(argumentNames(pseudo)).toEqual(argumentNames(message));
    }
    expect(pseudoMessage('Save Image')).toBe('Šàṽé Îɱàĝéͺͺͺ');
    expect(pseudoMessage('{count, plural, one {# photo} other {# photos}}')).toBe(
      '{count, plural, one {# þĥöţöͺͺ} other {# þĥöţöšͺͺ}}',
    );
    expect(PSEUDO_LOCALE).toBe('en-XA');
  });
});
