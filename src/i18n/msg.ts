/**
 * Messages as data, made where no language is known (module constants, the worker, the pure rules) and
 * translated only where they are shown (`translate`, src/i18n/translate-message.ts). A message is its id,
 * the English ICU text that keys the catalogues, and the values that fill its placeholders: the values
 * stay values, so a translation never has to read them back out of English text. Worker-safe: no runtime.
 */
import { isolate } from './user-text.ts';

/**
 * Marks a string as a message of the catalogues without translating it (the English text is its id);
 * with values, the message with those values.
 */
export function msg(id: string): string;
export function msg(id: string, values: MessageValues): Message;
export function msg(id: string, values?: MessageValues): string | Message {
  return values ? { id, values } : id;
}

/** A number shown with a fixed count of decimals, as the language writes it ('20.50', '20,50'). */
export interface Decimal {
  readonly decimal: number;
  readonly digits: number;
}

/**
 * Text a user gave (a recipe's name) as a placeholder's value: shown as typed, isolated from the sentence
 * where its direction differs from the language's (`isolate`, src/i18n/user-text.ts).
 */
export interface UserText {
  readonly userText: string;
}

/**
 * A placeholder's value: a string is data (a token of a file, a browser's own words) and is shown as it
 * is; user text likewise, isolated where its direction needs it; a number is written as the language
 * writes numbers; a message is translated in turn.
 */
export type MessageValue = string | number | Decimal | UserText | Message;
export type MessageValues = Readonly<Record<string, MessageValue>>;

/** A catalogue message and the values of its placeholders. */
export interface Message {
  readonly id: string;
  readonly values?: MessageValues;
}

/**
 * What the UI shows: a message, or a string that is a catalogue message's id (shown translated) or text
 * no catalogue has (shown as it is). A string is looked up whole, never taken apart.
 */
export type Shown = string | Message;

export function decimal(value: number, digits: number): Decimal {
  return { decimal: value, digits };
}

export function userText(text: string): UserText {
  return { userText: text };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function isDecimal(value: unknown): value is Decimal {
  return (
    isObject(value) &&
    typeof value.decimal === 'number' &&
    typeof value.digits === 'number' &&
    Number.isInteger(value.digits) &&
    value.digits >= 0 &&
    value.digits <= 20
  );
}

export function isUserText(value: unknown): value is UserText {
  return isObject(value) && typeof value.userText === 'string';
}

function isValue(value: unknown, depth: number): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'number' ||
    isDecimal(value) ||
    isUserText(value) ||
    (depth < 8 && isMessageAt(value, depth + 1))
  );
}

function isMessageAt(value: unknown, depth: number): value is Message {
  if (!isObject(value) || typeof value.id !== 'string') return false;
  if (value.values === undefined) return true;
  return isObject(value.values) && Object.values(value.values).every((v) => isValue(v, depth));
}

/** A message as it crossed a boundary (the worker's, a structured clone): its id, its values, nested. */
export function isMessage(value: unknown): value is Message {
  return isMessageAt(value, 0);
}

export function isShown(value: unknown): value is Shown {
  return typeof value === 'string' || isMessage(value);
}

function englishValue(value: MessageValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isDecimal(value)) return value.decimal.toFixed(value.digits);
  if (isUserText(value)) return isolate(value.userText, false);
  return english(value);
}

/**
 * The English text of what is shown, for a log line or an error's `message` (a message with `{name}`
 * placeholders; plural messages are not made with values here). The UI never reads it back.
 */
export function english(shown: Shown): string {
  if (typeof shown === 'string') return shown;
  const { values } = shown;
  if (!values) return shown.id;
  return shown.id.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : englishValue(value);
  });
}

/**
 * An error that carries what the user is shown: its `message` is the English text (for logs), `shown` the
 * message itself, translated where it is shown.
 */
export class MessageError extends Error {
  constructor(
    readonly shown: Shown,
    options?: ErrorOptions,
  ) {
    super(english(shown), options);
    this.name = 'MessageError';
  }
}

/**
 * What is shown as a message: a string is taken as a catalogue message's id, looked up whole (text no
 * catalogue has is shown as it is).
 */
export function asMessage(shown: Shown): Message {
  return typeof shown === 'string' ? { id: shown } : shown;
}

/** What an error says to the user: the message it carries, else its own text, looked up whole. */
export function shownOf(error: unknown): Message {
  if (isObject(error) && 'shown' in error && isShown(error.shown)) return asMessage(error.shown);
  return { id: error instanceof Error ? error.message : String(error) };
}
