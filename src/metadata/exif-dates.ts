/**
 * The EXIF dates of a file's first bytes, read with exifr: the date stamp's day (the day a photo was
 * taken) and "Keep the date taken" (date-taken.ts) read them here. Worker-safe: no DOM.
 */
import { parse as exifParse } from 'exifr/dist/mini.esm.mjs';
import { isCalendarDay } from './calendar-day.ts';

const DATE_TIME = 0x0132;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;

/** The EXIF date tags of a file's first bytes, as written ('YYYY:MM:DD HH:MM:SS', '+HH:MM'). */
export interface ExifDates {
  dateTime?: string;
  dateTimeOriginal?: string;
  offsetTimeOriginal?: string;
}

/**
 * The date tags in a file's first bytes: DateTime (0x0132), DateTimeOriginal (0x9003) and
 * OffsetTimeOriginal (0x9011); empty when there are none or they cannot be read. One reader for the date
 * stamp's day and for "Keep the date taken" (src/metadata/date-taken.ts).
 */
export async function readExifDates(head: Uint8Array): Promise<ExifDates> {
  try {
    // The mini build has no tag names: the tags by number.
    const tags: unknown = await exifParse(head, {
      ifd0: { pick: [DATE_TIME] },
      exif: { pick: [DATE_TIME_ORIGINAL, OFFSET_TIME_ORIGINAL] },
      gps: false,
      ifd1: false,
      interop: false,
      reviveValues: false,
      translateKeys: false,
      mergeOutput: true,
    });
    if (!tags || typeof tags !== 'object') return {};
    const text = (tag: number) => {
      const value = (tags as Record<number, unknown>)[tag];
      return typeof value === 'string' ? { value: value.trim() } : null;
    };
    const [dateTime, original, offset] = [
      text(DATE_TIME),
      text(DATE_TIME_ORIGINAL),
      text(OFFSET_TIME_ORIGINAL),
    ];
    return {
      ...(dateTime ? { dateTime: dateTime.value } : {}),
      ...(original ? { dateTimeOriginal: original.value } : {}),
      ...(offset ? { offsetTimeOriginal: offset.value } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * The day a JPEG was taken (`YYYY-MM-DD`), from its EXIF DateTimeOriginal (else DateTime) in the same
 * first bytes; null when it has none or it cannot be read (the date stamp then uses the day it is opened).
 */
export async function readTakenDay(head: Uint8Array): Promise<string | null> {
  const dates = await readExifDates(head);
  const match = /^(\d{4}):(\d{2}):(\d{2})/.exec(dates.dateTimeOriginal ?? dates.dateTime ?? '');
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  return isCalendarDay(day) ? day : null;
}
