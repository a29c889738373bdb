/**
 * The messages the app shows, as the catalogues must hold them: every `t('...')`, `msg('...')` and
 * `translate('...')` in src (found in the syntax tree, each with the file and line it is in), and the
 * texts the effect definitions give the UI (names, labels, options), which the UI translates as it shows
 * them. Read by the catalogue check and by the extraction (`npm run i18n:extract`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { EFFECTS } from '../../src/effects/index.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const LOCALES_DIR = join(ROOT, 'src/i18n/locales');

/** A message and where it is used ('src/app/pages/LandingPage.tsx:12'). */
export type MessageUses = Map<string, string[]>;

const CALLEES = new Set(['t', 'msg', 'translate']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function add(uses: MessageUses, message: string, where: string): void {
  const list = uses.get(message) ?? [];
  list.push(where);
  uses.set(message, list);
}

/** The messages of `t`, `msg` and `translate` calls whose first argument is a literal string. */
export function messagesInSource(): MessageUses {
  const uses: MessageUses = new Map();
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    if (!/\b(t|msg|translate)\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        CALLEES.has(node.expression.text) &&
        node.arguments[0] &&
        (ts.isStringLiteral(node.arguments[0]) || ts.isNoSubstitutionTemplateLiteral(node.arguments[0]))
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        add(uses, node.arguments[0].text, `${relative(ROOT, file)}:${line}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

/** The texts of the effect definitions that the editor shows through `t`. */
export function messagesOfEffects(): MessageUses {
  const uses: MessageUses = new Map();
  for (const effect of EFFECTS) {
    const where = `src/effects (${effect.id})`;
    add(uses, effect.name, where);
    for (const setting of effect.settings) {
      if (setting.hidden) continue;
      add(uses, setting.label, `${where} ${setting.name}`);
      if (setting.kind === 'select') {
        for (const option of setting.options) add(uses, option.label, `${where} ${setting.name}`);
        if (setting.preview) add(uses, `${setting.label}s`, `${where} ${setting.name}`);
      }
    }
    if (effect.drawing) add(uses, effect.drawing.brush.label, `${where} brush`);
  }
  return uses;
}

/** Every message the app shows, and where. */
export function allMessages(): MessageUses {
  const uses = messagesInSource();
  for (const [message, where] of messagesOfEffects()) for (const w of where) add(uses, message, w);
  return uses;
}

export type Catalogue = Record<string, string>;

export function readCatalogue(locale: string): Catalogue {
  return JSON.parse(readFileSync(join(LOCALES_DIR, `${locale}.json`), 'utf8')) as Catalogue;
}

export function catalogueLocales(): string[] {
  return readdirSync(LOCALES_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length));
}
