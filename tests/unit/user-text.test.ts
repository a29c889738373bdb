// The one cleaner of user text (src/i18n/user-text.ts): what it removes, where it cuts, the default for a
// name with nothing visible, and the isolation of user text inside a sentence.
import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  cleanName,
  cleanText,
  cutToCodePoints,
  hasVisible,
  isolate,
  stripUnsafe,
} from '../../src/i18n/user-text.ts';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';

describe('the user-text cleaner', () => {
  it('removes the direction controls and hiding characters, and shows controls as spaces', () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068'])
      expect(stripUnsafe(`a${control}b\u2069`)).toBe('ab');
    expect(stripUnsafe('a\u200Eb\u200Fc\u061Cd\u200Be\uFEFFf')).toBe('abcdef');
    expect(stripUnsafe('a\nb\tc\u0085d\u2028e')).toBe('a b c d e');
    // The joiners stay: emoji sequences and scripts (Persian's ZWNJ) need them.
    expect(stripUnsafe(FAMILY)).toBe(FAMILY);
    expect(stripUnsafe('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645')).toContain('\u200C');
  });

  it('drops lone surrogates and keeps pairs', () => {
    expect(stripUnsafe('a\uD83Db\uDE00c\u{1F600}')).toBe('abc\u{1F600}');
    expect(stripUnsafe('\uDE00\uD83D')).toBe('');
  });

  it('cuts by code point, never inside an emoji, a ZWJ sequence or a letter with its accent', () => {
    expect(cutToCodePoints('abc', 2)).toBe('ab');
    expect(cutToCodePoints('a\u{1F600}b', 2)).toBe('a\u{1F600}');
    // The family is 7 code points: with room for 5, it is left out whole.
    expect(cutToCodePoints(`ab${FAMILY}`, 7)).toBe('ab');
    expect(cutToCodePoints(`ab${FAMILY}`, 9)).toBe(`ab${FAMILY}`);
    expect(cutToCodePoints('e\u0301e\u0301', 3)).toBe('e\u0301');
    const cut = cutToCodePoints('\u{1F600}'.repeat(300), 201);
    expect(Array.from(cut)).toHaveLength(201);
    expect(cut).toBe(stripUnsafe(cut));
  });

  it('keeps a caption as typed (its spaces), cleaned and cut', () => {
    expect(cleanText('Hi  there ', 500)).toBe('Hi  there ');
    expect(cleanText('\u202Eabc', 2)).toBe('ab');
  });

  it('makes a name: spaces collapsed, trimmed, the fallback when nothing visible is left', () => {
    expect(cleanName('  Party \n 2005 ', 60, 'My recipe')).toBe('Party 2005');
    expect(cleanName('\u200B\u200B\u2060', 60, 'My recipe')).toBe('My recipe');
    expect(cleanName('\u3164\u115F ', 60, 'My recipe')).toBe('My recipe');
    expect(cleanName('\u0301', 60)).toBeNull();
    expect(cleanName('\u202Eevil', 60, 'x')).toBe('evil');
    expect(hasVisible('\u0627')).toBe(true);
  });

  it('makes a file name: no separators or reserved characters, no hiding dot, no invisible name', () => {
    expect(cleanFileName('Party: 2005/06', 60, 'recipe')).toBe('Party- 2005-06');
    expect(cleanFileName('x\u202Egpj.exe', 60, 'photo')).toBe('xgpj.exe');
    expect(cleanFileName('..hidden.', 60, 'photo')).toBe('hidden');
    expect(cleanFileName('\u200B', 60, 'photo')).toBe('photo');
    expect(cleanFileName('a'.repeat(100), 80, 'recipe')).toHaveLength(80);
  });

  it('isolates user text inside a sentence where its direction differs (first strong isolate ... pop directional isolate)', () => {
    const hebrew = '\u05E9\u05DC\u05D5\u05DD';
    expect(isolate(hebrew, false)).toBe(`\u2068${hebrew}\u2069`);
    expect(isolate(`Film ${hebrew}`, false)).toBe(`\u2068Film ${hebrew}\u2069`);
    expect(isolate('Print 2!', true)).toBe('\u2068Print 2!\u2069');
    // The sentence's own direction, or no letters at all: nothing to turn, nothing added.
    expect(isolate('Lake CCD print', false)).toBe('Lake CCD print');
    expect(isolate('\u0641\u064A\u0644\u0645 2', true)).toBe('\u0641\u064A\u0644\u0645 2');
    expect(isolate('2005 📷', true)).toBe('2005 📷');
    expect(isolate('東京', false)).toBe('東京');
  });
});
