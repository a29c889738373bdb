/**
 * HEIC/HEIF decoding through libheif (WebAssembly, served from our own origin). The worker and its
 * wasm (the largest file the app serves) load only when such a file arrives, and the worker ends after each image so its memory goes too.
 */
import wasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';
import type { HeifRequest, HeifResponse } from './heif-protocol.ts';

export interface RgbaPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray<ArrayBuffer>;
}

/** A decode taking longer than this is treated as failed (a malformed file must not hang the page). */
const HEIF_TIMEOUT_MS = 60_000;

export async function decodeHeif(file: Blob): Promise<RgbaPixels> {
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL('./heif-worker.ts', import.meta.url), { type: 'module', name: 'heif' });
  try {
    const response = await new Promise<HeifResponse>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('HEIF decode timed out')), HEIF_TIMEOUT_MS);
      worker.onmessage = (event: MessageEvent<HeifResponse>) => {
        clearTimeout(timer);
        resolve(event.data);
      };
      worker.onerror = (event) => {
        clearTimeout(timer);
        event.preventDefault();
        reject(new Error(event.message || 'HEIF worker failed'));
      };
      const request: HeifRequest = { bytes, wasmUrl: new URL(wasmUrl, location.href).href };
      worker.postMessage(request, [bytes]);
    });
    if (!response.ok) throw new Error(response.message);
    return { width: response.width, height: response.height, data: new Uint8ClampedArray(response.data) };
  } finally {
    worker.terminate();
  }
}
