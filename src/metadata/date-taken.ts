/**
 * "Keep the date taken": a retro copy saved from a phone photo lands in the gallery dated
 * today, far from the original. With the option on, the saved JPEG carries the photo's EXIF
 * DateTimeOriginal, and OffsetTimeOriginal where the photo had one, and nothing else: no GPS, no camera,
 * no serial, no thumbnail. The EXIF written here is the smallest that says it: a TIFF header, IFD0 with
 * only the pointer to the Exif IFD, and the Exif IFD with those one or two tags. Where a photo's EXIF is
 * (a JPEG's head, a HEIC's Exif item) is the intake's to find: src/intake/photo-date.ts.
 */
import { readExifDates } from './exif-dates.ts';
import { APP1, insertSegment, segmentBytes, signatureOf } from '../jpeg-file/segments.ts';

/** How an EXIF APP1 segment's payload begins. */
const EXIF_SIGNATURE = signatureOf('Exif\0\0');

export interface DateTaken {
  /** EXIF's own form: 'YYYY:MM:DD HH:MM:SS'. */
  dateTime: string;
  /** '+HH:MM' or '-HH:MM'. */
  offset?: string;
}

const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const EXIF_IFD_POINTER = 0x8769;

const DATE_TIME_TEXT = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const OFFSET_TEXT = /^[+-](\d{2}):(\d{2})$/;

/**
 * Whether an EXIF date and time names a moment that exists: a real day of a year from 1 (no
 * '0000:00:00 00:00:00', the blank EXIF writes for unknown; no month 13, no 30 February), a time of day
 * within 23:59:59.
 */
export function isExifDateTime(text: string): boolean {
  const match = DATE_TIME_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  if (!year || !month || !day || month > 12 || hour! > 23 || minute! > 59 || second! > 59) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** Whether an EXIF offset from UTC ('+HH:MM') is one a clock can have: within 14 hours either way. */
export function isExifOffset(text: string): boolean {
  const match = OFFSET_TEXT.exec(text);
  if (!match) return false;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return minutes < 60 && hours * 60 + minutes <= 14 * 60;
}

/**
 * The DateTimeOriginal and OffsetTimeOriginal of EXIF bytes (a JPEG's first bytes, or a TIFF block such as
 * a HEIC's Exif item), or null where there is no date, or none that exists. An offset that cannot be is
 * left out; the date stands without it.
 */
export async function dateTakenFrom(exif: Uint8Array): Promise<DateTaken | null> {
  const { dateTimeOriginal: dateTime, offsetTimeOriginal: offset } = await readExifDates(exif);
  if (!dateTime || !isExifDateTime(dateTime)) return null;
  return { dateTime, ...(offset && isExifOffset(offset) ? { offset } : {}) };
}

/** The APP1 segment (marker, length and payload) holding only these dates. */
export function dateTakenSegment(date: DateTaken): Uint8Array<ArrayBuffer> {
  // Tags: (tag, ASCII text with its terminating zero).
  const tags: [number, string][] = [[DATE_TIME_ORIGINAL, `${date.dateTime}\0`]];
  if (date.offset) tags.push([OFFSET_TIME_ORIGINAL, `${date.offset}\0`]);
  // Big-endian TIFF: header (8), IFD0 (2 + 12 + 4), Exif IFD (2 + 12n + 4), then the texts.
  const ifd0At = 8;
  const exifAt = ifd0At + 2 + 12 + 4;
  const textAt = exifAt + 2 + 12 * tags.length + 4;
  const texts = tags.map(([, text]) => text);
  const size = textAt + texts.reduce((sum, text) => sum + text.length, 0);
  const tiff = new Uint8Array(size);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]);
  view.setUint32(4, ifd0At);
  view.setUint16(ifd0At, 1);
  view.setUint16(ifd0At + 2, EXIF_IFD_POINTER);
  view.setUint16(ifd0At + 4, 4); // LONG
  view.setUint32(ifd0At + 6, 1);
  view.setUint32(ifd0At + 10, exifAt);
  view.setUint32(ifd0At + 14, 0); // no IFD1: no thumbnail
  view.setUint16(exifAt, tags.length);
  let text = textAt;
  for (const [i, [tag, value]] of tags.entries()) {
    const at = exifAt + 2 + i * 12;
    view.setUint16(at, tag);
    view.setUint16(at + 2, 2); // ASCII
    view.setUint32(at + 4, value.length);
    // Texts longer than 4 bytes are stored after the IFDs, at an offset from the TIFF header.
    view.setUint32(at + 8, text);
    for (let c = 0; c < value.length; c++) tiff[text + c] = value.charCodeAt(c);
    text += value.length;
  }
  view.setUint32(exifAt + 2 + tags.length * 12, 0);
  return segmentBytes(APP1, [...EXIF_SIGNATURE, ...tiff]);
}

/**
 * The JPEG with the dates in an EXIF segment right after SOI and any JFIF APP0 (JFIF wants to be first);
 * unchanged if not a JPEG. Only its first bytes are read, and the new blob is made of slices of the old
 * one around the segment: a large save is neither read nor copied to add a few dozen bytes.
 */
export function withDateTaken(jpeg: Blob, date: DateTaken): Promise<Blob> {
  return insertSegment(jpeg, dateTakenSegment(date));
}
