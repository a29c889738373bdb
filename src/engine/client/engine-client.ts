/**
 * The main-thread side of the engine: starts the module worker, hands it the canvas, and turns its
 * messages into promises and callbacks. A request that expects a reply (the protocol's tables say which)
 * gets an id, and its promise is settled by the reply with that id: resolved by it, or rejected by an
 * error with it. The UI talks to the engine only through this class.
 */
import type { FrameChoice } from '../../edit/frame.ts';
import {
  isFromWorkerMessage,
  PROGRESS,
  REPLIES,
  type AnsweredRequestType,
  type ColourStep,
  type CubeExportedMessage,
  type CubeLoadedMessage,
  type EngineKind,
  type FromWorkerMessage,
  type FromWorkerType,
  type FullResolutionImageMessage,
  type FullResolutionStep,
  type ImageDataMessage,
  type ReplyOf,
  type StatusMessage,
  type ToWorkerMessage,
} from '../protocol.ts';
import { deviceLimits } from '../device-limits.ts';
import { leaveBackend, leftBackends, leftBackendsNotice } from './left-backends.ts';
import type { CropGeometry } from '../../edit/crop.ts';
import { asMessage, msg, MessageError, shownOf, type Shown } from '../../i18n/msg.ts';
import {
  COLOUR_NOT_EXPORTED_TEMPLATE,
  CREATE_WORKER_TEMPLATE,
  OFFSCREEN_TRANSFER_TEMPLATE,
  WORKER_ERROR_TEMPLATE,
} from '../../i18n/templates.ts';

export interface EngineClientEvents {
  onMessage(message: FromWorkerMessage): void;
  /** The worker failed as a whole (script error, or no answer in time); it has been terminated. */
  onWorkerFailure(message: Shown): void;
  /** With `tellLeft`: the notice of the backends left, once this worker's backend is trusted. */
  onBackendsLeft?(notice: Shown): void;
}

export interface EngineClientOptions {
  engine?: EngineKind;
  /** Lets the worker accept test hooks (forced context loss, crashes). */
  testHooks?: boolean;
  /**
   * Test hook (with `testHooks`): these backends' self-tests read back black. Given at all (even empty),
   * the self-test runs on software renderers too, as the benchmark times it.
   */
  breakEngine?: readonly EngineKind[];
  /** A worker that does not answer a request for this long is treated as dead. */
  responseTimeoutMs?: number;
  /**
   * This worker replaces one whose backend drew its self-test wrong: `onBackendsLeft` is
   * called once this one's backend is trusted (its own self-test passed, or it has none).
   */
  tellLeft?: boolean;
}

/** Spec-independent: how long a request may go unanswered before the worker counts as dead. */
export const DEFAULT_RESPONSE_TIMEOUT_MS = 20_000;

/** A request the worker answers, as the caller writes it (the client gives it its id). */
export type AnsweredRequest = Extract<ToWorkerMessage, { type: AnsweredRequestType }>;

/** Replies only their caller wants: the editor's listeners do not hear them. */
const CALLER_ONLY: ReadonlySet<FromWorkerType> = new Set<FromWorkerType>([
  'imageData',
  'cubeLoaded',
  'cubeExported',
  'stats',
  'fullResolutionImage',
]);

/**
 * Requests whose caller handles their errors: the listeners do not hear them. An edit the worker could
 * not show (a crop it could not make) leaves it showing what it showed, so the caller puts the editor
 * back as it was rather than the listeners' rule for an error (WorkerError).
 */
const CALLER_HANDLES_ERRORS: ReadonlySet<AnsweredRequestType> = new Set<AnsweredRequestType>([
  'showEdit',
  'exportCube',
]);

/** The worker answered a request with an error: the request's promise is rejected with it. */
/** A request the worker answered with an error: `shown` is why, for the user. */
export class WorkerReplyError extends MessageError {}

/** What a request's promise is rejected with when the worker is gone before it answers. */
export const ENGINE_STOPPED = 'the effect engine stopped';

interface Pending {
  type: AnsweredRequestType;
  resolve(reply: FromWorkerMessage): void;
  reject(error: Error): void;
  onProgress?: (message: FromWorkerMessage) => void;
}

