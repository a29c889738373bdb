/// <reference lib="webworker" />
/**
 * The effect worker's body (its entry, worker.ts, loads it): owns the transferred OffscreenCanvas, picks
 * a backend, and runs the page's messages one at a time, in order, each by its handler in `handlers`. A
 * handler returns its reply's fields; the queue sends them as the reply the protocol names, with the
 * request's id, and an error thrown as an error with that id.
 */
import { fill, msg } from '../../i18n/msg.ts';
import {
  LOAD_IMAGE_FAILED_TEMPLATE,
  PROCESSING_FAILED_TEMPLATE,
  RECIPE_NOT_APPLIED_TEMPLATE,
} from '../../i18n/templates.ts';
import type { ScalableOriginal } from './crop.ts';
import {
  CROP_FAILED,
  isToWorkerMessage,
  REPLIES,
  type AnsweredRequestType,
  type EngineKind,
  type ExportFullResolutionMessage,
  type FromWorkerMessage,
  type InitMessage,
  type ReplyOf,
  type TestHookAction,
  type ToWorkerMessage,
  type ToWorkerMessageOf,
  type ToWorkerType,
} from '../protocol.ts';
import { bakeLut } from '../../grading/luts.ts';
import { chooseBackend } from './choose-backend.ts';
import { cpuSelfTest, selfTest, type SelfTestResult } from './self-test.ts';
import { Engine, type Fields } from './engine.ts';
import { setDeviceLimits } from '../device-limits.ts';
import { AFTER_MESSAGE_MS, FRAME_WAIT_MS, heldAfter, PHOTO_FIRST_MS } from './idle-timing.ts';
import { NOT_READY, refusal } from './refusals.ts';
import type { LivePair } from './live.ts';

declare const self: DedicatedWorkerGlobalScope;

const NO_ENGINE = msg('OffscreenCanvas not supported. Cannot initialize effect engine.');

/** Why no backend could be had, in the user's terms, with each backend's own reason. */
export function noEngineMessage(forced: EngineKind | undefined, reasons: readonly string[]): string {
  const why = reasons.length > 0 ? ` (${reasons.join('; ')})` : '';
  return forced
    ? `The ${forced} engine asked for is not available in this browser's worker${why}. Cannot initialize effect engine.`
    : `No rendering context could be made in the effect worker${why}. Cannot initialize effect engine.`;
}

/** A reply's fields with what it hands over (a bitmap, a buffer of pixels). */
export class Handed<T> {
  constructor(
    readonly fields: T,
    readonly transfer: Transferable[],
  ) {}
}

/** What the handler of `K` gives back: its reply's fields for a request, nothing for a message. */
type Answer<K extends ToWorkerType> = K extends AnsweredRequestType
  ? Fields<ReplyOf<K>> | Handed<Fields<ReplyOf<K>>>
  : void;

/** One handler per message type: the compiler holds the table to the protocol's. */
type Handlers = {
  [K in ToWorkerType]: (message: ToWorkerMessageOf<K>) => Answer<K> | Promise<Answer<K>>;
};

/** Messages that do not wait their turn in the queue. */
const AT_ONCE: ReadonlySet<ToWorkerType> = new Set<ToWorkerType>(['cancelExport', 'liveFrame']);

/**
 * Thrown by a handler that needs the engine before it is there: a message is ignored, as a warning; a
 * request is answered with this error, so that its caller does not wait for an answer that never comes.
 */
class NotReady extends Error {}

