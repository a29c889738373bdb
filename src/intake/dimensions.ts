/**
 * Image dimensions from the file header, read before anything is decoded, so that a decompression bomb
 * (a tiny file claiming a huge image) is refused without allocating it. Worker-safe: no DOM.
 */
import type { ByteReader } from './byte-reader.ts';
import type { AcceptedFormat } from './formats.ts';
import type { Size } from './processing-size.ts';

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

// ---------------------------------------------------------------- HEIF (ISO base media file format)

interface Box {
  type: string;
  /** Offset of the box's payload in the buffer it was read from. */
  start: number;
  end: number;
}

function* boxes(bytes: Uint8Array, start: number, end: number): Generator<Box, void, undefined> {
  const v = view(bytes);
  let at = start;
  while (at + 8 <= end) {
    let size = v.getUint32(at);
    const type = fourcc(bytes, at + 4);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(v.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function child(bytes: Uint8Array, parent: Box, type: string, skip = 0): Box | undefined {
  for (const box of boxes(bytes, parent.start + skip, parent.end)) if (box.type === type) return box;
  return undefined;
}

/** Largest meta box we read: real ones are tens of KB (many tiles of a grid image). */
const MAX_META_BYTES = 8 * 1024 * 1024;

/**
 * The primary item's image spatial extent ('ispe' property): meta -> pitm names the primary item, iprp ->
 * ipma lists its properties by index into ipco. Falls back to the largest ispe in the file.
 */
async function heifDimensions(reader: ByteReader): Promise<Size | null> {
  // Find the top-level meta box by walking box headers.
  let at = 0;
  let meta: Uint8Array | null = null;
  while (at + 16 <= reader.size) {
    const head = await reader.read(at, 16);
    const v = view(head);
    let size = v.getUint32(0);
    const type = fourcc(head, 4);
    if (size === 1) size = Number(v.getBigUint64(8));
    else if (size === 0) size = reader.size - at;
    if (size < 8) return null;
    if (type === 'meta') {
      if (size > MAX_META_BYTES) return null;
      meta = await reader.read(at, size);
      break;
    }
    at += size;
  }
  if (!meta) return null;
  const root = boxes(meta, 0, meta.length).next().value;
  if (!root) return null;
  // meta is a FullBox: 4 bytes of version and flags before its children.
  const pitm = child(meta, root, 'pitm', 4);
  const iprp = child(meta, root, 'iprp', 4);
  const ipco = iprp && child(meta, iprp, 'ipco');
  if (!ipco) return null;
  const properties = [...boxes(meta, ipco.start, ipco.end)];
  const ispeSize = (box: Box | undefined): Size | null => {
    if (!box || box.type !== 'ispe' || box.end - box.start < 12) return null;
    const v = view(meta);
    return known(v.getUint32(box.start + 4), v.getUint32(box.start + 8));
  };

  const primary = pitm ? primaryItemId(meta, pitm) : null;
  const ipma = iprp && child(meta, iprp, 'ipma');
  if (primary !== null && ipma) {
    for (const index of associatedProperties(meta, ipma, primary)) {
      const size = ispeSize(properties[index - 1]);
      if (size) return size;
    }
  }
  let largest: Size | null = null;
  for (const box of properties) {
    const size = ispeSize(box);
    if (size && (!largest || size.width * size.height > largest.width * largest.height)) largest = size;
  }
  return largest;
}

function primaryItemId(bytes: Uint8Array, pitm: Box): number | null {
  const v = view(bytes);
  if (pitm.end - pitm.start < 6) return null;
  const version = bytes[pitm.start]!;
  return version === 0 ? v.getUint16(pitm.start + 4) : v.getUint32(pitm.start + 4);
}

/** The 1-based ipco indices associated with an item. */
function associatedProperties(bytes: Uint8Array, ipma: Box, itemId: number): number[] {
  const v = view(bytes);
  const version = bytes[ipma.start]!;
  const flags = v.getUint32(ipma.start) & 0xffffff;
  let at = ipma.start + 4;
  if (at + 4 > ipma.end) return [];
  const count = v.getUint32(at);
  at += 4;
  for (let i = 0; i < count; i++) {
    const idBytes = version < 1 ? 2 : 4;
    if (at + idBytes + 1 > ipma.end) return [];
    const id = version < 1 ? v.getUint16(at) : v.getUint32(at);
    at += idBytes;
    const associations = bytes[at]!;
    at += 1;
    const entryBytes = flags & 1 ? 2 : 1;
    const indices: number[] = [];
    for (let j = 0; j < associations; j++) {
      if (at + entryBytes > ipma.end) return [];
      indices.push(entryBytes === 2 ? v.getUint16(at) & 0x7fff : bytes[at]! & 0x7f);
      at += entryBytes;
    }
    if (id === itemId) return indices;
  }
  return [];
}
