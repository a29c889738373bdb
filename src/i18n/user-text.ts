/**
 * The one cleaner of text a user (or a file, or a link) brings: recipe names, captions, file names. Every
 * such text enters through it, so it draws and reads as typed and cannot turn the sentence around it:
 * - control characters (C0, C1, the line and paragraph separators) become spaces;
 * - the direction controls (embeddings, overrides, isolates, the marks) and the zero-width characters that
 *   only hide text are removed (the joiners U+200C and U+200D stay: scripts and emoji sequences need them);
 * - a lone surrogate (half of an emoji, cut elsewhere) is dropped;
 * - it is cut to a number of code points, never inside a character a reader sees as one (an emoji with its
 *   skin tone, a ZWJ family, a flag, a letter with its accents).
 * Where user text is shown inside a sentence, `isolate` keeps its direction to itself where it differs
 * from the sentence's. Pure, worker-safe.
 */

/** C0 and C1 controls, DEL, the line and paragraph separators: shown as a space. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * The direction controls (ALM, LRM, RLM, LRE-RLO and PDF, LRI-PDI) and the invisible characters that
 * carry nothing but hiding: zero-width space, word joiner, the invisible operators, the byte order mark.
 */
const HIDDEN = /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** A surrogate pair, or a surrogate alone (a pair is kept, one alone dropped). */
const SURROGATES = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

/** A character that draws something: not a space, a format character, a combining mark or a filler. */
const VISIBLE = /[^\p{White_Space}\p{Cf}\p{Mn}\p{Me}\p{Cc}\u115f\u1160\u2800\u3164\uffa0]/u;

/** Characters file systems refuse in a name (Windows' set; the slash everywhere). */
const FILE_RESERVED = /[\\/:*?"<>|]+/g;

/** The text with controls as spaces, the direction and hiding characters and lone surrogates gone. */
export function stripUnsafe(text: string): string {
  return text
    .replace(SURROGATES, (found) => (found.length === 2 ? found : ''))
    .replace(CONTROLS, ' ')
    .replace(HIDDEN, '');
}

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** The number of code points of `text`. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * `text` cut to at most `max` code points, at the end of a whole grapheme (a character as a reader sees
 * it): a ZWJ sequence that does not fit is left out whole. Without Intl.Segmenter, by code point.
 */
export function cutToCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  if (!segmenter) return Array.from(text).slice(0, max).join('');
  let used = 0;
  let end = 0;
  for (const { segment, index } of segmenter.segment(text)) {
    const size = codePoints(segment);
    if (used + size > max) break;
    used += size;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** Whether `text` shows anything (not only spaces, marks and invisible characters). */
export function hasVisible(text: string): boolean {
  return VISIBLE.test(text);
}

/**
 * Text kept as typed (a caption): unsafe characters handled, cut to `max` code points; spaces are not
 * collapsed or trimmed, so a caption being typed keeps its trailing space.
 */
export function cleanText(text: string, max: number): string {
  return cutToCodePoints(stripUnsafe(text), max);
}

/**
 * A name (a recipe's): unsafe characters handled, spaces collapsed and trimmed, cut to `max` code points;
 * `fallback` when nothing visible is left.
 */
export function cleanName(text: string, max: number, fallback: string): string;
export function cleanName(text: string, max: number, fallback?: string): string | null;
export function cleanName(text: string, max: number, fallback?: string): string | null {
  const name = cutToCodePoints(stripUnsafe(text).replace(/\s+/g, ' ').trim(), max).trim();
  return hasVisible(name) ? name : (fallback ?? null);
}

/**
 * A file's name (without its ending) from user text: a name as `cleanName` makes it, then the characters
 * file systems refuse as '-', no leading dots or dashes (a hidden file, an option) and no trailing dots.
 */
export function cleanFileName(text: string, max: number, fallback: string): string {
  const name = cleanName(text.replace(FILE_RESERVED, '-'), max) ?? '';
  const safe = name.replace(/^[\s.-]+/, '').replace(/[\s.]+$/, '');
  return hasVisible(safe) ? safe : fallback;
}

/** First strong isolate and pop directional isolate: what `<bdi>` does, in plain text. */
const FSI = '\u2068';
const PDI = '\u2069';

/** A letter of a script written right to left. */
const RTL_LETTER =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;
const LETTER = /\p{L}/u;

/** Whether `text` holds a letter written against `rtl`: left to right in a right-to-left sentence, or the reverse. */
function hasLetterAgainst(text: string, rtl: boolean): boolean {
  for (const char of text) {
    if (!LETTER.test(char)) continue;
    if (RTL_LETTER.test(char) !== rtl) return true;
  }
  return false;
}

/**
 * User text as a value inside a sentence (a notice, a label) written in the direction `rtl`: isolated
 * where it holds a letter of the other direction, so that name cannot reorder the words around it nor
 * they the name. Text of the sentence's own direction (or with no letters) is left as it is: it cannot
 * turn the sentence, and the sentence reads (and is found, copied, spoken) without invisible characters.
 */
export function isolate(text: string, rtl: boolean): string {
  return hasLetterAgainst(text, rtl) ? `${FSI}${text}${PDI}` : text;
}
