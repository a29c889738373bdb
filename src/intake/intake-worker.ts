/// <reference lib="webworker" />
/**
 * The intake's worker: every file that enters the product is checked and decoded here, off the main
 * thread (intake.ts sends them), one at a time in order.
 */
import { decodeImageFile, IntakeError } from './decode.ts';
import type { IntakeRequest, IntakeResponse } from './intake-protocol.ts';
import { DECODE_FAILED_MESSAGE } from './messages.ts';

declare const self: DedicatedWorkerGlobalScope;

async function encode(bitmap: ImageBitmap, type: 'jpeg' | 'png'): Promise<Blob> {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  context.drawImage(bitmap, 0, 0);
  return canvas.convertToBlob(type === 'jpeg' ? { type: 'image/jpeg', quality: 0.9 } : { type: 'image/png' });
}

async function take(request: IntakeRequest): Promise<void> {
  let response: IntakeResponse;
  const transfer: Transferable[] = [];
  try {
    const decoded = await decodeImageFile(request.file, { formats: request.formats });
    const preview = request.wants.preview ? await encode(decoded.bitmap, request.wants.preview) : null;
    let bitmap: ImageBitmap | null = decoded.bitmap;
    if (request.wants.bitmap) transfer.push(bitmap);
    else {
      bitmap.close();
      bitmap = null;
    }
    response = {
      id: request.id,
      ok: true,
      bitmap,
      preview,
      format: decoded.format,
      original: decoded.original,
      processing: decoded.processing,
      ...(decoded.warning ? { warning: decoded.warning } : {}),
      ...(decoded.taken ? { taken: decoded.taken } : {}),
    };
  } catch (error) {
    response =
      error instanceof IntakeError
        ? { id: request.id, ok: false, kind: error.kind, message: error.shown }
        : { id: request.id, ok: false, kind: 'undecodable', message: DECODE_FAILED_MESSAGE };
  }
  self.postMessage(response, transfer);
}

let queue: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<IntakeRequest>) => {
  const request = event.data;
  queue = queue.then(() => take(request));
};
