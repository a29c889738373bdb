/**
 * EXIF orientation (TIFF tag 0x0112): read with exifr from the first 64 KB of a JPEG, and the transform
 * that turns the stored pixels upright. Worker-safe: no DOM.
 */
import { orientation as exifOrientation } from 'exifr/dist/mini.esm.mjs';
import type { Size } from '../pixels/processing-size.ts';
import { APP1, segmentBytes, signatureOf } from '../jpeg-file/segments.ts';

/** Spec section 5: the orientation is read from the first 64 KB. */
export const EXIF_SCAN_BYTES = 64 * 1024;

export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export class OrientationReadError extends Error {}

/**
 * The orientation of a JPEG from its first bytes; 1 (as stored) when there is no tag or the value is out
 * of range (0 appears in the wild and means 1). Throws OrientationReadError when the EXIF is unreadable.
 */
export async function readOrientation(head: Uint8Array): Promise<Orientation> {
  let value: unknown;
  try {
    value = await exifOrientation(head);
  } catch (error) {
    throw new OrientationReadError(error instanceof Error ? error.message : String(error));
  }
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 8
    ? (value as Orientation)
    : 1;
}

/** Orientations 5 to 8 store the picture transposed: width and height swap. */
export function swapsAxes(orientation: Orientation): boolean {
  return orientation >= 5;
}

export function orientedSize(stored: Size, orientation: Orientation): Size {
  return swapsAxes(orientation) ? { width: stored.height, height: stored.width } : { ...stored };
}

/** The size of the stored image that becomes `upright` once oriented. */
export function storedSize(upright: Size, orientation: Orientation): Size {
  return orientedSize(upright, orientation);
}

/**
 * The 2D transform (a, b, c, d, e, f as in CanvasRenderingContext2D.setTransform) that draws an image
 * stored `stored` so it appears upright on a canvas of orientedSize(stored). A stored pixel (x, y) goes
 * to (a x + c y + e, b x + d y + f).
 */
export function orientationTransform(
  orientation: Orientation,
  stored: Size,
): [number, number, number, number, number, number] {
  const { width: w, height: h } = stored;
  switch (orientation) {
    case 1:
      return [1, 0, 0, 1, 0, 0];
    case 2: // mirrored horizontally
      return [-1, 0, 0, 1, w, 0];
    case 3: // rotated 180
      return [-1, 0, 0, -1, w, h];
    case 4: // mirrored vertically
      return [1, 0, 0, -1, 0, h];
    case 5: // transposed (mirror across the main diagonal)
      return [0, 1, 1, 0, 0, 0];
    case 6: // stored rotated 90 anticlockwise: turn it 90 clockwise
      return [0, 1, -1, 0, h, 0];
    case 7: // transversed
      return [0, -1, -1, 0, h, w];
    case 8: // stored rotated 90 clockwise: turn it 90 anticlockwise
      return [0, -1, 1, 0, 0, w];
  }
}

/** A big-endian TIFF structure whose IFD0 holds only the orientation tag (0x0112, one SHORT). */
function orientationTiff(orientation: Orientation): number[] {
  return [
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08],
    ...[0x00, 0x01],
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00],
  ];
}

/**
 * A copy of a JPEG with an EXIF APP1 segment holding only the given orientation, placed right after SOI
 * (used to ask the browser whether it applies orientation itself).
 */
export function withExifOrientation(jpeg: Uint8Array, orientation: Orientation): Uint8Array<ArrayBuffer> {
  const segment = segmentBytes(APP1, [...signatureOf('Exif\0\0'), ...orientationTiff(orientation)]);
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A copy of a PNG with an eXIf chunk holding only the given orientation, right after IHDR. */
export function withPngOrientation(png: Uint8Array, orientation: Orientation): Uint8Array<ArrayBuffer> {
  const tiff = orientationTiff(orientation);
  const chunk = new Uint8Array(12 + tiff.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, tiff.length);
  chunk.set([0x65, 0x58, 0x49, 0x66], 4);
  chunk.set(tiff, 8);
  view.setUint32(8 + tiff.length, crc32(chunk.subarray(4, 8 + tiff.length)));
  // The signature (8 bytes) and IHDR (25) come first.
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, 33), 0);
  out.set(chunk, 33);
  out.set(png.subarray(33), 33 + chunk.length);
  return out;
}

/**
 * A copy of a WebP with an EXIF chunk holding only the given orientation: the VP8X header says so (one is
 * added for a simple file), and the chunk goes last, as the container specification orders them.
 */
export function withWebpOrientation(
  webp: Uint8Array,
  size: Size,
  orientation: Orientation,
): Uint8Array<ArrayBuffer> {
  const tiff = orientationTiff(orientation);
  const exif = new Uint8Array(8 + tiff.length + (tiff.length & 1));
  exif.set([0x45, 0x58, 0x49, 0x46], 0);
  new DataView(exif.buffer).setUint32(4, tiff.length, true);
  exif.set(tiff, 8);
  const chunks = webp.slice(12);
  let header = new Uint8Array(0);
  if (String.fromCharCode(...chunks.subarray(0, 4)) === 'VP8X') {
    chunks[8] = (chunks[8] ?? 0) | 0x08;
  } else {
    header = new Uint8Array(18);
    header.set([0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0x08], 0);
    const w = size.width - 1;
    const h = size.height - 1;
    header.set(
      [w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff],
      12,
    );
  }
  const body = 4 + header.length + chunks.length + exif.length;
  const out = new Uint8Array(8 + body);
  out.set([0x52, 0x49, 0x46, 0x46], 0);
  new DataView(out.buffer).setUint32(4, body, true);
  out.set([0x57, 0x45, 0x42, 0x50], 8);
  out.set(header, 12);
  out.set(chunks, 12 + header.length);
  out.set(exif, 12 + header.length + chunks.length);
  return out;
}
