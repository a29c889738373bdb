/// <reference lib="webworker" />
/**
 * The effect worker's body (its entry, worker.ts, loads it): owns the transferred OffscreenCanvas, picks
 * a backend, and runs the editor's messages one at a time, in order.
 */
import type { ScalableOriginal } from './crop.ts';
import {
  CROP_FAILED,
  isToWorkerMessage,
  type EngineKind,
  type ExportFullResolutionMessage,
  type FromWorkerMessage,
  type InitMessage,
  type TestHookAction,
  type ToWorkerMessage,
} from '../protocol.ts';
import { bakeLut } from '../../grading/luts.ts';
import { chooseBackend } from './choose-backend.ts';
import { renderSelfTest, selfTest } from './self-test.ts';
import { Engine } from './engine.ts';
import { setDeviceLimits } from '../device-limits.ts';

declare const self: DedicatedWorkerGlobalScope;

const NO_ENGINE = 'OffscreenCanvas not supported. Cannot initialize effect engine.';

/** Why no backend could be had, in the user's terms, with each backend's own reason. */
export function noEngineMessage(forced: EngineKind | undefined, reasons: readonly string[]): string {
  const why = reasons.length > 0 ? ` (${reasons.join('; ')})` : '';
  return forced
    ? `The ${forced} engine asked for is not available in this browser's worker${why}. Cannot initialize effect engine.`
    : `No rendering context could be made in the effect worker${why}. Cannot initialize effect engine.`;
}

let engine: Engine | null = null;
let queue: Promise<void> = Promise.resolve();
/** Messages received and not yet handled. */
let waiting = 0;
let testHooks = false;
/** Set by test hooks: the next apply, or the next export (image data or bitmap), fails as a broken driver would make it. */
let failNextApply = false;
let failNextExport = false;
/** Full-resolution exports received and not yet finished, so that a cancel reaches one still queued. */
const exports = new Map<ExportFullResolutionMessage, AbortController>();

/** The original at its own size; the intake code (EXIF, HEIC) loads only when an export needs it. */
async function decodeOriginal(file: Blob): Promise<ScalableOriginal> {
  const { openFullSize } = await import('../../intake/decode.ts');
  return openFullSize(file);
}

