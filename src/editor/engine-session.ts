/**
 * The editor's engine session: the worker and its canvas, the recovery log kept in step with what the
 * worker confirms, and recovery. When the GPU is lost or the worker dies, a fresh worker on a fresh canvas
 * replays the log, so the image, its committed history and the applied effect come back without the user
 * doing anything. The rules stay in the controller; this file only talks to the worker, and
 * tells whoever listens (`on`) what came of it: a worker message, an engine that stopped for good, a
 * recovery done. It writes the editor's state only for the recovery's own statuses. What it keeps itself
 * (the Worker and its canvas, the log's bitmaps, the recovery's generation) stays here, not in an atom: a
 * Worker, a canvas and bitmaps are live objects, not values a component shows or a rule reads.
 */
import { cleanMessage, EngineClient, EngineSetupError } from '../engine/client/engine-client.ts';
import {
  type EngineKind,
  type FromWorkerMessage,
  type FromWorkerMessageOf,
  type StatusMessage,
  type ToWorkerMessage,
} from '../engine/protocol.ts';
import type { DecodedImage } from '../intake/decode.ts';
import type { Store } from '../ui/jotai.ts';
import { Emitter } from './emitter.ts';
import {
  RecoveryLog,
  workerSteps,
  type CropStep,
  type EffectStep,
  type ImageStep,
  type RecipeLogStep,
} from './recovery.ts';
import { postApply, postCrop, postRecipe, replayLog } from './step-requests.ts';
import { cropStepId, type CropChoice } from '../crop/model/crop-choice.ts';
import { editorStateAtom } from './state/atoms.ts';
import type { EditorState } from '../features/editor-state.ts';
import { notifyAtom } from '../ui/notifications.ts';
import { historyOf, photoSerialWhenReady } from './state/worker-rules.ts';
import { showingOriginalAtom } from '../ui/atoms.ts';
import type { UserResources } from './user-resources.ts';
import { t } from '../i18n/i18n.ts';
import { msg } from '../i18n/msg.ts';

/** Restarts tried for workers that die again before they are back, before the editor gives up. */
const MAX_FAILURES_IN_A_ROW = 2;
/** How long a failed full-resolution save waits for the engine to come back before it gives up. */
const RECOVERY_WAIT_MS = 60_000;

export interface SessionOptions {
  engine?: EngineKind;
  testHooks?: boolean;
  /** Test hook: these backends' self-tests read back black (see EngineClientOptions). */
  breakEngine?: EngineKind[];
  responseTimeoutMs?: number;
}

