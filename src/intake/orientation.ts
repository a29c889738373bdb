/**
 * EXIF orientation (TIFF tag 0x0112): read with exifr from the first 64 KB of a JPEG, and the transform
 * that turns the stored pixels upright. Worker-safe: no DOM.
 */
import { orientation as exifOrientation } from 'exifr/dist/mini.esm.mjs';
import type { Size } from './processing-size.ts';

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

/**
 * A copy of a JPEG with an EXIF APP1 segment holding only the given orientation, placed right after SOI
 * (used to ask the browser whether it applies orientation itself).
 */
export function withExifOrientation(jpeg: Uint8Array, orientation: Orientation): Uint8Array<ArrayBuffer> {
  // APP1: "Exif\0\0", then a big-endian TIFF header and an IFD0 with one SHORT entry (0x0112).
  const tiff = [
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff];
  const length = payload.length + 2;
  const segment = [0xff, 0xe1, length >> 8, length & 0xff, ...payload];
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}
