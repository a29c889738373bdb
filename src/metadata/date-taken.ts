/**
 * "Keep the date taken" (issue 36): a retro copy saved from a phone photo lands in the gallery dated
 * today, far from the original. With the option on, the saved JPEG carries the photo's EXIF
 * DateTimeOriginal, and OffsetTimeOriginal where the photo had one, and nothing else: no GPS, no camera,
 * no serial, no thumbnail. The EXIF written here is the smallest that says it: a TIFF header, IFD0 with
 * only the pointer to the Exif IFD, and the Exif IFD with those one or two tags.
 */
import { readExifDates } from './exif-dates.ts';

export interface DateTaken {
  /** EXIF's own form: 'YYYY:MM:DD HH:MM:SS'. */
  dateTime: string;
  /** '+HH:MM' or '-HH:MM'. */
  offset?: string;
}

const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const EXIF_IFD_POINTER = 0x8769;

/** How far into a file its EXIF is looked for: JPEG's APP1 comes first; a HEIC's Exif item may not. */
const SCAN_BYTES = 256 * 1024;

const DATE_TIME_TEXT = /^\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2}$/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

/** The photo's DateTimeOriginal and OffsetTimeOriginal, or null where it has none (or they are malformed). */
export async function readDateTaken(file: Blob): Promise<DateTaken | null> {
  const head = new Uint8Array(await file.slice(0, Math.min(file.size, SCAN_BYTES)).arrayBuffer());
  const { dateTimeOriginal: dateTime, offsetTimeOriginal: offset } = await readExifDates(head);
  if (!dateTime || !DATE_TIME_TEXT.test(dateTime)) return null;
  return { dateTime, ...(offset && OFFSET.test(offset) ? { offset } : {}) };
}

/** The APP1 segment (marker, length and payload) holding only these dates. */
export function dateTakenSegment(date: DateTaken): Uint8Array {
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
  const header = [0x45, 0x78, 0x69, 0x66, 0, 0]; // 'Exif\0\0'
  const length = 2 + header.length + tiff.length;
  const segment = new Uint8Array(2 + length);
  segment.set([0xff, 0xe1, length >> 8, length & 255, ...header]);
  segment.set(tiff, 4 + header.length);
  return segment;
}

/** The JPEG with the dates in an EXIF segment right after SOI and any JFIF APP0; unchanged if not a JPEG. */
export function withDateTaken(jpeg: Uint8Array, date: DateTaken): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return jpeg;
  let insertAt = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) insertAt = 4 + ((jpeg[4]! << 8) | jpeg[5]!);
  const segment = dateTakenSegment(date);
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, insertAt));
  out.set(segment, insertAt);
  out.set(jpeg.subarray(insertAt), insertAt + segment.length);
  return out;
}

/** A saved JPEG with the date `source` was taken, where it has one; else the JPEG as it is. */
export async function keepDateTaken(saved: Blob, source: Blob): Promise<Blob> {
  const date = await readDateTaken(source);
  if (!date) return saved;
  const bytes = withDateTaken(new Uint8Array(await saved.arrayBuffer()), date);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
}
