/**
 * What the UI shows, in the active language: a message (`Message`, src/i18n/msg.ts) is its catalogue
 * text with its values put in: a string value as it is, user text isolated where its direction needs it, a number written as the language writes numbers,
 * a message translated in turn; a string is a catalogue message's id, looked up whole (text no catalogue
 * has, a browser's own words, is shown as it is).
 */
import { i18n, t } from './i18n.ts';
import { isRtl } from './locales.ts';
import { isDecimal, isUserText, type Message, type MessageValue, type Shown } from './msg.ts';
import { isolate } from './user-text.ts';

const formats = new Map<string, Intl.NumberFormat>();

/** A number in the active language, without grouping (a size, a line, a step), `digits` decimals if set. */
function localNumber(value: number, digits?: number): string {
  const key = `${i18n.locale}:${digits ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(i18n.locale, {
      useGrouping: false,
      ...(digits === undefined
        ? { maximumFractionDigits: 6 }
        : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/**
 * The names of a compiled message's arguments that take a number as a number (a plural, a select, a
 * number format): those get the number itself; every other placeholder gets its text.
 */
function typedArguments(compiled: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, type, branches] = token as [unknown, unknown, unknown];
    if (typeof name === 'string' && typeof type === 'string') into.add(name);
    if (typeof branches === 'object' && branches !== null) {
      for (const branch of Object.values(branches)) typedArguments(branch, into);
    }
  }
  return into;
}

/** User text inside a sentence of the active language: isolated where its direction differs. */
export function inSentence(text: string): string {
  return isolate(text, isRtl(i18n.locale));
}

function valueText(value: MessageValue, typed: boolean): string | number {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return typed ? value : localNumber(value);
  if (isDecimal(value)) return localNumber(value.decimal, value.digits);
  if (isUserText(value)) return inSentence(value.userText);
  return translate(value);
}

function translateMessage(message: Message): string {
  if (!message.values) return t(message.id);
  const typed = typedArguments(i18n.messages[message.id]);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values)) {
    values[name] = valueText(value, typed.has(name));
  }
  return t(message.id, values);
}

export function translate(shown: Shown): string;
export function translate(shown: Shown | null): string | null;
export function translate(shown: Shown | null): string | null {
  if (shown === null) return null;
  return typeof shown === 'string' ? t(shown) : translateMessage(shown);
}
