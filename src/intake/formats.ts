/**
 * Image formats recognised by their first bytes (never by name or MIME type), and which of them each
 * entry point accepts (product spec section 5). Worker-safe: no DOM.
 */

/** Formats we decode. */
export type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'heif';
/** Formats we recognise only to refuse them by name. */
export type RefusedFormat = 'avif' | 'gif' | 'bmp' | 'tiff' | 'jxl' | 'ico' | 'svg' | 'pdf';
export type ImageFormat = AcceptedFormat | RefusedFormat | 'unknown';

/** The editor's own upload: jpeg, png and webp. */
export const EDITOR_FORMATS: readonly AcceptedFormat[] = ['jpeg', 'png', 'webp'];

/** The landing page: JPG, PNG, WEBP, and HEIC/HEIF except on Android. */
export function landingFormats(android: boolean): readonly AcceptedFormat[] {
  return android ? EDITOR_FORMATS : [...EDITOR_FORMATS, 'heif'];
}

/** A file input's `accept` for these formats (the intake checks the bytes whatever the picker lets through). */
export function acceptAttribute(formats: readonly AcceptedFormat[]): string {
  return formats
    .map((format) => (format === 'heif' ? 'image/heic,image/heif,.heic,.heif' : `image/${format}`))
    .join(',');
}

/** The formats as the upload box lists them. */
export function formatLabels(formats: readonly AcceptedFormat[]): string[] {
  return formats.flatMap((format) =>
    format === 'jpeg' ? ['JPG'] : format === 'heif' ? ['HEIC', 'HEIF'] : [format.toUpperCase()],
  );
}

export function isAndroid(userAgent: string): boolean {
  return /\bAndroid\b/i.test(userAgent);
}

/** How many leading bytes sniffFormat needs at most (an ftyp box lists its brands). */
export const SNIFF_BYTES = 64;

// HEIF brands for HEVC-coded still images and sequences (ISO/IEC 23008-12 Annex B); mif1/msf1 are the
// structural brands, which AVIF files carry too, so they count as HEIF only without an AVIF brand.
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const STRUCTURAL_BRANDS = new Set(['mif1', 'msf1', 'mif2', 'miaf']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let text = '';
  for (let i = start; i < start + length && i < bytes.length; i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((value, i) => bytes[at + i] === value);
}

/** The format of a file from its first bytes (SNIFF_BYTES are enough). */
export function sniffFormat(bytes: Uint8Array): ImageFormat {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 4) === 'ftyp') return sniffIsoBrands(bytes);
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (head.startsWith('BM') && bytes.length >= 14) return 'bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (startsWith(bytes, [0xff, 0x0a])) return 'jxl';
  if (startsWith(bytes, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a])) return 'jxl';
  if (startsWith(bytes, [0, 0, 1, 0]) && bytes.length >= 6) return 'ico';
  if (head.startsWith('%PDF')) return 'pdf';
  if (/^\s*<(\?xml|svg)/i.test(ascii(bytes, 0, SNIFF_BYTES))) return 'svg';
  return 'unknown';
}

function sniffIsoBrands(bytes: Uint8Array): ImageFormat {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxSize = bytes.length >= 4 ? view.getUint32(0) : 0;
  const end = Math.min(bytes.length, Math.max(16, boxSize));
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heif';
  if (brands.some((brand) => STRUCTURAL_BRANDS.has(brand))) return 'heif';
  return 'unknown';
}
