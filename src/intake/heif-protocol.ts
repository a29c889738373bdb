/** Messages between decode.ts and the HEIC/HEIF decoding worker. */
export interface HeifRequest {
  bytes: ArrayBuffer;
  /** Where the worker fetches libheif's WebAssembly from (our own origin). */
  wasmUrl: string;
}

export type HeifResponse =
  { ok: true; width: number; height: number; data: ArrayBuffer } | { ok: false; message: string };
