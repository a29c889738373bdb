/**
 * A JPEG file's segments (ITU T.81 annex B): the one reader and writer of them. A JPEG is SOI (FF D8),
 * then marker segments (FF, a marker byte, a big-endian length that counts itself, the payload) up to the
 * scan (SOS), whose entropy-coded data runs to EOI. Any number of FF fill bytes may come before a marker.
 * Segments are read through slices of the file (a Blob, or bytes in memory), never the whole of it, and a
 * segment is added by making a new Blob of slices of the old one around it: a large save is neither read
 * nor copied to add a few bytes. Worker-safe; no DOM. (The JPEG encoder writes its own stream.)
 */

/** Random access to a file's bytes: up to `length` bytes from `offset` (fewer at the end). */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
/** APP0 to APP15 are E0 to EF: APP0 is JFIF's, APP1 EXIF's and XMP's, APP2 the ICC profile's. */
export const APP0 = 0xe0;
export const APP1 = 0xe1;
export const APP2 = 0xe2;

/** The largest payload a segment can carry: its length field (65535 at most) counts its own 2 bytes. */
export const MAX_PAYLOAD = 0xffff - 2;

/** One marker segment of a file. */
export interface JpegSegment {
  readonly marker: number;
  /** Where its FF marker byte is (after any fill bytes). */
  readonly at: number;
  /** Where its payload starts (at + 4). */
  readonly payloadAt: number;
  /** Its payload's length in bytes, as its length field says. */
  readonly payloadLength: number;
  /** Where the next segment may start: at + 2 + its length field. */
  readonly end: number;
  /** The file ends before the segment does (a cut-off download). */
  readonly truncated: boolean;
}

/** Whether the marker starts a frame (SOF0-SOF15, which carry the image's size): C0-CF but DHT, JPG and DAC. */
export function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

export function isApp(marker: number): boolean {
  return marker >= APP0 && marker <= APP0 + 15;
}

/** The bytes in memory as a source. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (offset, length) =>
      Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length))),
  };
}

/** How much of a Blob is read at once: a file's headers fit in one window, segment headers are read from it. */
const WINDOW = 64 * 1024;

/** A Blob read through a cached window, so that walking its headers reads it once, in slices. */
export function blobSource(blob: Blob): ByteSource {
  let start = 0;
  let window: Uint8Array | null = null;
  return {
    size: blob.size,
    async read(offset, length) {
      const end = Math.min(blob.size, offset + length);
      if (window && offset >= start && end <= start + window.length) {
        return window.subarray(offset - start, end - start);
      }
      if (length > WINDOW) return new Uint8Array(await blob.slice(offset, end).arrayBuffer());
      start = offset;
      window = new Uint8Array(await blob.slice(offset, Math.min(blob.size, offset + WINDOW)).arrayBuffer());
      return window.subarray(0, end - offset);
    },
  };
}

function sourceOf(file: Blob | Uint8Array | ByteSource): ByteSource {
  if (file instanceof Uint8Array) return bytesSource(file);
  if (file instanceof Blob) return blobSource(file);
  return file;
}

/** Whether the file starts with SOI. */
export async function isJpeg(file: Blob | Uint8Array | ByteSource): Promise<boolean> {
  const head = await sourceOf(file).read(0, 2);
  return head[0] === 0xff && head[1] === SOI;
}

/** What the 4 bytes at `at` hold: fill or a marker without a length to step over, a segment, or the end. */
type Header = { readonly skip: number } | { readonly segment: JpegSegment; readonly last: boolean } | null;

function readHeader(head: Uint8Array, at: number, size: number): Header {
  if (head[0] !== 0xff) return null;
  const marker = head[1] ?? 0;
  // Fill bytes before a marker.
  if (marker === 0xff) return { skip: 1 };
  if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) return { skip: 2 };
  if (marker === EOI) {
    return {
      segment: { marker, at, payloadAt: at + 2, payloadLength: 0, end: at + 2, truncated: false },
      last: true,
    };
  }
  if (head.length < 4) {
    return {
      segment: { marker, at, payloadAt: at + 2, payloadLength: 0, end: size, truncated: true },
      last: true,
    };
  }
  const length = ((head[2] ?? 0) << 8) | (head[3] ?? 0);
  if (length < 2) return null;
  const end = at + 2 + length;
  const truncated = end > size;
  return {
    segment: { marker, at, payloadAt: at + 4, payloadLength: length - 2, end, truncated },
    last: truncated || marker === SOS,
  };
}

/**
 * The file's segments in order, from the one after SOI up to and including SOS (or EOI), read header by
 * header; markers without a length (RSTn, TEM) are stepped over. Stops after a truncated segment, at
 * anything that is not a marker, and at a length under 2; yields nothing for a file without SOI.
 */
