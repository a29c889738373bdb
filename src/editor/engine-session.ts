/**
 * The editor's engine session: the worker and its canvas, the photo as loaded, and recovery. The edit and
 * its history are the editor's state (the worker renders the version it is sent, with the resources it
 * names, `user-resources.ts`). When the GPU is lost or the worker dies, a fresh worker on a fresh canvas
 * is given the photo and the edit on screen, so the image, its history and the look being adjusted come
 * back without the user doing anything. The rules stay in the controller, and the loop sends each look's
 * apply through the session's client itself (`rule-runner.ts`); this file starts, stops and restores the
 * worker, shows the edit whole (an Undo, a recovery), and tells whoever listens (`on`) what came of it: a
 * worker message, an engine that stopped for good, a recovery done. It writes the editor's state only for the recovery's own statuses. What it keeps
 * itself (the Worker and its canvas, the photo's bitmap, the recovery's generation) stays here, not in an
 * atom: a Worker, a canvas and bitmaps are live objects, not values a component shows or a rule reads.
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
import { editorStateAtom } from './state/atoms.ts';
import type { EditorState } from '../session/editor-state.ts';
import type { Source } from '../session/photo-source.ts';
import { committed, editOnScreen, editWithLook } from '../session/edit-state.ts';
import { allEdits } from '../edit/history.ts';
import { renderForm } from '../edit/render-form.ts';
import { notifyAtom } from '../ui/notifications.ts';
import { photoSerialWhenReady } from './state/worker-rules.ts';
import { showingOriginalAtom } from '../ui/atoms.ts';
import type { UserResources } from './user-resources.ts';
import { t } from '../i18n/i18n.ts';
import { english, msg, MessageError, shownOf, type Shown } from '../i18n/msg.ts';

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
  stopped: Shown;
  /**
   * A recovery brought the engine back (`photo`: with the photo; without one, a photo that waits for the
   * engine may load now).
   */
  restored: { photo: boolean };
}

/** Why something failed, for the user: the message an error carries, else its own text. */
const reason = shownOf;

