/**
 * The date a photo was taken, for "Keep the date taken" (src/metadata/date-taken.ts writes it): a JPEG's
 * EXIF is in its first bytes; a HEIC's is an item of its own, found through the container's boxes
 * (heif-container.ts) and handed to the EXIF reader as the TIFF block it is. Worker-safe: no DOM.
 */
import { blobReader } from './byte-reader.ts';
import { SNIFF_BYTES, sniffFormat } from './formats.ts';
import { heifExif } from './heif-container.ts';
import { dateTakenFrom, withDateTaken, type DateTaken } from '../metadata/date-taken.ts';

/** How far into a JPEG its EXIF is looked for: APP1 comes first, before the picture. */
const SCAN_BYTES = 256 * 1024;

/** The photo's DateTimeOriginal and OffsetTimeOriginal, or null where it has none that exists. */
export async function readDateTaken(file: Blob): Promise<DateTaken | null> {
  try {
    const reader = blobReader(file);
    const format = sniffFormat(await reader.read(0, SNIFF_BYTES));
    const exif = format === 'heif' ? await heifExif(reader) : await reader.read(0, SCAN_BYTES);
    return exif ? await dateTakenFrom(exif) : null;
  } catch {
    // A header that cannot be read has no date to keep; the save goes on without one.
    return null;
  }
}

/**
 * A saved JPEG with the date `source` was taken, and whether it has it: false where the photo has no date
 * (the save is then the JPEG as it is, and the user is told).
 */
export async function keepDateTaken(saved: Blob, source: Blob): Promise<{ blob: Blob; dated: boolean }> {
  const date = await readDateTaken(source);
  return date ? { blob: await withDateTaken(saved, date), dated: true } : { blob: saved, dated: false };
}