/** The original at its own size; the intake code (EXIF, HEIC) loads only when an export needs it. */
async function decodeOriginal(file: Blob): Promise<ScalableOriginal> {
  const { openFullSize } = await import('../../intake/decode.ts');
  return openFullSize(file);
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

/** The worker's state: made once, when the worker takes over its messages. */
class Server {
  private engine: Engine | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** Messages received and not yet handled. */
  private waiting = 0;
  private testHooks = false;
  /** Set by test hooks: the next apply, or the next export (image data or bitmap), fails as a broken driver would make it. */
  private failNextApply = false;
  private failNextExport = false;
  /** Full-resolution exports received and not yet finished, so that a cancel reaches one still queued. */
  private readonly exports = new Map<ExportFullResolutionMessage, AbortController>();
  private idleWorkScheduled = false;
  private lastMessageAt = 0;
  /** Idle work starts no sooner (`performance.now()`): the page said work is coming (heldAfter). */
  private heldUntil = 0;
  /** How long the last idle work (a thumbnail, the self-test) took: the next waits as long (see nextFrame). */
  private lastIdleWorkMs = 0;
  /** The backend's self-test: still to run, its verdict, or not for this backend. */
  private selfTest: 'due' | SelfTestResult['verdict'] | 'none' = 'none';
  /** Test hook: the backends whose self-tests read back black. */
  private breakEngine: readonly EngineKind[] = [];

  /** The engine, for the handlers that need it. */
  private get ready(): Engine {
    if (!this.engine) throw new NotReady();
    return this.engine;
  }

  /** Whether a test hook has made the next read-back fail (it fails once). */
  private exportFails(): boolean {
    const fails = this.failNextExport;
    this.failNextExport = false;
    return fails;
  }

  private readonly handlers: Handlers = {
    init: (message) => this.init(message),
    testHook: (message) => this.runTestHook(message.action),
    exportFullResolution: (message) => this.exportFullResolution(message),
    cancelExport: () => {
      for (const controller of this.exports.values()) controller.abort();
    },
    liveFrame: (message) => {
      if (this.engine) this.engine.live.offer(message.frame, message.arrived);
      else message.frame.close();
    },
    liveLook: (message) => this.ready.live.setLook(message),
    liveStream: (message) => {
      // Read on its own: the queue goes on (a shutter, a stop) while frames come.
      void this.ready.live.attach(message.stream);
    },
    liveShutter: async () => {
      const live = this.ready.live;
      try {
        return await live.shoot();
      } catch (error) {
        return { blob: null, error: reason(error) };
      }
    },
    liveRead: async (message) => {
      // With `pair`, the next frame and the frame it was made from (tests hold the look to a still).
      const read: LivePair = message.pair
        ? await this.ready.live.readPair()
        : { ...(await this.ready.live.read()), source: null, live: null };
      const transfer: Transferable[] = [];
      if (read.pixels) transfer.push(read.pixels.buffer);
      if (read.source) transfer.push(read.source.pixels.buffer);
      return new Handed(read, transfer);
    },
    liveStop: () => this.ready.live.stop(),
    prepareEffects: (message) => this.ready.prepareEffects(message.effectIds),
    holdIdleWork: () => undefined,
    renderThumbnails: (message) => this.ready.queueThumbnails(message.generation, message.recipes),
    loadImage: async (message) => {
      const engine = this.ready;
      try {
        return await engine.loadImage(message);
      } catch (error) {
        throw new Error(fill(LOAD_IMAGE_FAILED_TEMPLATE, { reason: reason(error) }), { cause: error });
      }
    },
    applyEffect: async (message) => {
      const engine = this.ready;
      try {
        if (this.failNextApply) {
          this.failNextApply = false;
          throw new Error('the GPU rejected the work (test hook)');
        }
        return await engine.applyEffect(message);
      } catch (error) {
        throw new Error(fill(PROCESSING_FAILED_TEMPLATE, { reason: reason(error) }), { cause: error });
      }
    },
    commitEffect: () => this.ready.commitEffect(),
    undo: () => this.ready.undo(),
    redo: () => this.ready.redo(),
    showOriginal: (message) => this.ready.showOriginal(message.show),
    setFrame: (message) => this.ready.setFrame(message.frame),
    loadCube: (message) => this.ready.loadCube(message),
    exportCube: (message) => this.ready.exportCube(message),
    requestStats: async () => {
      const engine = this.ready;
      // Counted at rest: thumbnails under way are finished first (their textures are freed at the end).
      await engine.finishThumbnails();
      return engine.resourceCounts();
    },
    resetCanvasToBase: () => this.ready.resetCanvasToBase(),
    replaceBaseImage: (message) => this.ready.replaceBaseImage(message),
    cropImage: async (message) => {
      const engine = this.ready;
      try {
        return await engine.crop(message, decodeOriginal);
      } catch (error) {
        throw new Error(`${CROP_FAILED}: ${reason(error)}`, { cause: error });
      }
    },
    applyRecipe: async (message) => {
      const engine = this.ready;
      try {
        return await engine.applyRecipe(message, decodeOriginal);
      } catch (error) {
        throw new Error(fill(RECIPE_NOT_APPLIED_TEMPLATE, { reason: reason(error) }), { cause: error });
      }
    },
    requestImageData: async (message) => {
      const engine = this.ready;
      try {
        if (this.exportFails()) throw new Error('the read-back failed (test hook)');
        return await engine.requestImageData(message);
      } catch (error) {
        log('error', `Export failed: ${reason(error)}`);
        return { blob: null, format: 'image/jpeg' };
      }
    },
    requestImageBitmap: async (message) => {
      const engine = this.ready;
      const source = message.source ?? 'currentBase';
      try {
        if (this.exportFails()) throw new Error('the read-back failed (test hook)');
        const image = await engine.requestImageBitmap(source);
        return new Handed({ image, source }, [image]);
      } catch (error) {
        return { image: null, source, error: reason(error) };
      }
    },
    appVisible: () => this.ready.redraw(),
  };

  private async exportFullResolution(
    message: ExportFullResolutionMessage,
  ): Promise<Fields<ReplyOf<'exportFullResolution'>>> {
    const controller = this.exports.get(message) ?? new AbortController();
    const id = message.id;
    try {
      if (!this.engine) throw new Error('the engine is not ready');
      if (this.exportFails()) throw new Error('the read-back failed (test hook)');
      controller.signal.throwIfAborted();
      const started = performance.now();
      const result = await this.engine.exportFullResolution(
        message,
        decodeOriginal,
        (progress) => post({ type: 'exportProgress', ...(id === undefined ? {} : { id }), progress }),
        controller.signal,
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log('info', `Full-resolution export: ${result.width}x${result.height} in ${seconds} s`);
      return result;
    } catch (error) {
      for (const step of message.steps) step.mask?.close();
      if (controller.signal.aborted) return { blob: null, cancelled: true };
      log('error', `Full-resolution export failed: ${reason(error)}`);
      return { blob: null, error: reason(error) };
    } finally {
      this.exports.delete(message);
    }
  }

  private async init(message: InitMessage): Promise<Fields<ReplyOf<'init'>>> {
    this.testHooks = message.testHooks === true;
    // The iOS limits mode: this worker's canvases fail past the cap too, and textures stop at 4096.
    if (message.deviceLimits) setDeviceLimits(message.deviceLimits);
    if (typeof OffscreenCanvas === 'undefined' || !message.canvas) {
      return { status: 'WorkerError', message: NO_ENGINE };
    }
    const hooks = {
      log: (text: string) => log('info', text),
      onLost: (text: string) => {
        log('warn', text);
        post({ type: 'status', status: 'ContextLost', message: text });
      },
      onRestored: () => post({ type: 'status', status: 'ContextRestoring' }),
    };
    const { backend, reasons } = await chooseBackend(message.canvas, message.engine, hooks, message.skip);
    if (!backend) {
      return { status: 'WorkerError', message: noEngineMessage(message.engine, reasons) };
    }
    this.engine = new Engine(backend, post, bakeLut, () => this.waiting === 0);
    log('info', `Effect engine running on ${backend.kind}`);
    // Where the choice is automatic, a GPU driver is held to the CPU's pixels once the worker is first
    // idle (behind the first photo, when one comes at once): so the test adds nothing to the start. A
    // software rasteriser cannot draw wrong as a driver can; the test hook tests it all the same.
    const due =
      !message.engine && backend.kind !== 'cpu' && (!backend.software || message.breakEngine !== undefined);
    this.selfTest = due ? 'due' : 'none';
    this.breakEngine = message.breakEngine ?? [];
    return { status: 'WorkerReady', engine: backend.kind, ...(due ? { selfTest: true } : {}) };
  }

  /**
   * The self-test (issue 38): the result goes to the page, which moves to the next backend on a
   * mismatch. Nothing more is drawn in the background here after one (no thumbnail from a GPU that
   * draws wrong). It runs once, whatever happens: a test that could not run (the CPU's pixels were not
   * had, or it threw) keeps the backend and is settled, so idle work goes on to the thumbnails.
   */
  private async runSelfTest(engine: Engine): Promise<void> {
    const kind = engine.backend.kind;
    const started = performance.now();
    let result: SelfTestResult;
    try {
      result = await selfTest(
        engine.backend,
        () => cpuSelfTest((text) => log('info', text)),
        this.breakEngine,
      );
    } catch (error) {
      result = { verdict: 'untested', reason: reason(error) };
    }
    const ms = (performance.now() - started).toFixed(0);
    this.selfTest = result.verdict;
    if (result.verdict === 'untested') {
      log('warn', `${kind}: self-test could not run in ${ms} ms (${result.reason}); ${kind} is kept`);
    } else {
      log(result.verdict === 'failed' ? 'warn' : 'info', `${kind}: self-test ${result.verdict} in ${ms} ms`);
    }
    // The page leaves a backend only on a failure; an untested one is kept, as a passed one.
    const failed = result.verdict === 'failed';
    post({
      type: 'selfTest',
      engine: kind,
      passed: !failed,
      ...('reason' in result ? { reason: result.reason } : {}),
    });
  }

  /** Simulated failures, for the reliability tests only. */
  private runTestHook(action: TestHookAction): void {
    if (!this.testHooks) {
      log('warn', 'Ignoring a test hook: test hooks are off');
      return;
    }
    switch (action) {
      case 'loseContext':
        this.engine?.backend.loseContextForTest();
        return;
      case 'dropInstance':
        this.engine?.backend.dropInstanceForTest?.();
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
        this.failNextApply = true;
        return;
      case 'failNextExport':
        this.failNextExport = true;
        return;
    }
  }

  /** Runs a message's handler; a request's answer goes back as its reply, with its id. */
  private async handle(message: ToWorkerMessage): Promise<void> {
    const { id } = message;
    const withId = id === undefined ? {} : { id };
    try {
      const handler = this.handlers[message.type] as (message: ToWorkerMessage) => unknown;
      const answer = await handler(message);
      const reply = REPLIES.get(message.type as AnsweredRequestType);
      if (!reply) return;
      const handed: Handed<unknown> =
        answer instanceof Handed ? (answer as Handed<unknown>) : new Handed(answer, []);
      post({ ...(handed.fields as object), type: reply, ...withId } as FromWorkerMessage, handed.transfer);
    } catch (error) {
      if (!(error instanceof NotReady)) post({ type: 'error', ...withId, message: reason(error) });
      else if (id === undefined) log('warn', `Ignoring ${message.type}: the engine is not ready`);
      else {
        log('warn', `Refusing ${message.type}: the engine is not ready`);
        post({ type: 'error', id, message: NOT_READY });
      }
    }
  }

  receive(event: MessageEvent<unknown>): void {
    const message = event.data;
    if (!isToWorkerMessage(message)) {
      const answer = refusal(message);
      log('warn', answer ? 'Refusing a malformed request' : 'Ignoring a malformed message');
      if (answer) post(answer);
      return;
    }
    // A cancel cannot wait its turn: the export it stops is what the queue is busy with. Nor does a
    // camera frame: the viewfinder keeps only the newest, whatever the queue is doing. Nor does a lost
    // GPU: the loss hook strikes whatever the queue is running, as a real loss would.
    if (AT_ONCE.has(message.type) || (message.type === 'testHook' && message.action === 'loseContext')) {
      void this.handle(message);
      return;
    }
    if (message.type === 'exportFullResolution') this.exports.set(message, new AbortController());
    this.waiting++;
    this.queue = this.queue
      .then(() => this.handle(message))
      .then(() => {
        this.waiting--;
        this.lastMessageAt = performance.now();
        this.heldUntil = heldAfter(message, this.heldUntil, this.lastMessageAt);
        this.engine?.prepareWhenIdle();
        this.scheduleIdleWork();
      });
  }

  /** What the worker does while idle, the most needed first, and from when on (`performance.now()`). */
  private idleWork(): { run: () => Promise<void>; from: number } | null {
    const engine = this.engine;
    if (!engine || this.selfTest === 'failed') return null;
    const afterMessage = Math.max(this.lastMessageAt + AFTER_MESSAGE_MS, this.heldUntil);
    if (this.selfTest === 'due') {
      const from = engine.hasImage
        ? afterMessage
        : Math.max(this.lastMessageAt + PHOTO_FIRST_MS, afterMessage);
      return { run: () => this.runSelfTest(engine), from };
    }
    return engine.thumbnailsPending ? { run: () => engine.renderNextThumbnail(), from: afterMessage } : null;
  }

  /**
   * Idle work runs one piece at a time behind whatever is queued then: a message that arrives while one
   * runs (an apply) is queued before the next, so it waits for one call's thumbnails at most (a camera
   * effect's, or a few looks'). A message that arrives before a piece's time puts it off.
   */
  private scheduleIdleWork(): void {
    const work = this.idleWork();
    if (this.idleWorkScheduled || !work) return;
    this.idleWorkScheduled = true;
    // A frame apart: the canvas's newest frame (an apply's) is handed on between pieces, which back to
    // back would keep the worker too busy for that.
    this.nextFrame(work.from, () => {
      this.queue = this.queue
        .then(async () => {
          this.idleWorkScheduled = false;
          const due = this.idleWork();
          if (!due || performance.now() < due.from) return;
          const started = performance.now();
          await due.run();
          this.lastIdleWorkMs = performance.now() - started;
        })
        .catch((error: unknown) => {
          // A thumbnail that fails is left out; the editor is not told of an error it did not ask for.
          log('warn', `A thumbnail could not be made: ${reason(error)}`);
        })
        .then(() => this.scheduleIdleWork());
    });
  }

  /**
   * Calls back on a frame from `from` on (AFTER_MESSAGE_MS after the last message, at the soonest), and
   * after a rest as long as the last idle work took. Where the browser's compositor shares the GPU (or
   * the CPU of a software one: Firefox on llvmpipe) with the worker's drawing, thumbnails back to back
   * kept the page from drawing for 20 to 70 s after a photo loaded; half the time left to it, the page
   * draws the photo at once. A worker's frame callbacks can stop coming (Chromium gave a camera's WebGL2
   * worker none, its canvas drawn or not): after FRAME_WAIT_MS without one, the work goes on anyway.
   */
  private nextFrame(from: number, callback: () => void): void {
    const wait = Math.max(0, from - performance.now(), this.lastIdleWorkMs);
    const frame = () => {
      let called = false;
      const once = () => {
        if (called) return;
        called = true;
        callback();
      };
      if (typeof self.requestAnimationFrame === 'function') self.requestAnimationFrame(once);
      setTimeout(once, typeof self.requestAnimationFrame === 'function' ? FRAME_WAIT_MS : 16);
    };
    if (wait > 0) setTimeout(frame, wait);
    else frame();
  }
}

/** Takes over the worker's messages, the ones that arrived while this module loaded first. */
export function serve(early: readonly MessageEvent<unknown>[]): void {
  const server = new Server();
  self.onmessage = (event) => server.receive(event);
  for (const event of early) server.receive(event);
}