export async function* jpegSegments(file: Blob | Uint8Array | ByteSource): AsyncGenerator<JpegSegment> {
  const source = sourceOf(file);
  if (!(await isJpeg(source))) return;
  let at = 2;
  while (at + 2 <= source.size) {
    const header = readHeader(await source.read(at, 4), at, source.size);
    if (header === null) return;
    if ('skip' in header) {
      at += header.skip;
      continue;
    }
    yield header.segment;
    if (header.last) return;
    at = header.segment.end;
  }
}

/** The segments of a file held in memory, as jpegSegments walks them, at once. */
export function segmentsOf(bytes: Uint8Array): JpegSegment[] {
  const segments: JpegSegment[] = [];
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return segments;
  let at = 2;
  while (at + 2 <= bytes.length) {
    const header = readHeader(bytes.subarray(at, at + 4), at, bytes.length);
    if (header === null) break;
    if ('skip' in header) {
      at += header.skip;
      continue;
    }
    segments.push(header.segment);
    if (header.last) break;
    at = header.segment.end;
  }
  return segments;
}

/** A segment's payload from a file held in memory (as much of it as the file holds). */
export function payloadOf(bytes: Uint8Array, segment: JpegSegment): Uint8Array {
  return bytes.subarray(segment.payloadAt, Math.min(bytes.length, segment.payloadAt + segment.payloadLength));
}

/** The first segment (before the scan) that `match` takes, or null. */
export async function findSegment(
  file: Blob | Uint8Array | ByteSource,
  match: (segment: JpegSegment) => boolean | Promise<boolean>,
): Promise<JpegSegment | null> {
  for await (const segment of jpegSegments(file)) {
    if (segment.marker === SOS || segment.marker === EOI) return null;
    if (await match(segment)) return segment;
  }
  return null;
}

/** A segment's payload (as much of it as the file holds). */
export async function segmentPayload(
  file: Blob | Uint8Array | ByteSource,
  segment: JpegSegment,
): Promise<Uint8Array> {
  return sourceOf(file).read(segment.payloadAt, segment.payloadLength);
}

/** Whether a segment's payload begins with `signature` ('Exif\0\0', 'ICC_PROFILE\0', 'JFIF\0'). */
export async function hasSignature(
  file: Blob | Uint8Array | ByteSource,
  segment: JpegSegment,
  signature: readonly number[],
): Promise<boolean> {
  if (segment.payloadLength < signature.length) return false;
  const head = await sourceOf(file).read(segment.payloadAt, signature.length);
  return signature.every((byte, i) => head[i] === byte);
}

/** The bytes of an ASCII signature. */
export function signatureOf(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
}

/** A whole segment: FF, the marker, the length, the payload. */
export function segmentBytes(
  marker: number,
  payload: Uint8Array | readonly number[],
): Uint8Array<ArrayBuffer> {
  if (payload.length > MAX_PAYLOAD) {
    throw new RangeError(`A JPEG segment holds at most ${MAX_PAYLOAD} bytes, not ${payload.length}`);
  }
  const length = payload.length + 2;
  const segment = new Uint8Array(2 + length);
  segment.set([0xff, marker, length >> 8, length & 255]);
  segment.set(payload, 4);
  return segment;
}

/**
 * Where a new APPn segment goes: right after SOI, or after the APP0 segments that follow it (JFIF, and
 * its JFXX extension, want to be first). Null for a file that is not a JPEG.
 */
export async function appInsertionPoint(file: Blob | Uint8Array | ByteSource): Promise<number | null> {
  const source = sourceOf(file);
  if (!(await isJpeg(source))) return null;
  let at = 2;
  for await (const segment of jpegSegments(source)) {
    if (segment.marker !== APP0 || segment.truncated) break;
    at = segment.end;
  }
  return at;
}

/**
 * The file with `segment` (whole: segmentBytes) inserted where a new APPn goes; the file itself if it is
 * not a JPEG. Made of slices of the old Blob around the new bytes.
 */
export async function insertSegment(file: Blob, segment: Uint8Array<ArrayBuffer>): Promise<Blob> {
  const at = await appInsertionPoint(file);
  if (at === null) return file;
  return new Blob([file.slice(0, at), segment, file.slice(at)], { type: 'image/jpeg' });
}

/**
 * The file with the first segment `match` takes replaced by `segment`, or with `segment` inserted where a
 * new APPn goes when none matches; the file itself if it is not a JPEG.
 */
export async function replaceSegment(
  file: Blob,
  match: (segment: JpegSegment) => boolean | Promise<boolean>,
  segment: Uint8Array<ArrayBuffer>,
): Promise<Blob> {
  const found = await findSegment(file, match);
  if (!found || found.truncated) return insertSegment(file, segment);
  return new Blob([file.slice(0, found.at), segment, file.slice(found.end)], { type: 'image/jpeg' });
}
