/**
 * The checks a chosen file passes before anything decodes it: present, at most 20 MB, a format this entry
 * point accepts (by its bytes), and a header size of at most 120 megapixels. Worker-safe: no DOM.
 */
import { blobReader, type ByteReader } from './byte-reader.ts';
import { readDimensions } from './dimensions.ts';
import { SNIFF_BYTES, sniffFormat, type AcceptedFormat, type ImageFormat } from './formats.ts';
import {
  DECODE_FAILED_MESSAGE,
  IntakeError,
  MAX_MEGAPIXELS,
  MAX_UPLOAD_BYTES,
  NO_FILE_MESSAGE,
  UNSUPPORTED_MESSAGE,
  tooLargeMessage,
  tooManyPixelsMessage,
} from './messages.ts';
import type { Size } from '../pixels/processing-size.ts';

export interface Inspection {
  format: AcceptedFormat;
  /** The size the header claims, as stored (before EXIF orientation). */
  stored: Size;
  reader: ByteReader;
}

// Names and types that say "image": unreadable bytes behind them are a broken image, not a wrong format.
const IMAGE_NAME = /\.(jpe?g|jfif|png|webp|heic|heif|avif|gif|bmp|tiff?)$/i;

function claimsToBeImage(file: Blob): boolean {
  const name = 'name' in file && typeof file.name === 'string' ? file.name : '';
  return file.type.startsWith('image/') || IMAGE_NAME.test(name);
}

function isAccepted(format: ImageFormat, formats: readonly AcceptedFormat[]): format is AcceptedFormat {
  return (formats as readonly string[]).includes(format);
}

/** Throws IntakeError with the message to show when the file cannot be taken. */
export async function inspectFile(
  file: Blob | null | undefined,
  formats: readonly AcceptedFormat[],
): Promise<Inspection> {
  if (!file) throw new IntakeError('noFile', NO_FILE_MESSAGE);
  if (file.size > MAX_UPLOAD_BYTES) throw new IntakeError('tooLarge', tooLargeMessage(file.size));
  const reader = blobReader(file);
  const format = sniffFormat(await reader.read(0, SNIFF_BYTES));
  if (!isAccepted(format, formats)) {
    if (format === 'unknown' && claimsToBeImage(file)) {
      throw new IntakeError('undecodable', DECODE_FAILED_MESSAGE);
    }
    throw new IntakeError('unsupported', UNSUPPORTED_MESSAGE);
  }
  const stored = await readDimensions(reader, format);
  // Without a size we cannot rule out a decompression bomb, and a real image always has one.
  if (!stored) throw new IntakeError('undecodable', DECODE_FAILED_MESSAGE);
  if (stored.width * stored.height > MAX_MEGAPIXELS * 1e6) {
    throw new IntakeError('tooManyPixels', tooManyPixelsMessage(stored));
  }
  return { format, stored, reader };
}
