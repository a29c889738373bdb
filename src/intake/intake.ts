/**
 * The one way a file enters the product: landing, editor, collage photos and background, and whatever
 * comes later all call `intake`. It runs the checks and the decode of decode.ts (size, format by its
 * bytes, header pixel limit, orientation, the spec's messages) in a worker, so that neither a large file
 * nor a hostile one blocks the page; the page gets the upright bitmap at the processing size and/or an
 * encoded preview of it.
 */
import type { DecodedImage } from './decode.ts';
import type { AcceptedFormat } from './formats.ts';
import type { IntakeRequest, IntakeResponse, IntakeResult, IntakeWants } from './intake-protocol.ts';
import { DECODE_FAILED_MESSAGE, IntakeError, NO_FILE_MESSAGE } from './messages.ts';

export { IntakeError } from './messages.ts';

export type { IntakeResult } from './intake-protocol.ts';

/** A decode taking longer than this has failed (a hostile file must not hang the intake). */
const INTAKE_TIMEOUT_MS = 60_000;
/**
 * The worker ends once it has been idle this long: a large photo's decode leaves the worker's heap and
 * the browser's decoder caches as large as the photo's pixels, which only its end returns.
 */
const IDLE_MS = 1_000;

interface Pending {
  resolve: (response: IntakeResponse) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;
let idleTimer: ReturnType<typeof setTimeout> | null = null;

/** Ends the worker when nothing has been asked of it for IDLE_MS. */
function endWhenIdle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (pending.size > 0) return;
    worker?.terminate();
    worker = null;
  }, IDLE_MS);
}

/** Ends the worker and fails what it was doing (it died, or took too long): the next file gets a new one. */
function restart(reason: string): void {
  worker?.terminate();
  worker = null;
  for (const [id, waiting] of pending) {
    clearTimeout(waiting.timer);
    waiting.reject(new Error(reason));
    pending.delete(id);
  }
}

function intakeWorker(): Worker {
  if (worker) return worker;
  const made = new Worker(new URL('./intake-worker.ts', import.meta.url), { type: 'module', name: 'intake' });
  made.onmessage = (event: MessageEvent<IntakeResponse>) => {
    const waiting = pending.get(event.data.id);
    if (!waiting) {
      if (event.data.ok) event.data.bitmap?.close();
      return;
    }
    pending.delete(event.data.id);
    clearTimeout(waiting.timer);
    waiting.resolve(event.data);
    if (pending.size === 0) endWhenIdle();
  };
  made.onerror = (event) => {
    event.preventDefault();
    restart(event.message || 'The intake worker failed');
  };
  worker = made;
  return made;
}

function ask(file: Blob, formats: readonly AcceptedFormat[], wants: IntakeWants): Promise<IntakeResponse> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const timer = setTimeout(() => restart('The image took too long to decode'), INTAKE_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    const request: IntakeRequest = { id, file, formats, wants };
    intakeWorker().postMessage(request);
  });
}

/**
 * Checks and decodes `file` for one entry point (its accepted formats), or throws IntakeError with the
 * message to show. `wants` says what comes back: the bitmap (the caller owns it) and/or a preview.
 */
export async function intake(
  file: Blob | null | undefined,
  formats: readonly AcceptedFormat[],
  wants: IntakeWants = { bitmap: true },
): Promise<IntakeResult> {
  if (!file) throw new IntakeError('noFile', NO_FILE_MESSAGE);
  let response: IntakeResponse;
  try {
    response = await ask(file, formats, wants);
  } catch (error) {
    console.warn('Image intake failed:', error);
    throw new IntakeError('undecodable', DECODE_FAILED_MESSAGE);
  }
  if (!response.ok) throw new IntakeError(response.kind, response.message);
  return {
    bitmap: response.bitmap,
    preview: response.preview,
    format: response.format,
    original: response.original,
    processing: response.processing,
    ...(response.warning ? { warning: response.warning } : {}),
    ...(response.taken ? { taken: response.taken } : {}),
  };
}

/** The result as the editor loads it: a DecodedImage (the bitmap must have been asked for). */
export function asDecoded(result: IntakeResult): DecodedImage {
  if (!result.bitmap) throw new Error('The intake was not asked for the bitmap');
  return {
    bitmap: result.bitmap,
    format: result.format,
    original: result.original,
    processing: result.processing,
    ...(result.warning ? { warning: result.warning } : {}),
    ...(result.taken ? { taken: result.taken } : {}),
  };
}