export class EngineSession extends Emitter<SessionEvents> {
  private current: EngineClient | null = null;
  private element: HTMLElement | null = null;
  private canvas: HTMLCanvasElement | null = null;
  /** The photo as loaded (a copy of its bitmap at the processing size, its file): what a new worker is given. */
  private photo: Source | null = null;
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
    this.photo?.image.close();
    this.photo = null;
  }

  /** The photo as loaded (null before one is). */
  get source(): Source | null {
    return this.photo;
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

  // ---------------------------------------------------------------- sending

  /**
   * Loads a decoded photo as the new source (a copy is kept for recovery); `thenApply`: a look is applied
   * to it as soon as it is ready.
   */
  async loadImage(decoded: DecodedImage, file: Blob, thenApply = false): Promise<void> {
    const client = this.current;
    if (!client) return;
    const kept = await createImageBitmap(decoded.bitmap);
    const { processing, original, taken } = decoded;
    this.photo?.image.close();
    this.photo = { image: kept, processing, original, file, ...(taken ? { taken } : {}) };
    // Its answer (ImageReady, or an error) reaches the editor's rules as a message.
    client.loadImage(decoded.bitmap, processing, original, file, taken, thenApply).catch(() => undefined);
  }

  /**
   * Shows the state's edit: the committed version, with the look being adjusted over it as last applied.
   * Resolves once the worker has it (its ImageReady also reaches the rules); rejects with the worker's
   * error (a WorkerReplyError: it still shows what it showed) or when the worker stopped first.
   */
  async showEdit(): Promise<void> {
    const client = this.current;
    if (!client) throw new Error('Worker not available.');
    await this.showOn(client);
  }

  private async showOn(client: EngineClient): Promise<StatusMessage> {
    const state = this.state;
    const base = committed(state);
    const current = editOnScreen(state);
    const { resources, transfer } = await this.resources.forWorker(client, [base, current]);
    return client.request(
      { type: 'showEdit', base: renderForm(base), current: renderForm(current), resources },
      transfer,
    );
  }

  /**
   * A collage's picture becomes the base (`picture`: the id the edit names it by; the page keeps the
   * picture, the worker gets a copy). Resolves with the worker's ImageReady, which the rules hear too.
   */
  async replaceBaseImage(picture: string, step: string): Promise<void> {
    const client = this.current;
    if (!client) throw new Error('Worker not available.');
    const copy = await this.resources.imageCopy(client, picture);
    if (!copy) throw new Error('The collage picture is missing');
    const { width, height } = copy;
    await client.request({ type: 'replaceBaseImage', image: copy, width, height, step, picture }, [copy]);
  }

  /** Any other message. */
  post(message: ToWorkerMessage): void {
    this.current?.post(message);
  }

  /** The masks and pictures no version of the history names any more: the page and the worker let them go. */
  prune(): void {
    const state = this.state;
    // Every version of the history, and the look being adjusted (its last apply's mask, and the one under way).
    const open = state.openStep;
    const underWay = open?.activeMask ? [editWithLook(state, '', {}, open.activeMask)] : [];
    const dropped = this.resources.prune([...allEdits(state.history), editOnScreen(state), ...underWay]);
    if (dropped.masks.length > 0 || dropped.images.length > 0)
      this.current?.post({ type: 'dropResources', ...dropped });
  }

  /** What a save or a batch needs of the edit's resources: copies of the masks the steps name. */
  async maskCopy(id: string): Promise<ImageBitmap | null> {
    return this.resources.maskCopy(id);
  }

  /** The file of a .cube the edit names (a batch hands it to the worker that may not have it). */
  cubeFile(hash: string): Blob | null {
    return this.resources.cubeFile(hash);
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
    void this.recover('selfTest', `${message.engine}: ${english(message.reason ?? 'the self-test failed')}`);
  }

  /**
   * A worker died. Restart it, unless workers keep dying before they are back (a script that cannot load,
   * a browser that kills every worker): then say so and stop, rather than restart forever.
   */
  private workerFailed(message: Shown): void {
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

  private async recover(why: 'lost' | 'failed' | 'switched' | 'selfTest', detail: Shown): Promise<void> {
    const generation = ++this.generation;
    const previousEngine = this.state.engine;
    this.loadingWhenLost ||= this.state.workerStatus === 'LoadingImage';
    const what = {
      lost: 'lost its GPU context',
      failed: 'failed',
      switched: 'switched',
      selfTest: 'drew its self-test wrong',
    }[why];
    console.warn(`Effect engine ${what}: ${english(detail)}`);
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
        throw new MessageError(ready.message ?? msg('Worker reported an error status.'));
      if ((why === 'lost' || why === 'failed') && previousEngine === 'webgpu' && ready.engine === 'webgl2') {
        this.warn(msg('WebGPU stopped working and could not be restored: continuing on WebGL2.'));
      }
      const engine = ready.engine ?? this.state.engine;
      this.setState({ ...this.state, workerStatus: 'ContextRestoring', engine });
      const last = this.current ? await this.restorePhoto(this.current) : null;
      if (generation !== this.generation) return;
      this.restoring = false;
      const restored = this.state;
      const newPhoto = this.loadingWhenLost && this.photo !== null;
      this.loadingWhenLost = false;
      this.setState({
        ...restored,
        engine,
        workerStatus: 'ImageReady',
        isImageReadyInWorker: this.photo !== null,
        photoSerial: photoSerialWhenReady(restored, newPhoto ? 'LoadingImage' : restored.workerStatus),
        // An apply under way when the worker was lost is made again by the automatic apply.
        activeEffectId: null,
        activeSettings: null,
        ...(last?.newWidth && last.newHeight
          ? { processingWidth: last.newWidth, processingHeight: last.newHeight }
          : {}),
      });
      this.failuresInARow = 0;
      this.emit('restored', { photo: this.photo !== null });
    } catch (error) {
      if (generation !== this.generation) return;
      this.restoring = false;
      this.loadingWhenLost = false;
      this.emit('stopped', cleanMessage(reason(error)));
    }
  }

  /** A fresh worker is given the photo, then the edit on screen (null: no photo yet). */
  private async restorePhoto(client: EngineClient): Promise<StatusMessage | null> {
    const photo = this.photo;
    if (!photo) return null;
    const image = await createImageBitmap(photo.image);
    await client.loadImage(image, photo.processing, photo.original, photo.file, photo.taken);
    return this.showOn(client);
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

  private warn(message: Shown): void {
    this.store.set(notifyAtom, { kind: 'warning', message });
  }
}
