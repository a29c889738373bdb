/**
 * The EXIF orientation a PNG (its `eXIf` chunk) or a WebP (its `EXIF` chunk) carries. Browsers differ in
 * whether they apply it (Chromium and Firefox turn a PNG by its eXIf, WebKit does not; none turns a WebP
 * here), so the intake asks the browser too (decode.ts). Reads chunk headers only, never the image data.
 * Worker-safe: no DOM.
 */
import type { ByteReader } from './byte-reader.ts';
import type { Orientation } from './orientation.ts';

/** Orientation tag 0x0112 of IFD0 in a TIFF structure (as EXIF holds it); 1 when absent or unreadable. */
export function tiffOrientation(tiff: Uint8Array): Orientation {
  // Some writers keep JPEG's "Exif\0\0" prefix inside a PNG or WebP chunk.
  const start = tiff[0] === 0x45 && tiff[1] === 0x78 && tiff[2] === 0x69 && tiff[3] === 0x66 ? 6 : 0;
  const view = new DataView(tiff.buffer, tiff.byteOffset + start, Math.max(0, tiff.byteLength - start));
  if (view.byteLength < 8) return 1;
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return 1;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > view.byteLength) return 1;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > view.byteLength) return 1;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Chunks of a PNG are looked at up to this far (eXIf belongs before the image data). */
const PNG_SCAN_LIMIT = 16 * 1024 * 1024;
/** An EXIF block larger than this is not read (an orientation sits in its first bytes anyway). */
const MAX_EXIF_BYTES = 256 * 1024;

/** A PNG's eXIf orientation: chunks are walked from the signature up to the first IDAT. */
export async function pngOrientation(reader: ByteReader): Promise<Orientation> {
  let at = 8;
  while (at + 8 <= Math.min(reader.size, PNG_SCAN_LIMIT)) {
    const header = await reader.read(at, 8);
    if (header.length < 8) return 1;
    const length = new DataView(header.buffer, header.byteOffset, 8).getUint32(0);
    const type = ascii(header, 4);
    if (type === 'IDAT' || type === 'IEND') return 1;
    if (type === 'eXIf') return tiffOrientation(await reader.read(at + 8, Math.min(length, MAX_EXIF_BYTES)));
    at += 12 + length;
  }
  return 1;
}

/** A WebP's EXIF orientation, from the EXIF chunk of an extended (VP8X) file. */
export async function webpOrientation(reader: ByteReader): Promise<Orientation> {
  let at = 12;
  while (at + 8 <= reader.size) {
    const header = await reader.read(at, 8);
    if (header.length < 8) return 1;
    const length = new DataView(header.buffer, header.byteOffset, 8).getUint32(4, true);
    if (ascii(header, 0) === 'EXIF')
      return tiffOrientation(await reader.read(at + 8, Math.min(length, MAX_EXIF_BYTES)));
    at += 8 + length + (length & 1);
  }
  return 1;
}