async function exportFullResolution(message: ExportFullResolutionMessage): Promise<void> {
  const controller = exports.get(message) ?? new AbortController();
  try {
    if (!engine) throw new Error('the engine is not ready');
    if (failNextExport) {
      failNextExport = false;
      throw new Error('the read-back failed (test hook)');
    }
    controller.signal.throwIfAborted();
    const started = performance.now();
    const result = await engine.exportFullResolution(
      message,
      decodeOriginal,
      (progress) => post({ type: 'exportProgress', progress }),
      controller.signal,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log('info', `Full-resolution export: ${result.width}x${result.height} in ${seconds} s`);
    post({ type: 'fullResolutionImage', ...result });
  } catch (error) {
    for (const step of message.steps) step.mask?.close();
    if (controller.signal.aborted) {
      post({ type: 'fullResolutionImage', blob: null, cancelled: true });
    } else {
      log('error', `Full-resolution export failed: ${reason(error)}`);
      post({ type: 'fullResolutionImage', blob: null, error: reason(error) });
    }
  } finally {
    exports.delete(message);
  }
}

function post(message: FromWorkerMessage, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

function log(level: 'info' | 'warn' | 'error', message: string): void {
  post({ type: 'log', level, message });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function init(message: InitMessage): Promise<void> {
  testHooks = message.testHooks === true;
  // The iOS limits mode: this worker's canvases fail past the cap too, and textures stop at 4096.
  if (message.deviceLimits) setDeviceLimits(message.deviceLimits);
  if (typeof OffscreenCanvas === 'undefined' || !message.canvas) {
    post({ type: 'status', status: 'WorkerError', message: NO_ENGINE });
    return;
  }
  const { backend, reasons, failedSelfTest } = await chooseBackend(message.canvas, message.engine, {
    log: (text) => log('info', text),
    onLost: (text) => {
      log('warn', text);
      post({ type: 'status', status: 'ContextLost', message: text });
    },
    onRestored: () => post({ type: 'status', status: 'ContextRestoring' }),
    selfTest: (backend) => selfTest(backend, cpuSelfTest, message.breakEngine ?? null),
    selfTestSoftware: message.breakEngine !== undefined,
  });
  if (!backend) {
    post({ type: 'status', status: 'WorkerError', message: noEngineMessage(message.engine, reasons) });
    return;
  }
  engine = new Engine(backend, post, bakeLut, () => waiting === 0);
  log('info', `Effect engine running on ${backend.kind}`);
  post({
    type: 'status',
    status: 'WorkerReady',
    engine: backend.kind,
    ...(failedSelfTest ? { message: selfTestNotice(failedSelfTest, backend.kind) } : {}),
  });
}

/** What the CPU backend makes of the self-test's chain: what a GPU backend must draw. */
async function cpuSelfTest(): Promise<Uint8Array> {
  const { createCpuBackend } = await import('../cpu/backend.ts');
  const cpu = createCpuBackend(new OffscreenCanvas(1, 1), (text) => log('info', text));
  if (!cpu) throw new Error('the CPU backend is not available');
  try {
    return await renderSelfTest(cpu);
  } finally {
    cpu.destroy();
  }
}

/** Said once, where a GPU backend drew the self-test wrong and another runs instead. */
export function selfTestNotice(failed: EngineKind, running: EngineKind): string {
  const name = { webgpu: 'WebGPU', webgl2: 'WebGL2', cpu: 'the CPU' };
  return `${name[failed]} drew a test picture wrong on this device, so effects run on ${name[running]}.`;
}

/** Simulated failures, for the reliability tests only. */
function runTestHook(action: TestHookAction): void {
  if (!testHooks) {
    log('warn', 'Ignoring a test hook: test hooks are off');
    return;
  }
  switch (action) {
    case 'loseContext':
      engine?.backend.loseContextForTest();
      return;
    case 'crash':
      setTimeout(() => {
        throw new Error('Test hook: the worker crashed');
      });
      return;
    case 'exit':
      self.close();
      return;
    case 'hang':
      for (;;) {
        // Never answers again, as a worker stuck in a driver call would.
      }
    case 'failNextApply':
      failNextApply = true;
      return;
    case 'failNextExport':
      failNextExport = true;
      return;
  }
}

async function handle(message: ToWorkerMessage): Promise<void> {
  if (message.type === 'init') return init(message);
  if (message.type === 'testHook') return runTestHook(message.action);
  if (message.type === 'exportFullResolution') return exportFullResolution(message);
  if (!engine) {
    log('warn', `Ignoring ${message.type}: the engine is not ready`);
    return;
  }
  switch (message.type) {
    case 'liveLook':
      engine.live.setLook(message);
      return;
    case 'liveStream':
      // Read on its own: the queue goes on (a shutter, a stop) while frames come.
      void engine.live.attach(message.stream);
      return;
    case 'liveShutter':
      try {
        post({ type: 'liveShot', ...(await engine.live.shoot()) });
      } catch (error) {
        post({ type: 'liveShot', blob: null, error: reason(error) });
      }
      return;
    case 'liveRead': {
      const read = await engine.live.read();
      post({ type: 'livePixels', ...read }, read.pixels ? [read.pixels.buffer] : []);
      return;
    }
    case 'liveStop':
      await engine.live.stop();
      return;
    case 'prepareEffects':
      engine.prepareEffects(message.effectIds);
      return;
    case 'renderThumbnails':
      engine.queueThumbnails(message.generation);
      return;
    case 'loadImage':
      try {
        await engine.loadImage(message);
      } catch (error) {
        post({ type: 'error', message: `Failed to load image: ${reason(error)}` });
      }
      return;
    case 'applyEffect':
      try {
        if (failNextApply) {
          failNextApply = false;
          throw new Error('the GPU rejected the work (test hook)');
        }
        await engine.applyEffect(message);
      } catch (error) {
        post({ type: 'error', message: `Image processing failed: ${reason(error)}` });
      }
      return;
    case 'commitEffect':
      await engine.commitEffect();
      return;
    case 'undo':
      await engine.undo();
      return;
    case 'redo':
      await engine.redo();
      return;
    case 'showOriginal':
      await engine.showOriginal(message.show);
      return;
    case 'loadCube':
      await engine.loadCube(message);
      return;
    case 'requestStats':
      // Counted at rest: thumbnails under way are finished first (their textures are freed at the end).
      await engine.finishThumbnails();
      post({ type: 'stats', ...engine.resourceCounts() });
      return;
    case 'resetCanvasToBase':
      await engine.resetCanvasToBase();
      return;
    case 'replaceBaseImage':
      await engine.replaceBaseImage(message);
      return;
    case 'cropImage':
      try {
        await engine.crop(message, decodeOriginal);
      } catch (error) {
        post({ type: 'error', message: `${CROP_FAILED}: ${reason(error)}` });
      }
      return;
    case 'requestImageData':
      try {
        if (failNextExport) {
          failNextExport = false;
          throw new Error('the read-back failed (test hook)');
        }
        await engine.requestImageData(message);
      } catch (error) {
        log('error', `Export failed: ${reason(error)}`);
        post({ type: 'imageData', blob: null, format: 'image/jpeg' });
      }
      return;
    case 'requestImageBitmap': {
      const source = message.source ?? 'currentBase';
      try {
        if (failNextExport) {
          failNextExport = false;
          throw new Error('the read-back failed (test hook)');
        }
        await engine.requestImageBitmap(source);
      } catch (error) {
        post({ type: 'imageBitmapResponse', image: null, source, error: reason(error) });
      }
      return;
    }
    case 'appVisible':
      await engine.redraw();
      return;
  }
}

/** Takes over the worker's messages, the ones that arrived while this module loaded first. */
export function serve(early: readonly MessageEvent<unknown>[]): void {
  self.onmessage = receive;
  for (const event of early) receive(event);
}

function receive(event: MessageEvent<unknown>): void {
  const message = event.data;
  if (!isToWorkerMessage(message)) {
    log('warn', 'Ignoring a malformed message');
    return;
  }
  // A cancel cannot wait its turn: the export it stops is what the queue is busy with.
  if (message.type === 'cancelExport') {
    for (const controller of exports.values()) controller.abort();
    return;
  }
  // Nor does a camera frame: the viewfinder keeps only the newest, whatever the queue is doing.
  if (message.type === 'liveFrame') {
    if (engine) engine.live.offer(message.frame, message.arrived);
    else message.frame.close();
    return;
  }
  // Nor does a lost GPU: the loss hook strikes whatever the queue is running, as a real loss would.
  if (message.type === 'testHook' && message.action === 'loseContext') {
    runTestHook(message.action);
    return;
  }
  if (message.type === 'exportFullResolution') exports.set(message, new AbortController());
  waiting++;
  queue = queue
    .then(() => handle(message))
    .catch((error: unknown) => {
      post({ type: 'error', message: reason(error) });
    })
    .then(() => {
      waiting--;
      lastMessageAt = performance.now();
      engine?.prepareWhenIdle();
      scheduleThumbnail();
    });
}

let thumbnailScheduled = false;

/**
 * Thumbnails run one at a time behind whatever is queued then: a message that arrives while one renders
 * (an apply) is queued before the next, so it waits for one call's thumbnails at most (a camera effect's, or a few looks').
 */
function scheduleThumbnail(): void {
  if (thumbnailScheduled || !engine?.thumbnailsPending) return;
  thumbnailScheduled = true;
  // A frame apart: the canvas's newest frame (an apply's) is handed on between thumbnails, which back to
  // back would keep the worker too busy for that.
  nextFrame(() => {
    queue = queue
      .then(async () => {
        thumbnailScheduled = false;
        const started = performance.now();
        await engine?.renderNextThumbnail();
        lastThumbnailMs = performance.now() - started;
      })
      .catch((error: unknown) => {
        // A thumbnail that fails is left out; the editor is not told of an error it did not ask for.
        log('warn', `A thumbnail could not be made: ${reason(error)}`);
      })
      .then(scheduleThumbnail);
  });
}

/** After a message (an apply, a load), thumbnails wait this long, so its frame is surely shown first. */
const AFTER_MESSAGE_MS = 120;
let lastMessageAt = 0;

/** How long the last thumbnail took: the next waits as long (see nextFrame). */
let lastThumbnailMs = 0;

/**
 * Calls back on a frame at least AFTER_MESSAGE_MS after the last message, and after a rest as long as
 * the last thumbnail took. Where the browser's compositor shares the GPU (or the CPU of a software one:
 * Firefox on llvmpipe) with the worker's drawing, thumbnails back to back kept the page from drawing for
 * 20 to 70 s after a photo loaded; half the time left to it, the page draws the photo at once.
 */
function nextFrame(callback: () => void): void {
  const wait = Math.max(0, lastMessageAt + AFTER_MESSAGE_MS - performance.now(), lastThumbnailMs);
  const frame = () =>
    typeof self.requestAnimationFrame === 'function'
      ? self.requestAnimationFrame(() => callback())
      : setTimeout(callback, 16);
  if (wait > 0) setTimeout(frame, wait);
  else frame();
}
