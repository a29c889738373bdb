/**
 * Decodes one HEIC/HEIF image with libheif (libheif-js, LGPL-3.0, loaded as its own chunk and wasm file)
 * into RGBA pixels, in sRGB. libheif applies the file's own rotation and mirroring (irot/imir), so HEIF
 * needs no EXIF orientation step; it does not apply the colour profile (an iPhone's Display P3), which is
 * done here (src/colour/profile.ts).
 */
import libheif from 'libheif-js/libheif-wasm/libheif.js';
import { bytesReader } from './byte-reader.ts';
import { convertToSrgb } from '../colour/profile.ts';
import { heifColourSpace } from './heif-container.ts';
import { primaryColourSpace } from './libheif-profile.ts';
import type { HeifRequest, HeifResponse } from './heif-protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function loadLibheif(wasmUrl: string) {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`libheif.wasm: HTTP ${response.status}`);
  const wasmBinary = await response.arrayBuffer();
  return new Promise<ReturnType<typeof libheif>>((resolve, reject) => {
    const holder: { module?: ReturnType<typeof libheif> } = {};
    holder.module = libheif({
      wasmBinary,
      // Called once the wasm is instantiated; deferred so that `holder.module` is set even if it were
      // called synchronously.
      onRuntimeInitialized: () => queueMicrotask(() => resolve(holder.module!)),
      onAbort: (what: unknown) => reject(new Error(`libheif aborted: ${String(what)}`)),
    });
  });
}

async function decode(request: HeifRequest): Promise<HeifResponse> {
  const heif = await loadLibheif(request.wasmUrl);
  const decoder = new heif.HeifDecoder();
  const bytes = new Uint8Array(request.bytes);
  const images = decoder.decode(bytes);
  const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
  if (!image) return { ok: false, message: 'No image in the HEIF file' };
  // The primary image's own profile as libheif reads it; the container's boxes where it cannot be asked.
  const asked = primaryColourSpace(heif, image);
  const space = asked !== undefined ? asked : await heifColourSpace(bytesReader(bytes)).catch(() => null);
  const width = image.get_width();
  const height = image.get_height();
  const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
  const pixels = await new Promise<typeof target | null>((resolve) => image.display(target, resolve));
  for (const each of images) each.free();
  if (!pixels) return { ok: false, message: 'libheif could not decode the image' };
  if (space) convertToSrgb(pixels.data, space);
  return { ok: true, width, height, data: pixels.data.buffer };
}

scope.onmessage = (event: MessageEvent<HeifRequest>) => {
  decode(event.data).then(
    (response) => scope.postMessage(response, response.ok ? [response.data] : []),
    (error: unknown) =>
      scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
};