/** What the session tells its listeners. */
export interface SessionEvents {
  /** A worker message outside recovery, once the log has taken what it needs from it. */
  message: FromWorkerMessage;
  /** The engine stopped and will not come back by itself (Try again may): the error to show. */
  stopped: string;
  /**
   * A recovery brought the engine back (`photo`: with the photo; without one, a photo that waits for the
   * engine may load now).
   */
  restored: { photo: boolean };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class EngineSession extends Emitter<SessionEvents> {
  private current: EngineClient | null = null;
  private element: HTMLElement | null = null;
  private canvas: HTMLCanvasElement | null = null;
  /** Everything needed to rebuild the worker's images after a GPU loss or a worker failure. */
  readonly log = new RecoveryLog();
  /** Bumped by each recovery, so that a recovery overtaken by another stops. */
  private generation = 0;
  private restoring = false;
  /** Worker failures since a worker last came back with the image. */
  private failuresInARow = 0;
  /** A photo was loading when the engine was lost: the replay brings it, as a newly loaded photo. */
  private loadingWhenLost = false;
  /** The user is to be told of a backend left: once the engine moved to is trusted (the client says). */
  private tellLeft = false;

  constructor(
    private readonly store: Store,
    /** Its engine changes when the user chooses another (switchEngine). */
    private readonly options: SessionOptions,
    private readonly resources: UserResources,
  ) {
    super();
  }

  private get state(): EditorState {
    return this.store.get(editorStateAtom);
  }

  private setState(next: EditorState): void {
    this.store.set(editorStateAtom, next);
  }

  get client(): EngineClient | null {
    return this.current;
  }

  /** Whether a recovery runs now. */
  get recovering(): boolean {
    return this.restoring;
  }

  /** Starts the engine on a canvas made inside `element` (a fresh one for every worker). */
  start(element: HTMLElement): void {
    this.element = element;
    this.failuresInARow = 0;
    this.startClient(this.options.engine);
  }

  /** Whether the engine can be started again: it failed to start, and no recovery runs. */
  get canRetry(): boolean {
    return !this.current && !this.restoring && this.element !== null;
  }

  /** Starts the engine again after it failed to start. */
  retry(): void {
    if (!this.canRetry) return;
    this.failuresInARow = 0;
    this.startClient(this.options.engine);
  }

  stop(): void {
    this.generation++;
    this.current?.terminate();
    this.current = null;
    this.canvas?.remove();
    this.canvas = null;
    this.element = null;
    this.log.clear();
  }

  private startClient(engine: EngineKind | undefined): EngineClient {
    const element = this.element;
    if (!element) throw new EngineSetupError(msg('Canvas element unavailable.'));
    this.canvas?.remove();
    // A canvas can hand its control to a worker only once: each worker gets a new one.
    const canvas = document.createElement('canvas');
    canvas.dataset.testid = 'main-canvas';
    canvas.className = 'main-canvas';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute(
      'aria-label',
      t('The edited photo. Click to zoom; press and hold to compare with before.'),
    );
    element.prepend(canvas);
    this.canvas = canvas;
    const client = EngineClient.start(
      canvas,
      {
        onMessage: (message) => {
          if (this.current === client) this.received(message);
        },
        onWorkerFailure: (message) => {
          if (this.current === client) this.workerFailed(message);
        },
        onBackendsLeft: (notice) => {
          if (this.current !== client) return;
          this.tellLeft = false;
          this.warn(notice);
        },
      },
      {
        ...(engine ? { engine } : {}),
        ...(this.options.testHooks ? { testHooks: true } : {}),
        ...(this.options.breakEngine ? { breakEngine: this.options.breakEngine } : {}),
        ...(this.tellLeft ? { tellLeft: true } : {}),
        ...(this.options.responseTimeoutMs ? { responseTimeoutMs: this.options.responseTimeoutMs } : {}),
      },
    );
    this.current = client;
    return client;
  }

  // ---------------------------------------------------------------- sending, with the log kept

  /**
   * Loads a decoded photo as the new source (the log keeps a copy for recovery); `thenApply`: a look is
   * applied to it as soon as it is ready.
   */
  async loadImage(decoded: DecodedImage, file: Blob, thenApply = false): Promise<void> {
    const client = this.current;
    if (!client) return;
    const kept = await createImageBitmap(decoded.bitmap);
    const { processing, original, taken } = decoded;
    this.log.loaded({ image: kept, processing, original, file, ...(taken ? { taken } : {}) });
    // Its answer (ImageReady, or an error) reaches the editor's rules as a message.
    client.loadImage(decoded.bitmap, processing, original, taken, thenApply).catch(() => undefined);
  }

  /** Applies an effect (the log keeps the mask's copy); takes ownership of the mask. */
  async applyEffect(step: Omit<EffectStep, 'kind'>): Promise<void> {
    const client = this.current;
    if (!client) {
      step.mask?.close();
      return;
    }
    const mask = step.mask;
    this.log.applying({ kind: 'effect', ...step, mask: mask ? await createImageBitmap(mask) : null });
    this.confirm(
      client,
      postApply(client, step, mask),
      () => this.log.applied(),
      // A failed apply leaves the worker showing what it showed before.
      (failed) => {
        if (failed) this.log.applyFailed();
      },
    );
  }

  /** Any other message; the log follows a commit, an undo or a redo once the worker confirms it. */
  post(message: ToWorkerMessage): void {
    const client = this.current;
    if (!client) return;
    if (message.type === 'resetCanvasToBase') this.log.reset();
    if (message.type === 'commitEffect' || message.type === 'undo' || message.type === 'redo') {
      const { log } = this;
      const record = {
        commitEffect: () => log.committed(),
        undo: () => log.undone(),
        redo: () => log.redone(),
      };
      this.confirm(client, client.request(message), record[message.type]);
      return;
    }
    client.post(message);
  }

  /**
   * Follows the answer to a request sent on `client`: `record` when the worker confirms it (and the
   * session still runs that worker on that photo), else `dropped` (`failed`: the worker said no).
   */
  private confirm(
    client: EngineClient,
    reply: Promise<unknown>,
    record: () => void,
    dropped: (failed: boolean) => void = () => undefined,
  ): void {
    const source = this.log.source;
    const current = () => this.current === client && !this.restoring && this.log.source === source;
    reply.then(
      () => (current() ? record() : dropped(false)),
      () => dropped(current()),
    );
  }

  /** A collage becomes the base: the log keeps a copy, recorded once the worker confirms. */
  async replaceBase(image: ImageBitmap, step: string): Promise<void> {
    const client = this.current;
    if (!client) {
      image.close();
      throw new Error('Worker not available.');
    }
    const copy = await createImageBitmap(image);
    const replacement: ImageStep = {
      kind: 'image',
      image: copy,
      width: image.width,
      height: image.height,
      step,
    };
    const { width, height } = image;
    this.confirm(
      client,
      client.request({ type: 'replaceBaseImage', image, width, height, step }, [image]),
      () => this.log.replaced(replacement),
      () => copy.close(),
    );
  }

  /**
   * The crop `choice` becomes the base: the worker makes it from the original and runs the
   * effects on screen again on it; the log records it once the worker confirms. Rejected with the
   * worker's error when it could not (a WorkerReplyError), or when the worker stopped first.
   */
  async crop(choice: CropChoice): Promise<void> {
    const client = this.current;
    const source = this.log.source;
    const effects = this.log.effectsSinceLoad();
    if (!client || !source) throw new Error('Worker not available.');
    if (!effects) throw new Error('A collage cannot be cropped.');
    const step: CropStep = { kind: 'crop', choice, step: cropStepId(choice) };
    const copies = await workerSteps(effects);
    const reply = postCrop(client, source.file, step, copies);
    this.confirm(client, reply, () => this.log.cropped(step));
    // Settled with the worker's answer: its error (a WorkerReplyError) goes to the caller.
    await reply;
  }

  /**
   * A recipe becomes the base (one step of the history), made by the worker from the photo as loaded; the
   * log records it once the worker confirms. Rejected as a crop is.
   */
  async applyRecipe(step: RecipeLogStep): Promise<void> {
    const client = this.current;
    const source = this.log.source;
    if (!client || !source) throw new Error('Worker not available.');
    const reply = postRecipe(client, source, step);
    this.confirm(client, reply, () => this.log.recipeApplied(step));
    await reply;
  }

  private received(message: FromWorkerMessage): void {
    // The self-test runs whenever the worker is first idle, during a replay too.
    if (message.type === 'selfTest') {
      this.selfTested(message);
      return;
    }
    // A recovery waits for its own answers; the editor hears it once it is done.
    if (this.restoring) return;
    if (message.type === 'status') {
      if (message.status === 'WorkerError' && this.state.workerStatus === 'WorkerInitializing') {
        // The engine did not start, and nothing will run in this worker: a photo waiting for it stays
        // pending (and shown) until the user tries again.
        this.current?.terminate();
        this.current = null;
      }
    }
    this.emit('message', message);
    // The spec's rule has logged it; the editor now restores the engine.
    if (message.type === 'status' && message.status === 'ContextLost') {
      void this.recover('lost', message.message ?? 'GPU context lost');
    }
  }

  // ---------------------------------------------------------------- recovery

  /**
   * The backend's self-test: a backend that drew it wrong is left for the next (the client
   * has remembered it: left-backends.ts), by a fresh worker that replays the log, as after a crash. The
   * user is told once, when the engine it moved to is trusted (its own self-test passed, or it has none).
   */
  private selfTested(message: FromWorkerMessageOf<'selfTest'>): void {
    if (message.passed) return;
    this.tellLeft = true;
    void this.recover('selfTest', `${message.engine}: ${message.reason ?? 'the self-test failed'}`);
  }

  /**
   * A worker died. Restart it, unless workers keep dying before they are back (a script that cannot load,
   * a browser that kills every worker): then say so and stop, rather than restart forever.
   */
  private workerFailed(message: string): void {
    if (this.failuresInARow >= MAX_FAILURES_IN_A_ROW) {
      this.generation++;
      this.restoring = false;
      this.loadingWhenLost = false;
      this.current?.terminate();
      this.current = null;
      this.emit('stopped', message);
      return;
    }
    this.failuresInARow++;
    void this.recover('failed', message);
  }

  /** Starts a fresh worker on a fresh canvas and replays the log on it. */
  /** The engine the worker is asked for (undefined: Automatic, the worker chooses). */
  get engine(): EngineKind | undefined {
    return this.options.engine;
  }

  /**
   * The user chose an engine (for when a picture looks wrong): a fresh worker on it replays the
   * log, as after a crash, without the warning.
   */
  switchEngine(engine: EngineKind | undefined): void {
    if (engine === this.options.engine) return;
    if (engine) this.options.engine = engine;
    else delete this.options.engine;
    if (!this.element) return;
    void this.recover('switched', engine ?? 'automatic');
  }

  private async recover(why: 'lost' | 'failed' | 'switched' | 'selfTest', detail: string): Promise<void> {
    const generation = ++this.generation;
    const previousEngine = this.state.engine;
    this.loadingWhenLost ||= this.state.workerStatus === 'LoadingImage';
    const what = {
      lost: 'lost its GPU context',
      failed: 'failed',
      switched: 'switched',
      selfTest: 'drew its self-test wrong',
    }[why];
    console.warn(`Effect engine ${what}: ${detail}`);
    this.current?.terminate();
    this.current = null;
    this.restoring = true;
    this.store.set(showingOriginalAtom, false);
    // ContextLost while a new worker starts, ContextRestoring while it replays the log, then ImageReady.
    this.setState({ ...this.state, workerStatus: 'ContextLost', activeEffectId: null });
    if (why === 'failed') {
      this.warn(msg('The effect engine stopped and was restarted. Your photo and edits are kept.'));
    }
    try {
      let ready = await this.restartWorker(this.options.engine);
      if (
        ready.status === 'WorkerError' &&
        (previousEngine === 'webgpu' || this.options.engine === 'webgpu')
      ) {
        ready = await this.restartWorker('webgl2');
      }
      if (generation !== this.generation) return;
      if (ready.status !== 'WorkerReady')
        throw new Error(ready.message ?? msg('Worker reported an error status.'));
      if ((why === 'lost' || why === 'failed') && previousEngine === 'webgpu' && ready.engine === 'webgl2') {
        this.warn(msg('WebGPU stopped working and could not be restored: continuing on WebGL2.'));
      }
      const engine = ready.engine ?? this.state.engine;
      this.setState({ ...this.state, workerStatus: 'ContextRestoring', engine });
      const last = this.current
        ? await replayLog(this.current, this.log, this.resources, () => generation === this.generation)
        : null;
      if (generation !== this.generation) return;
      this.restoring = false;
      const current = this.log.current;
      const restored = this.state;
      const newPhoto = this.loadingWhenLost && this.log.source !== null;
      this.loadingWhenLost = false;
      this.setState({
        ...restored,
        engine,
        workerStatus: 'ImageReady',
        isImageReadyInWorker: this.log.source !== null,
        photoSerial: photoSerialWhenReady(restored, newPhoto ? 'LoadingImage' : restored.workerStatus),
        activeEffectId: null,
        activeSettings: null,
        lastAppliedEffectId: current?.effectId ?? null,
        lastAppliedSettings: current?.settings ?? null,
        ...(last?.newWidth && last.newHeight
          ? { processingWidth: last.newWidth, processingHeight: last.newHeight }
          : {}),
        ...(last ? historyOf(last) : {}),
      });
      this.failuresInARow = 0;
      this.emit('restored', { photo: this.log.source !== null });
    } catch (error) {
      if (generation !== this.generation) return;
      this.restoring = false;
      this.loadingWhenLost = false;
      this.emit('stopped', cleanMessage(reason(error)));
    }
  }

  private async restartWorker(engine: EngineKind | undefined): Promise<StatusMessage> {
    this.current?.terminate();
    return this.startClient(engine).started;
  }

  /**
   * After a failed full-resolution save: whether the engine was lost and has come back with the image.
   * The failure can arrive just before the worker's ContextLost, so a moment is given for that; then a
   * recovery under way is waited for.
   */
  async engineWasRestored(): Promise<boolean> {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    const generation = this.generation;
    for (let i = 0; i < 10 && generation === this.generation && !this.restoring; i++) await pause();
    if (generation === this.generation && !this.restoring) return false;
    const deadline = Date.now() + RECOVERY_WAIT_MS;
    while (this.restoring && Date.now() < deadline) await pause();
    return !this.restoring && this.current !== null && this.state.workerStatus === 'ImageReady';
  }

  private warn(message: string): void {
    this.store.set(notifyAtom, { kind: 'warning', message });
  }
}
