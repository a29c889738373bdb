/** Random access to a file's bytes, read in windows so header parsing never loads a whole file. */
export interface ByteReader {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function bytesReader(bytes: Uint8Array): ByteReader {
  return {
    size: bytes.length,
    read: (offset, length) =>
      Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length))),
  };
}

const WINDOW = 64 * 1024;

/** Reads a Blob through a cached 64 KB window (headers are small and read front to back). */
export function blobReader(blob: Blob): ByteReader {
  let windowStart = 0;
  let window: Uint8Array | null = null;
  return {
    size: blob.size,
    async read(offset, length) {
      const end = Math.min(blob.size, offset + length);
      if (window && offset >= windowStart && end <= windowStart + window.length) {
        return window.subarray(offset - windowStart, end - windowStart);
      }
      if (length > WINDOW) return new Uint8Array(await blob.slice(offset, end).arrayBuffer());
      windowStart = offset;
      window = new Uint8Array(await blob.slice(offset, Math.min(blob.size, offset + WINDOW)).arrayBuffer());
      return window.subarray(0, end - offset);
    },
  };
}
