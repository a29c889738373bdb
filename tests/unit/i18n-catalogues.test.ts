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

/** Whether a message has words outside its placeholders ('{step}: {settings}', '2014' and '$$$' have none). */
function hasWords(message: string): boolean {
  return /\p{L}/u.test(message.replace(/\{[^{}]*\}/g, ''));
}

/**
 * The messages a language writes exactly as English does, and which languages ('*': every one). Kept
 * small and checked both ways: a message on it that a language translates fails, as does a message off
 * it left in English.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, '*' | readonly string[]>> = {
  // Names: the cameras and formats the looks are named after, the Filters looks, a look named in English.
  CCD: '*',
  Nokia: '*',
  'iPhone 3G': '*',
  JPEG: '*',
  'quarter-inch': '*',
  Calvin: '*',
  'Chief Keef': '*',
  Nashville: '*',
  Nuke: '*',
  Pandora: '*',
  Phreshboy: '*',
  Stressor: '*',
  // The date stamp's formats, shown as the stamp prints them.
  "'YY M D": '*',
  "M D 'YY": '*',
  'YYYY.MM.DD': '*',
  // The keys as those keyboards print them.
  Ctrl: ['ar', 'es', 'fr', 'id', 'it', 'ja', 'ko', 'pt-BR', 'tr', 'zh-CN'],
  Shift: ['ar', 'id', 'ja', 'ko', 'pt-BR', 'tr', 'zh-CN'],
  Enter: ['ar', 'id', 'ja', 'ko', 'pt-BR', 'tr', 'zh-CN'],
  // A unit, and a film process kept by its English name in these languages' photography.
  '{fps} fps': ['de', 'es', 'id', 'it', 'ja', 'pt-BR', 'tr'],
  'Bleach bypass': ['es', 'id', 'it', 'pt-BR', 'tr'],
  // Words these languages spell as English does.
  Collage: ['de', 'es', 'fr', 'it'],
  Magenta: ['de', 'es', 'fr', 'id', 'it', 'pt-BR'],
  Orange: ['de', 'fr'],
  Original: ['de', 'es', 'fr', 'pt-BR'],
  Sepia: ['de', 'es', 'id'],
  Zoom: ['de', 'es', 'fr', 'id', 'it', 'pt-BR'],
  'Webcam 2008': ['de', 'es', 'fr', 'id', 'it', 'pt-BR'],
  Laptop: ['de', 'id'],
  Layout: ['de', 'it', 'pt-BR'],
  Look: ['de'],
  Looks: ['de'],
  Halation: ['de'],
  Vignette: ['de'],
  'Party 2005': ['de'],
  Violet: ['fr', 'id'],
  Centre: ['fr'],
  Contact: ['fr'],
  '6. Contact': ['fr'],
  Date: ['fr'],
  grain: ['fr'],
  Grain: ['fr'],
  Photos: ['fr'],
  Type: ['fr'],
  Vibrance: ['fr'],
  Privacy: ['it'],
  '120 film': ['tr'],
  '35 mm film': ['tr'],
};

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

  it('no language leaves a message in English, but for the words it writes as English does', () => {
    const problems: string[] = [];
    for (const { tag } of LANGUAGES) {
      if (tag === 'en') continue;
      const catalogue = readCatalogue(tag);
      for (const message of Object.keys(english)) {
        const allowed = SAME_AS_ENGLISH[message];
        const same = catalogue[message] === message && hasWords(message);
        const excused = allowed === '*' || (allowed?.includes(tag) ?? false);
        if (same && !excused) problems.push(`${tag}: "${message}" is the English text`);
        if (!same && allowed !== undefined && allowed !== '*' && allowed.includes(tag)) {
          problems.push(`${tag}: "${message}" is translated: take it off the list of the same words`);
        }
      }
    }
    for (const message of Object.keys(SAME_AS_ENGLISH)) {
      if (!(message in english))
        problems.push(`"${message}" is on the list of the same words, not in a catalogue`);
    }
    expect(problems).toEqual([]);
  });

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