export interface FullResolutionRequest {
  /** The file the image was loaded from. */
  file: Blob;
  /** The size the image was processed at for the preview. */
  processing: { width: number; height: number };
  /** The committed effects and the current one, in order; masks are transferred. */
  steps: FullResolutionStep[];
  /** The crop in force, if any. */
  crop?: CropGeometry;
  /** The frame around the photo, if any: the print is saved. */
  frame?: FrameChoice;
  /** The .cube files the steps name, by hash, for a worker that may not have read them. */
  cubes?: { id: string; file: Blob }[];
  quality: number;
  /** Test option: the longest tile side. */
  tileLimit?: number;
  onProgress?: (fraction: number) => void;
}

export class EngineSetupError extends MessageError {}

/** Why something failed, for the user: the message an error carries, else its own text. */
const reason = shownOf;

export class EngineClient {
  /** Requests sent and not yet answered, by id. */
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private terminated = false;
  /** When the worker last said anything. */
  private lastHeard = Date.now();
  private readonly watchdog: ReturnType<typeof setInterval>;
  /** The answer to `init`: WorkerReady with the backend chosen, or WorkerError with why not. */
  started: Promise<StatusMessage> = Promise.reject(new Error(ENGINE_STOPPED));
  /** The notice of the backends left is still to be given (see EngineClientOptions.tellLeft). */
  private tellLeft = false;

  private constructor(
    private readonly worker: Worker,
    private readonly events: EngineClientEvents,
    private readonly timeoutMs: number,
  ) {
    void this.started.catch(() => undefined);
    worker.onmessage = (event: MessageEvent<unknown>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.fail(
        msg(WORKER_ERROR_TEMPLATE, {
          message: event.message || asMessage(msg('Worker script failed to load or execution error')),
        }),
      );
    };
    // A worker that stops answering (stuck, or closed without an error) is as dead as one that threw.
    this.watchdog = setInterval(
      () => {
        if (this.pending.size > 0 && Date.now() - this.lastHeard > this.timeoutMs) {
          this.fail(
            msg(WORKER_ERROR_TEMPLATE, { message: asMessage(msg('the effect engine stopped responding')) }),
          );
        }
      },
      Math.min(1000, this.timeoutMs / 4),
    );
  }

  private fail(message: Shown): void {
    if (this.terminated) return;
    this.terminate();
    this.events.onWorkerFailure(message);
  }

  /**
   * Starts the worker on `canvas`. Throws EngineSetupError with the spec's messages when the canvas is
   * missing, cannot be transferred, or the worker cannot be created.
   */
  static start(
    canvas: HTMLCanvasElement | null,
    events: EngineClientEvents,
    options: EngineClientOptions = {},
  ): EngineClient {
    const { engine, testHooks, breakEngine } = options;
    // Automatic starts past the backends whose self-tests drew wrong in this tab.
    const skip = engine ? [] : leftBackends();
    const limits = deviceLimits();
    if (!canvas) throw new EngineSetupError(msg('Canvas element unavailable.'));
    if (typeof canvas.transferControlToOffscreen !== 'function' || typeof Worker === 'undefined') {
      throw new EngineSetupError(msg('OffscreenCanvas not supported. Cannot initialize effect engine.'));
    }
    let offscreen: OffscreenCanvas;
    try {
      offscreen = canvas.transferControlToOffscreen();
    } catch (error) {
      throw new EngineSetupError(msg(OFFSCREEN_TRANSFER_TEMPLATE, { reason: reason(error) }));
    }
    let worker: Worker;
    try {
      worker = new Worker(new URL('../worker/worker.ts', import.meta.url), {
        type: 'module',
        name: 'effect-engine',
      });
    } catch (error) {
      throw new EngineSetupError(msg(CREATE_WORKER_TEMPLATE, { reason: reason(error) }));
    }
    const client = new EngineClient(worker, events, options.responseTimeoutMs ?? DEFAULT_RESPONSE_TIMEOUT_MS);
    client.started = client.request(
      {
        type: 'init',
        canvas: offscreen,
        ...(engine ? { engine } : {}),
        ...(testHooks ? { testHooks } : {}),
        ...(limits ? { deviceLimits: limits } : {}),
        ...(testHooks && breakEngine ? { breakEngine: [...breakEngine] } : {}),
        ...(skip.length ? { skip } : {}),
      },
      [offscreen],
    );
    void client.started.catch(() => undefined);
    if (options.tellLeft) {
      client.tellLeft = true;
      client.started
        .then((ready) => {
          if (ready.status === 'WorkerReady' && !ready.selfTest && ready.engine) client.sayLeft(ready.engine);
        })
        .catch(() => undefined);
    }
    return client;
  }

