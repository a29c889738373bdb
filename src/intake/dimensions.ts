/**
 * Image dimensions from the file header, read before anything is decoded, so that a decompression bomb
 * (a tiny file claiming a huge image) is refused without allocating it. Worker-safe: no DOM.
 */
import type { ByteReader } from './byte-reader.ts';
import type { AcceptedFormat } from './formats.ts';
import { heifProperties, type HeifProperty } from './heif-container.ts';
import type { Size } from '../pixels/processing-size.ts';
import { EOI, isStartOfFrame, jpegSegments, SOS } from '../jpeg-file/segments.ts';

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

/** The size in the first frame header (SOF), found by walking the segments before it. */
async function jpegDimensions(reader: ByteReader): Promise<Size | null> {
  for await (const segment of jpegSegments(reader)) {
    if (segment.marker === SOS || segment.marker === EOI) return null;
    if (isStartOfFrame(segment.marker)) {
      const frame = await reader.read(segment.payloadAt, 5);
      if (frame.length < 5) return null;
      const v = view(frame);
      return known(v.getUint16(3), v.getUint16(1));
    }
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
