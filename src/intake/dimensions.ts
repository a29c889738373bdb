/**
 * Image dimensions from the file header, read before anything is decoded, so that a decompression bomb
 * (a tiny file claiming a huge image) is refused without allocating it. Worker-safe: no DOM.
 */
import type { ByteReader } from './byte-reader.ts';
import type { AcceptedFormat } from './formats.ts';
import { heifProperties, type HeifProperty } from './heif-container.ts';
import type { Size } from '../pixels/processing-size.ts';

/** The stored size of the image (before any EXIF orientation), or null when the header is unreadable. */
export async function readDimensions(reader: ByteReader, format: AcceptedFormat): Promise<Size | null> {
  switch (format) {
    case 'jpeg':
      return jpegDimensions(reader);
    case 'png':
      return pngDimensions(reader);
    case 'webp':
      return webpDimensions(reader);
    case 'heif':
      return heifDimensions(reader);
  }
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

function known(width: number, height: number): Size | null {
  return width > 0 && height > 0 ? { width, height } : null;
}

// ---------------------------------------------------------------- JPEG

// Start-of-frame markers carry the size: C0-CF except DHT (C4), JPG (C8) and DAC (CC).
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Walks the marker segments (skipping large APP segments by their length) up to the first SOF. */
async function jpegDimensions(reader: ByteReader): Promise<Size | null> {
  let at = 2;
  while (at + 4 <= reader.size) {
    const head = await reader.read(at, 4);
    if (head.length < 4 || head[0] !== 0xff) return null;
    const marker = head[1]!;
    // Fill bytes before a marker, and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = view(head).getUint16(2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      const frame = await reader.read(at + 4, 5);
      if (frame.length < 5) return null;
      const v = view(frame);
      return known(v.getUint16(3), v.getUint16(1));
    }
    at += 2 + length;
  }
  return null;
}

// ---------------------------------------------------------------- PNG

async function pngDimensions(reader: ByteReader): Promise<Size | null> {
  const head = await reader.read(8, 16);
  if (head.length < 16 || fourcc(head, 4) !== 'IHDR') return null;
  const v = view(head);
  return known(v.getUint32(8), v.getUint32(12));
}

// ---------------------------------------------------------------- WebP

/** The first chunk says it all: VP8X (canvas size), VP8L (lossless) or VP8 (lossy key frame). */
async function webpDimensions(reader: ByteReader): Promise<Size | null> {
  const head = await reader.read(12, 8 + 10);
  if (head.length < 18) return null;
  const chunk = fourcc(head, 0);
  const data = head.subarray(8);
  if (chunk === 'VP8X') {
    const width = 1 + (data[4]! | (data[5]! << 8) | (data[6]! << 16));
    const height = 1 + (data[7]! | (data[8]! << 8) | (data[9]! << 16));
    return known(width, height);
  }
  if (chunk === 'VP8L') {
    if (data[0] !== 0x2f) return null;
    const bits = data[1]! | (data[2]! << 8) | (data[3]! << 16) | (data[4]! << 24);
    return known(1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff));
  }
  if (chunk === 'VP8 ') {
    if (data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) return null;
    const v = view(data);
    return known(v.getUint16(6, true) & 0x3fff, v.getUint16(8, true) & 0x3fff);
  }
  return null;
}

// ---------------------------------------------------------------- HEIF

/** The primary item's image spatial extent ('ispe'); else the largest ispe in the file. */
async function heifDimensions(reader: ByteReader): Promise<Size | null> {
  const properties = await heifProperties(reader);
  if (!properties) return null;
  const ispeSize = (box: HeifProperty): Size | null => {
    if (box.type !== 'ispe' || box.payload.length < 12) return null;
    const v = view(box.payload);
    return known(v.getUint32(4), v.getUint32(8));
  };
  for (const box of properties.primary) {
    const size = ispeSize(box);
    if (size) return size;
  }
  let largest: Size | null = null;
  for (const box of properties.all) {
    const size = ispeSize(box);
    if (size && (!largest || size.width * size.height > largest.width * largest.height)) largest = size;
  }
  return largest;
}