  /** How many requests wait for the worker's answer (the test hooks' `idle` reads it). */
  get pendingRequests(): number {
    return this.pending.size;
  }

  /**
   * A client on a worker already made (tests: a stand-in for the worker). `start` is the product's way.
   */
  static onWorker(worker: Worker, events: EngineClientEvents, timeoutMs = DEFAULT_RESPONSE_TIMEOUT_MS) {
    return new EngineClient(worker, events, timeoutMs);
  }

  /**
   * Sends a request with an id of its own; the promise is resolved by the worker's reply with that id,
   * or rejected by its error (WorkerReplyError), or when the worker is gone first. `onProgress` hears the
   * request's progress messages meanwhile.
   */
  request<M extends AnsweredRequest>(
    message: M,
    transfer: Transferable[] = [],
    onProgress?: (message: FromWorkerMessage) => void,
  ): Promise<ReplyOf<M['type']>> {
    if (this.terminated) return Promise.reject(new Error(ENGINE_STOPPED));
    const id = this.nextId++;
    const reply = new Promise<ReplyOf<M['type']>>((resolve, reject) => {
      if (this.pending.size === 0) this.lastHeard = Date.now();
      this.pending.set(id, {
        type: message.type,
        resolve: resolve as (reply: FromWorkerMessage) => void,
        reject,
        ...(onProgress ? { onProgress } : {}),
      });
    });
    try {
      this.worker.postMessage({ ...message, id }, transfer);
    } catch (error) {
      // A message the browser cannot post (out of memory, a detached transfer) throws here, to the
      // caller, as posting always did: the engine's start says it could not hand the worker its canvas.
      this.pending.delete(id);
      throw error;
    }
    return reply;
  }

  /**
   * Sends a message without waiting for its answer. A request still gets its id (the watchdog waits for
   * it); its reply, or its error, reaches the listeners as any message does.
   */
  post(message: ToWorkerMessage, transfer: Transferable[] = []): void {
    if (this.terminated) return;
    if (REPLIES.has(message.type as AnsweredRequestType)) {
      this.request(message as AnsweredRequest, transfer).catch(() => undefined);
      return;
    }
    this.worker.postMessage(message, transfer);
  }

  /**
   * Loads a photo (`file` is what a crop reads the original from); `thenApply`: the page applies a look
   * to it at once (the worker waits for that).
   */
  loadImage(
    image: ImageBitmap,
    processing: { width: number; height: number },
    original: { width: number; height: number },
    file: Blob,
    taken?: string,
    thenApply = false,
  ): Promise<StatusMessage> {
    return this.request(
      {
        type: 'loadImage',
        image,
        file,
        processingWidth: processing.width,
        processingHeight: processing.height,
        originalWidth: original.width,
        originalHeight: original.height,
        ...(taken ? { taken } : {}),
        ...(thenApply ? { thenApply } : {}),
      },
      [image],
    );
  }

  /** Asks for the current image as a JPEG; resolves with the worker's answer (blob null on failure). */
  requestImageData(quality = 0.9, exportLongSide?: number): Promise<ImageDataMessage> {
    return this.request({
      type: 'requestImageData',
      format: 'image/jpeg',
      quality,
      ...(exportLongSide ? { exportLongSide } : {}),
    }).catch((): ImageDataMessage => ({ type: 'imageData', blob: null, format: 'image/jpeg' }));
  }

  /**
   * Asks for the image at its original size; resolves with the worker's answer: the JPEG, or no
   * blob and whether it was cancelled or failed. Progress arrives through `onProgress` meanwhile.
   */
  exportFullResolution(request: FullResolutionRequest): Promise<FullResolutionImageMessage> {
    const masks = request.steps.flatMap((step) => (step.mask ? [step.mask] : []));
    const { onProgress } = request;
    return this.request(
      {
        type: 'exportFullResolution',
        file: request.file,
        processingWidth: request.processing.width,
        processingHeight: request.processing.height,
        steps: request.steps,
        ...(request.crop ? { crop: request.crop } : {}),
        ...(request.frame && request.frame.id !== 'none' ? { frame: request.frame } : {}),
        ...(request.cubes && request.cubes.length > 0 ? { cubes: request.cubes } : {}),
        quality: request.quality,
        ...(request.tileLimit ? { tileLimit: request.tileLimit } : {}),
      },
      masks,
      onProgress
        ? (message) => {
            if (message.type === 'exportProgress') onProgress(message.progress);
          }
        : undefined,
    ).catch((error: unknown): FullResolutionImageMessage => ({
      type: 'fullResolutionImage',
      blob: null,
      error: reason(error),
    }));
  }

