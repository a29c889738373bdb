/**
 * Messages that reach the UI as English text (the intake's, made in a worker; the editor's notifications)
 * are translated where they are shown: a text that is a catalogue message is looked up as is; one made
 * from a template with `{name}` placeholders (`fill`) is matched against the templates, and its values
 * (numbers written in the active language) are put into the translation.
 */
import { i18n, t } from './i18n.ts';
import { TEMPLATES } from './templates.ts';

interface Pattern {
  readonly template: string;
  readonly names: readonly string[];
  readonly regex: RegExp;
}

/** A template's text outside its placeholders, in characters. */
const literalLength = (template: string) => template.replace(/\{\w+\}/g, '').length;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The templates, the most literal text first: a text that two templates match ('Crop frame 10 by 20
 * pixels, at 0, 0' is also 'Crop {aspect}' with a long aspect) is the one that names more of it.
 */
const PATTERNS: readonly Pattern[] = [...TEMPLATES]
  .sort((a, b) => literalLength(b) - literalLength(a))
  .map((template) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { template, names, regex: new RegExp(`^${source}$`, 's') };
  });

const MESSAGE_VALUES = new Set(['reason', 'message', 'effect']);

/** A number written in English digits ('12.50'), written in the active language with as many decimals. */
function localNumber(value: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const decimals = value.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat(i18n.locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(Number(value));
}

export function translateMessage(english: string): string;
export function translateMessage(english: string | null): string | null;
export function translateMessage(english: string | null): string | null {
  if (english === null || i18n.locale === 'en') return english;
  const direct = t(english);
  if (direct !== english) return direct;
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(english);
    if (!match) continue;
    const values: Record<string, string> = {};
    pattern.names.forEach((name, index) => {
      const value = match[index + 1]!;
      // A `{reason}` or `{message}` is a message of its own (why a recipe was refused, the worker's error,
      // or a browser's text no catalogue has), an `{effect}` an effect's name; any other value is data.
      values[name] = MESSAGE_VALUES.has(name) ? translateMessage(value) : localNumber(value);
    });
    return t(pattern.template, values);
  }
  return english;
}
