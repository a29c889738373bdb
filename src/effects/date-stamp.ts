/**
 * The date stamp every camera effect offers: the orange seven-segment date a film camera's date
 * back printed, or a digital compact burned into its pixels. Off by default, one toggle away; its date is
 * the photo's own (EXIF DateTimeOriginal, else the day it was opened) unless the user sets another.
 */
import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import { booleanSetting, numberSetting, stringSetting } from './settings.ts';
import type { PhotoInput, SettingDefinition, Settings } from './types.ts';

/** The stage's glyph codes besides the digits 0-9. */
export const GLYPH = { apostrophe: 10, dot: 11, space: 12 } as const;

export const DATE_FORMATS = [
  { value: 'yy-m-d', label: "'YY M D" },
  { value: 'm-d-yy', label: "M D 'YY" },
  { value: 'yyyy.mm.dd', label: 'YYYY.MM.DD' },
] as const;

export type DateFormat = (typeof DATE_FORMATS)[number]['value'];

const CORNERS = [
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'bottom-left', label: 'Bottom left' },
  { value: 'top-right', label: 'Top right' },
  { value: 'top-left', label: 'Top left' },
] as const;

/** The LCD's orange-red through the film base. */
const STAMP_COLOR = [1, 0.45, 0.12] as const;

/**
 * The date stamp's settings on the effect whose settings are named `<prefix>_...` (the testing contract's
 * `ccd_dateStamp`): the toggle, then its format, corner, size and date while it is on.
 */
export function dateStampSettings(prefix: string): readonly SettingDefinition[] {
  const stampOn = (settings: Settings) => settings[`${prefix}_dateStamp`] === true;
  return [
    { kind: 'toggle', name: `${prefix}_dateStamp`, label: 'Date stamp', default: false },
    {
      kind: 'select',
      name: `${prefix}_dateFormat`,
      label: 'Date format',
      options: DATE_FORMATS,
      default: 'yy-m-d',
      shownWhen: stampOn,
    },
    {
      kind: 'select',
      name: `${prefix}_dateCorner`,
      label: 'Date corner',
      options: CORNERS,
      default: 'bottom-right',
      shownWhen: stampOn,
    },
    {
      kind: 'range',
      name: `${prefix}_dateSize`,
      label: 'Date size',
      min: 2,
      max: 10,
      step: 0.5,
      // Per cent of the short side: a date back's digits on a 6x4 print are about 4 % of its height.
      default: 4.5,
      shownWhen: stampOn,
    },
    { kind: 'date', name: `${prefix}_date`, label: 'Date', default: '', shownWhen: stampOn },
  ];
}

/** Today in the local calendar as `YYYY-MM-DD`. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The digits of `n` (0-99) as two glyphs, a leading zero as a blank when `blank`, as LCD backs show it. */
function twoDigits(n: number, blank: boolean): number[] {
  const tens = Math.floor(n / 10) % 10;
  return [tens === 0 && blank ? GLYPH.space : tens, n % 10];
}

/** The glyph codes of a `YYYY-MM-DD` day in a format. */
export function dateGlyphs(day: string, format: DateFormat): number[] {
  const [year = 2000, month = 1, date = 1] = day.split('-').map(Number);
  const year2 = twoDigits(year % 100, false);
  switch (format) {
    case 'yy-m-d':
      return [
        GLYPH.apostrophe,
        ...year2,
        GLYPH.space,
        ...twoDigits(month, true),
        GLYPH.space,
        ...twoDigits(date, true),
      ];
    case 'm-d-yy':
      return [
        ...twoDigits(month, true),
        GLYPH.space,
        ...twoDigits(date, true),
        GLYPH.space,
        GLYPH.apostrophe,
        ...year2,
      ];
    case 'yyyy.mm.dd':
      return [
        ...twoDigits(Math.floor(year / 100), false),
        ...year2,
        GLYPH.dot,
        ...twoDigits(month, false),
        GLYPH.dot,
        ...twoDigits(date, false),
      ];
  }
}

/** The date the stamp shows: the one set, else the photo's, else today. */
export function stampDay(settings: Settings, input: PhotoInput, prefix: string): string {
  const set = stringSetting(settings, `${prefix}_date`);
  return set || input.taken || today();
}

/** The stage for the stamp, or none while it is off. Runs last before a camera's JPEG (burned in). */
export function dateStampStages(settings: Settings, input: PhotoInput, prefix: string): StageInvocation[] {
  if (!booleanSetting(settings, `${prefix}_dateStamp`)) return [];
  const format = stringSetting(settings, `${prefix}_dateFormat`) as DateFormat;
  const corner = CORNERS.findIndex((c) => c.value === stringSetting(settings, `${prefix}_dateCorner`));
  return [
    {
      stage: 'date-stamp',
      params: {
        glyphs: dateGlyphs(stampDay(settings, input, prefix), format),
        corner: Math.max(0, corner),
        size: numberSetting(settings, `${prefix}_dateSize`) / 100,
        color: STAMP_COLOR,
        opacity: 1,
      },
    },
  ];
}
