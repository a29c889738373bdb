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

/** A TIFF header: byte order ('II' or 'MM'), then 42 in that order. */
function isTiff(bytes: Uint8Array): boolean {
  const order = String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0);
  return (
    (order === 'II' && bytes[2] === 42 && bytes[3] === 0) ||
    (order === 'MM' && bytes[2] === 0 && bytes[3] === 42)
  );
}

/** A JPEG segment's payload holds at most this much: 65535 less its length field and 'Exif\0\0'. */
const MAX_APP1_TIFF = 65535 - 2 - 6;

/**
 * A TIFF block as a JPEG that carries it (SOI, APP1 'Exif\0\0' with it, EOI): exifr's mini
 * build reads EXIF from JPEGs only. A block longer than a segment holds is cut; its first IFDs, where the
 * dates are, come first.
 */
function inJpeg(tiff: Uint8Array): Uint8Array {
  const body = tiff.subarray(0, MAX_APP1_TIFF);
  const length = 2 + 6 + body.length;
  const jpeg = new Uint8Array(12 + body.length + 2);
  jpeg.set([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 255, 0x45, 0x78, 0x69, 0x66, 0, 0]);
  jpeg.set(body, 12);
  // EOI after it: exifr reads a segment that ends where the file does as cut short.
  jpeg.set([0xff, 0xd9], 12 + body.length);
  return jpeg;
}

/**
 * The date tags in a file's first bytes, or in a TIFF block (a HEIC's Exif item): DateTime (0x0132),
 * DateTimeOriginal (0x9003) and OffsetTimeOriginal (0x9011); empty when there are none or they cannot be
 * read. One reader for the date
 * stamp's day and for "Keep the date taken" (src/metadata/date-taken.ts).
 */
export async function readExifDates(head: Uint8Array): Promise<ExifDates> {
  try {
    // The mini build has no tag names: the tags by number.
    const tags: unknown = await exifParse(isTiff(head) ? inJpeg(head) : head, {
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