  /** Hands the worker a .cube file to read; resolves with its answer (the title and size, or why not). */
  loadCube(file: Blob): Promise<CubeLoadedMessage> {
    return this.request({ type: 'loadCube', file }).catch((error: unknown): CubeLoadedMessage => ({
      type: 'cubeLoaded',
      error: reason(error),
    }));
  }

  /**
   * A recipe's colour as a .cube file (its title, its steps, the user's .cube files they name); resolves
   * with the file's text and what it leaves out, or null text and why.
   */
  exportCube(
    title: string,
    steps: readonly ColourStep[],
    cubes: Readonly<Record<string, string>> = {},
  ): Promise<CubeExportedMessage> {
    return this.request({ type: 'exportCube', title, steps: [...steps], cubes }).catch(
      (error: unknown): CubeExportedMessage => ({
        type: 'cubeExported',
        text: null,
        kept: [],
        left: [],
        error: msg(COLOUR_NOT_EXPORTED_TEMPLATE, { reason: reason(error) }),
      }),
    );
  }

  /** Stops the running full-resolution export; its promise resolves as cancelled. */
  cancelExport(): void {
    this.post({ type: 'cancelExport' });
  }

  /** The engine's live GPU object counts (for leak checks). */
  /** GPU objects the worker holds: textures (`pooled` of them the pool's free ones) and buffers. */
  async requestStats(): Promise<{ textures: number; buffers: number; pooled: number }> {
    const { textures, buffers, pooled } = await this.request({ type: 'requestStats' });
    return { textures, buffers, pooled: pooled ?? 0 };
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    clearInterval(this.watchdog);
    this.worker.terminate();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const request of pending) request.reject(new Error(ENGINE_STOPPED));
  }

  /** Gives the notice of the backends left, once, now that `running` is trusted. */
  private sayLeft(running: EngineKind): void {
    if (!this.tellLeft || this.terminated) return;
    this.tellLeft = false;
    this.events.onBackendsLeft?.(leftBackendsNotice(running));
  }

  private receive(data: unknown): void {
    if (this.terminated) return;
    this.lastHeard = Date.now();
    if (!isFromWorkerMessage(data)) {
      console.warn('Ignoring a malformed message from the worker', data);
      return;
    }
    // Remembered before anyone hears of it: the worker that replaces this one starts past it.
    if (data.type === 'selfTest') {
      if (data.passed) this.sayLeft(data.engine);
      else leaveBackend(data.engine);
    }
    const request = data.id === undefined ? undefined : this.pending.get(data.id);
    if (request && data.id !== undefined) {
      // Progress is no answer: the request it reports on still waits.
      if (PROGRESS.has(data.type)) {
        request.onProgress?.(data);
        return;
      }
      if (data.type === 'error' || REPLIES.get(request.type) === data.type) {
        this.pending.delete(data.id);
        if (data.type === 'error') request.reject(new WorkerReplyError(data.message));
        else request.resolve(data);
        // The caller's own handlers run first (they keep the log in step), then the listeners hear it.
        const callerOnly =
          data.type === 'error' ? CALLER_HANDLES_ERRORS.has(request.type) : CALLER_ONLY.has(data.type);
        if (!callerOnly) {
          queueMicrotask(() => {
            if (!this.terminated) this.deliver(data);
          });
        }
        return;
      }
    }
    this.deliver(data);
  }

  /** A message that is no reply to a waiting caller (or one the listeners hear too). */
  private deliver(data: FromWorkerMessage): void {
    if (PROGRESS.has(data.type) || CALLER_ONLY.has(data.type)) return;
    if (data.type === 'log') {
      const write =
        data.level === 'error' ? console.error : data.level === 'warn' ? console.warn : console.info;
      write(`[engine] ${data.message}`);
      return;
    }
    this.events.onMessage(data);
  }
}

/**
 * A message fit for a notification: the first line only (no stack trace, whatever a worker or a library
 * put in its error), and not endless.
 */
export function cleanMessage(message: Shown): Shown {
  if (typeof message !== 'string') return message;
  const firstLine = message.split('\n')[0]?.trim() ?? '';
  const text = firstLine.replace(/\s+at\s+\S+\s*\(.*\)$/, '').trim() || msg('Unknown worker error');
  return text.length > 240 ? `${text.slice(0, 237)}...` : text;
}
