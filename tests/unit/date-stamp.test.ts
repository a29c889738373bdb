// The date stamp's date (issue 25): its formats, the photo's EXIF day, and the date setting's checks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dateGlyphs, GLYPH, stampDay, today } from '../../src/effects/date-stamp.ts';
import { EFFECTS } from '../../src/effects/index.ts';
import { coerceSetting, resolveSettings } from '../../src/effects/settings.ts';
import { EXIF_SCAN_BYTES, withExifOrientation } from '../../src/intake/orientation.ts';
import { isCalendarDay } from '../../src/metadata/calendar-day.ts';
import { readTakenDay } from '../../src/metadata/exif-dates.ts';
import { fixturePath } from '../support/images.ts';

const { apostrophe: A, dot: D, space: S } = GLYPH;

describe('the date formats', () => {
  it("'YY M D prints the year with an apostrophe and blanks a leading zero, as LCD date backs did", () => {
    expect(dateGlyphs('1998-11-24', 'yy-m-d')).toEqual([A, 9, 8, S, 1, 1, S, 2, 4]);
    expect(dateGlyphs('2007-06-05', 'yy-m-d')).toEqual([A, 0, 7, S, S, 6, S, S, 5]);
  });
  it("M D 'YY puts the year last", () => {
    expect(dateGlyphs('1998-11-24', 'm-d-yy')).toEqual([1, 1, S, 2, 4, S, A, 9, 8]);
  });
  it('YYYY.MM.DD keeps every zero', () => {
    expect(dateGlyphs('2024-05-07', 'yyyy.mm.dd')).toEqual([2, 0, 2, 4, D, 0, 5, D, 0, 7]);
  });
});

describe("the stamp's day", () => {
  const ccd = EFFECTS.find((e) => e.id === 'ccdEffect')!;
  it("is the day set, else the photo's, else today", () => {
    const auto = resolveSettings(ccd, { ccd_dateStamp: true });
    expect(stampDay(auto, { width: 1, height: 1, taken: '2022-08-22' }, 'ccd')).toBe('2022-08-22');
    expect(stampDay(auto, { width: 1, height: 1 }, 'ccd')).toBe(today());
    const set = resolveSettings(ccd, { ccd_dateStamp: true, ccd_date: '1999-12-31' });
    expect(stampDay(set, { width: 1, height: 1, taken: '2022-08-22' }, 'ccd')).toBe('1999-12-31');
  });
  it('is off by default on every camera effect, and one toggle named <prefix>_dateStamp away', () => {
    const prefixes = {
      ccdEffect: 'ccd',
      nokiaEffect: 'nokia',
      laptopEffect: 'laptop',
      iphone3Effect: 'iphone3',
    };
    for (const [id, prefix] of Object.entries(prefixes)) {
      const effect = EFFECTS.find((e) => e.id === id)!;
      const defaults = resolveSettings(effect, {});
      expect(defaults[`${prefix}_dateStamp`], id).toBe(false);
      expect(effect.stages(defaults, { width: 800, height: 600 }).some((s) => s.stage === 'date-stamp')).toBe(
        false,
      );
      const on = resolveSettings(effect, { [`${prefix}_dateStamp`]: true });
      expect(
        effect.stages(on, { width: 800, height: 600 }).some((s) => s.stage === 'date-stamp'),
        id,
      ).toBe(true);
    }
  });
});

describe('the date setting', () => {
  const definition = { kind: 'date', name: 'date', label: 'Date', default: '' } as const;
  it('takes a real day or empty (the photo’s), and refuses anything else', () => {
    expect(coerceSetting(definition, '2024-02-29')).toBe('2024-02-29');
    expect(coerceSetting(definition, '')).toBe('');
    for (const bad of ['2023-02-29', '2024-13-01', '24-01-01', '1899-12-31', 'today', '2024-1-1'])
      expect(coerceSetting(definition, bad), bad).toBeUndefined();
    expect(isCalendarDay('2099-12-31')).toBe(true);
  });
});

describe("a JPEG's EXIF day", () => {
  it('is read from DateTimeOriginal in the first bytes', async () => {
    const bytes = readFileSync(fixturePath('libavif-metadata/paris_exif_xmp_icc.jpg'));
    expect(await readTakenDay(bytes.subarray(0, EXIF_SCAN_BYTES))).toBe('2022-08-22');
  });
  it('is null for a JPEG without one, and for bytes that are no EXIF at all', async () => {
    // An EXIF block with an orientation only.
    const plain = withExifOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 6);
    expect(await readTakenDay(plain)).toBeNull();
    expect(await readTakenDay(new Uint8Array(64).fill(7))).toBeNull();
  });
});
