/**
 * The editor's controller: runs the pure rules of state/editor-state.ts against the jotai store and
 * carries out their commands with the engine client (worker messages, decoding files, saving), the
 * console and the notification banner. The React components call its methods and read the atoms.
 */
import { cubeTooLargeMessage, MAX_CUBE_BYTES } from '../grading/cube.ts';
import { findEffect } from '../effects/index.ts';
import type { EffectDefinition, ResourceNeed } from '../effects/types.ts';
import { EngineClient, EngineSetupError } from '../engine/client/engine-client.ts';
import type { EngineKind, FromWorkerMessage, StatusMessage, TestHookAction } from '../engine/protocol.ts';
import type { DecodedImage } from '../intake/decode.ts';
import { asDecoded, intake, IntakeError } from '../intake/intake.ts';
import { EDITOR_FORMATS, type AcceptedFormat } from '../intake/formats.ts';
import { takeHandoff } from '../intake/handoff.ts';
import { DECODE_FAILED_MESSAGE } from '../intake/messages.ts';
import { CollageController } from './collage-controller.ts';
import { downloadFileName, triggerDownload } from './download.ts';
import type { Store } from './editor-jotai.ts';
import {
  exportLongSide,
  IOS_MESSAGE_DURATION_MS,
  IOS_SAVE_MESSAGE,
  openSaveTab,
  SAVE_TAB_BLOCKED,
} from './export.ts';
import type { LookLink } from './look-link.ts';
import { RecoveryLog, type EffectStep, type ImageStep } from './recovery.ts';
import { editorStateAtom } from './state/atoms.ts';
import { draftEffectAtom, draftSettingsAtom } from './state/drafts.ts';
import {
  canRequestImage,
  errorReceived,
  isBusy,
  type Command,
  type EditorState,
  type Outcome,
} from './state/editor-state.ts';
import {
  applyEffect,
  autoApply,
  changeSetting,
  commit,
  redo,
  selectEffect,
  setBrushSize,
  undo,
} from './state/effect-rules.ts';
import {
  fileChosen,
  imageLoadFailed,
  imageLoadStarted,
  takePendingFile,
  takeQueuedFile,
} from './state/image-rules.ts';
import { cycleZoom, pageBecameVisible } from './state/view-rules.ts';
import { statusReceived, workerInitStarted } from './state/worker-rules.ts';
import { notifyAtom, type NotificationKind } from './state/notifications.ts';
import { exportProgressAtom, fullResolutionAtom, savingAtom, showingOriginalAtom } from './state/ui.ts';

export interface ControllerOptions {
  engine?: EngineKind;
  /** Lets tests simulate failures through window.__retrocam (`?testHooks=1`). */
  testHooks?: boolean;
  /** How long the worker may leave a request unanswered before it counts as dead. */
  responseTimeoutMs?: number;
  /** A look from the page's link, selected and applied once the first image is ready. */
  link?: LookLink | null;
  /** Test option (with testHooks): full-resolution saves use tiles no longer than this a side. */
  tileLimit?: number;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Restarts tried for workers that die again before they are back, before the editor gives up. */
const MAX_FAILURES_IN_A_ROW = 2;
/** How long a failed full-resolution save waits for the engine to come back before it gives up. */
const RECOVERY_WAIT_MS = 60_000;

export class EditorController {
  private client: EngineClient | null = null;
  private link: LookLink | null;
  private previewUrl: string | null = null;
  /** The drawing overlay's canvas: its strokes are the mask of smart blur's draw mode. */
  private maskCanvas: HTMLCanvasElement | null = null;
  /** The title of the user's own .cube LUT once the worker has it. */
  private customLut: string | null = null;
  /** How a chosen file is taken when its turn comes: the formats it may have, and a decode made earlier. */
  private readonly intake = new WeakMap<Blob, FileIntake>();
  /** Everything needed to rebuild the worker's images after a GPU loss or a worker failure. */
  private readonly log = new RecoveryLog();
  /** The user's own .cube file, read again by a restarted worker. */
  private customLutFile: Blob | null = null;
  /** Which history request each commitSuccess answers. */
  private readonly historyRequests: ('commit' | 'undo' | 'redo')[] = [];
  private host: HTMLElement | null = null;
  private canvas: HTMLCanvasElement | null = null;
  /** Bumped by each recovery, so that a recovery overtaken by another stops. */
  private recoveryGeneration = 0;
  private recovering = false;
  /** Worker failures since a worker last came back with the image. */
  private failuresInARow = 0;
  /** A collage sent as the new base, waiting for the worker to confirm it. */
  private pendingReplacement: ImageStep | null = null;
  private waiter: ((message: FromWorkerMessage) => void) | null = null;
  /** The collage: its config rules, assets, Apply and Save. */
  readonly collage: CollageController;
  /** Cancel was pressed during the running full-resolution save (also while the engine was restored). */
  private exportCancelled = false;
  /** Test option: the longest tile side of full-resolution saves. */
  private tileLimit: number | null;

  constructor(
    private readonly store: Store,
    private readonly options: ControllerOptions = {},
  ) {
    this.link = options.link ?? null;
    this.tileLimit = options.tileLimit ?? null;
    this.collage = new CollageController(store, {
      run: (transition) => this.run(transition),
      notify: (kind, message, durationMs) => this.notify(kind, message, durationMs),
      hasWorker: () => this.client !== null,
      replaceBase: (image) => this.replaceBase(image),
    });
  }

  get state(): EditorState {
    return this.store.get(editorStateAtom);
  }

  // ---------------------------------------------------------------- lifecycle

  /** Starts the engine on a canvas made inside `host` (a fresh one for every worker). */
  start(host: HTMLElement): void {
    this.host = host;
    this.setState(workerInitStarted(this.state));
    // A file chosen on the landing page waits as the pending file until the worker is ready.
    const handoff = takeHandoff();
    if (handoff) {
      this.chooseFile(handoff.file, {
        formats: handoff.formats,
        ...(handoff.decoded ? { decoded: handoff.decoded } : {}),
      });
    }
    try {
      this.startClient(this.options.engine);
    } catch (error) {
      const message =
        error instanceof EngineSetupError ? error.message : 'Failed to initialize worker resources.';
      this.run((s) => errorReceived(s, message));
    }
  }

  stop(): void {
    this.recoveryGeneration++;
    this.client?.terminate();
    this.client = null;
    this.canvas?.remove();
    this.canvas = null;
    this.host = null;
    this.log.clear();
    this.revokePreview();
    this.collage.dispose();
  }

  private startClient(engine: EngineKind | undefined): void {
    const host = this.host;
    if (!host) throw new EngineSetupError('Canvas element unavailable.');
    this.canvas?.remove();
    // A canvas can hand its control to a worker only once: each worker gets a new one.
    const canvas = document.createElement('canvas');
    canvas.dataset.testid = 'main-canvas';
    canvas.className = 'main-canvas';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute(
      'aria-label',
      'The edited photo. Click to zoom; press and hold to compare with before.',
    );
    host.prepend(canvas);
    this.canvas = canvas;
    const client = EngineClient.start(
      canvas,
      {
        onMessage: (message) => {
          if (this.client === client) this.receive(message);
        },
        onWorkerFailure: (message) => {
          if (this.client === client) this.workerFailed(message);
        },
      },
      {
        ...(engine ? { engine } : {}),
        ...(this.options.testHooks ? { testHooks: true } : {}),
        ...(this.options.responseTimeoutMs ? { responseTimeoutMs: this.options.responseTimeoutMs } : {}),
      },
    );
    this.client = client;
  }

  get testHooksEnabled(): boolean {
    return this.options.testHooks === true;
  }

  /** Test hooks (only with `testHooks`): simulated failures, and the engine's GPU object counts. */
  testHook(action: TestHookAction): void {
    if (this.options.testHooks) this.client?.post({ type: 'testHook', action });
  }

  /** Test hook (only with `testHooks`): full-resolution saves tile at this size (null: as the GPU allows). */
  setTileLimit(limit: number | null): void {
    if (this.options.testHooks) this.tileLimit = limit;
  }

  /** Every worker status the editor has passed through (only with `testHooks`), oldest first. */
  readonly statusHistory: string[] = [];

  async stats(): Promise<{ textures: number; buffers: number }> {
    const client = this.client;
    if (!client) throw new Error('No worker');
    return client.requestStats();
  }

  // ---------------------------------------------------------------- user commands

  /** A file to load; the editor's own upload accepts jpeg, png and webp unless told otherwise. */
  chooseFile(file: Blob, intake?: FileIntake): void {
    if (intake) this.intake.set(file, intake);
    if (!this.client && this.state.workerStatus === 'WorkerError') {
      // No engine runs (it did not start): the photo waits for it, shown, instead of being dropped.
      this.setState({ ...this.state, pendingImageFile: file });
      return;
    }
    this.run((s) => fileChosen(s, file));
  }

  /**
   * Starts the engine again after it failed to start (Try again); a photo waiting for it is loaded once
   * it is ready.
   */
  retryEngine(): void {
    if (this.client || this.recovering || !this.host) return;
    this.failuresInARow = 0;
    this.setState(workerInitStarted(this.state));
    try {
      this.startClient(this.options.engine);
    } catch (error) {
      const message =
        error instanceof EngineSetupError ? error.message : 'Failed to initialize worker resources.';
      this.run((s) => errorReceived(s, message));
    }
  }

  selectEffect(effectId: string): void {
    const effect = findEffect(effectId);
    if (!effect) return;
    this.store.set(draftSettingsAtom, {});
    if (isBusy(this.state)) {
      this.store.set(draftEffectAtom, effectId);
      return;
    }
    this.store.set(draftEffectAtom, null);
    this.run((s) => selectEffect(s, effect));
  }

  changeSetting(name: string, value: unknown): void {
    const need = this.unmetNeed(findEffect(this.state.selectedEffectId), name, value);
    if (need) {
      this.notify('warning', need.missing);
      return;
    }
    if (isBusy(this.state)) {
      // Kept as a draft and handed over once the worker settles (the latest value wins).
      this.store.set(draftSettingsAtom, (drafts) => ({ ...drafts, [name]: value as never }));
      return;
    }
    this.run((s) => changeSetting(s, name, value));
  }

  /**
   * The user's own LUT: a file too large for any supported table is refused at once; the worker reads
   * and checks the rest (off this thread), then it is chosen as the Filters look.
   */
  async loadCube(file: File): Promise<void> {
    if (file.size > MAX_CUBE_BYTES) {
      this.notify('error', cubeTooLargeMessage(file.size));
      return;
    }
    const client = this.client;
    if (!client) {
      this.notify('error', 'Image processor not ready.');
      return;
    }
    const answer = await client.loadCube(file);
    if (answer.error !== undefined || this.client !== client) {
      this.notify('error', answer.error ?? `Could not read ${file.name}.`);
      return;
    }
    this.customLutFile = file;
    this.customLut = answer.title ?? file.name;
    // The selected effect's setting value that needed it is chosen now.
    const need = findEffect(this.state.selectedEffectId)?.needs?.find((n) => n.resource === 'cube');
    if (need) {
      this.run((s) => changeSetting(s, need.setting, need.value));
      // The same value again with a new file: apply even though the settings did not change.
      if (!isBusy(this.state) && this.state.lastAppliedSettings?.[need.setting] === need.value) {
        this.run((s) => autoApplyAgain(s));
      }
    }
    this.notify('success', `Loaded ${this.customLut}.`);
  }

  get customLutTitle(): string | null {
    return this.customLut;
  }

  /** A drawing stroke ended: smart blur in draw mode applies now. */
  strokeEnded(): void {
    this.run((s) => autoApply(s, 'strokeEnd'));
  }

  setMaskCanvas(canvas: HTMLCanvasElement | null): void {
    this.maskCanvas = canvas;
  }

  /** Wipes the painted mask and applies again. */
  clearMask(): void {
    this.maskCanvas?.getContext('2d')?.clearRect(0, 0, this.maskCanvas.width, this.maskCanvas.height);
    this.strokeEnded();
  }

  setBrushSize(size: number): void {
    this.setState(setBrushSize(this.state, size));
  }

  commit(): void {
    if (this.collage.isOpen) {
      void this.collage.commit();
      return;
    }
    this.run((s) => commit(s, this.client !== null));
  }

  undo(): void {
    this.run(undo);
  }

  redo(): void {
    this.run(redo);
  }

  cycleZoom(): void {
    this.setState(cycleZoom(this.state));
  }

  showOriginal(show: boolean): void {
    const state = this.state;
    if (show && (!canRequestImage(state) || state.lastAppliedEffectId === null)) return;
    if (this.store.get(showingOriginalAtom) === show) return;
    this.store.set(showingOriginalAtom, show);
    this.client?.post({ type: 'showOriginal', show });
  }

  pageVisible(): void {
    this.run(pageBecameVisible);
  }

  /** One save at a time: a click while one runs is ignored (ten quick clicks give one file). */
  async save(): Promise<void> {
    if (this.store.get(savingAtom) || this.store.get(exportProgressAtom) !== null) return;
    if (this.collage.isOpen) return this.collage.save();
    if (this.store.get(fullResolutionAtom)) return this.saveFullResolution();
    return this.savePreviewSize();
  }

  setFullResolution(on: boolean): void {
    this.store.set(fullResolutionAtom, on);
  }

  /** Stops a running full-resolution save. */
  cancelExport(): void {
    if (this.store.get(exportProgressAtom) === null) return;
    this.exportCancelled = true;
    this.client?.cancelExport();
  }

  /**
   * Issue 7: the image's effects run again on the original at its own size, in the worker, which hands
   * back the JPEG; the page holds only the file and the result.
   */
  private async saveFullResolution(): Promise<void> {
    const state = this.state;
    const client = this.client;
    const source = this.log.source;
    if (!client || !canRequestImage(state) || !source) {
      this.notify('error', 'Image processor not ready.');
      return;
    }
    const effects = this.log.effectsSinceLoad();
    if (!effects) {
      await this.savePreviewSize(
        'Saved at the preview size: full resolution is not available after a collage.',
      );
      return;
    }
    // iOS cannot download a blob: the image opens in a new tab, which must be opened inside the click.
    const target = openSaveTab();
    if (target === 'blocked') {
      this.notify('error', SAVE_TAB_BLOCKED);
      return;
    }
    const tab = target === 'download' ? null : target;
    this.notify('info', 'Preparing full-resolution image...');
    this.store.set(exportProgressAtom, 0);
    this.exportCancelled = false;
    const exportWith = async (engine: EngineClient) => {
      // The log keeps its masks (for recovery); the worker gets copies.
      const steps = await Promise.all(
        effects.map(async (step) => ({
          effectId: step.effectId,
          settings: step.settings,
          ...(step.mask ? { mask: await createImageBitmap(step.mask) } : {}),
        })),
      );
      return engine.exportFullResolution({
        file: source.file,
        processing: source.processing,
        steps,
        quality: 0.9,
        ...(this.tileLimit ? { tileLimit: this.tileLimit } : {}),
        onProgress: (fraction) => {
          if (this.store.get(exportProgressAtom) !== null) this.store.set(exportProgressAtom, fraction);
        },
      });
    };
    try {
      let result = await exportWith(client);
      // The GPU was lost or the worker died during the save: once the editor has brought the engine back
      // with the image, the save runs again (once), rather than failing for something the user did not do.
      if (!result.blob && !result.cancelled && !this.exportCancelled && (await this.engineWasRestored())) {
        this.store.set(exportProgressAtom, 0);
        const restored = this.client;
        if (restored && !this.exportCancelled) result = await exportWith(restored);
      }
      if (!result.blob) {
        tab?.close();
        if (result.cancelled || this.exportCancelled) {
          this.notify('info', 'Full-resolution save cancelled.');
        } else {
          if (result.error) console.error(`Full-resolution export failed: ${result.error}`);
          this.notify('error', 'Failed to generate image data.');
        }
        return;
      }
      const name = downloadFileName(state.lastAppliedEffectId, new Date());
      if (tab) {
        tab.location.href = URL.createObjectURL(result.blob);
        this.notify('success', IOS_SAVE_MESSAGE, IOS_MESSAGE_DURATION_MS);
        return;
      }
      triggerDownload(result.blob, name);
      this.notify('success', 'Download started!');
    } catch (error) {
      tab?.close();
      this.notify('error', `Download failed: ${reason(error)}`);
    } finally {
      this.store.set(exportProgressAtom, null);
    }
  }

  /**
   * After a failed full-resolution save: whether the engine was lost and has come back with the image.
   * The failure can arrive just before the worker's ContextLost, so a moment is given for that; then a
   * recovery under way is waited for.
   */
  private async engineWasRestored(): Promise<boolean> {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    const generation = this.recoveryGeneration;
    for (let i = 0; i < 10 && generation === this.recoveryGeneration && !this.recovering; i++) await pause();
    if (generation === this.recoveryGeneration && !this.recovering) return false;
    const deadline = Date.now() + RECOVERY_WAIT_MS;
    while (this.recovering && Date.now() < deadline) await pause();
    return !this.recovering && this.client !== null && this.state.workerStatus === 'ImageReady';
  }

  /** The spec's save: the current image with its long side at 1080 px. */
  private async savePreviewSize(successWarning?: string): Promise<void> {
    const state = this.state;
    const client = this.client;
    if (!client || !canRequestImage(state)) {
      this.notify('error', 'Image processor not ready.');
      return;
    }
    // iOS cannot download a blob: the image opens in a new tab, which must be opened inside the click.
    const target = openSaveTab();
    if (target === 'blocked') {
      this.notify('error', SAVE_TAB_BLOCKED);
      return;
    }
    const tab = target === 'download' ? null : target;
    this.notify('info', 'Preparing image...');
    this.store.set(savingAtom, true);
    try {
      const result = await client.requestImageData(
        0.9,
        exportLongSide(state.processingWidth, state.processingHeight),
      );
      if (!result.blob) {
        tab?.close();
        this.notify('error', 'Failed to generate image data.');
        return;
      }
      const name = downloadFileName(state.lastAppliedEffectId, new Date());
      if (tab) {
        tab.location.href = URL.createObjectURL(result.blob);
        this.notify('success', IOS_SAVE_MESSAGE, IOS_MESSAGE_DURATION_MS);
        return;
      }
      triggerDownload(result.blob, name);
      if (successWarning) this.notify('warning', successWarning);
      else this.notify('success', 'Download started!');
    } catch (error) {
      tab?.close();
      this.notify('error', `Download failed: ${reason(error)}`);
    } finally {
      this.store.set(savingAtom, false);
    }
  }

  // ---------------------------------------------------------------- rules and commands

  /** Runs a rule, carries out its commands, then the follow-ups every change may trigger. */
  run(transition: (state: EditorState) => Outcome): EditorState {
    const outcome = transition(this.state);
    this.setState(outcome.state);
    for (const command of outcome.commands) this.execute(command);
    return this.followUps();
  }

  private setState(next: EditorState): void {
    if (this.options.testHooks && next.workerStatus !== this.state.workerStatus) {
      this.statusHistory.push(next.workerStatus);
    }
    this.store.set(editorStateAtom, next);
  }

  /** After any change: hand over drafts, select the linked look once, and auto-apply. */
  private followUps(): EditorState {
    let state = this.state;
    if (isBusy(state) || this.recovering) return state;
    if (state.queuedImageFile) {
      const queued = takeQueuedFile(state);
      this.setState(queued.state);
      for (const command of queued.commands) this.execute(command);
      return this.state;
    }
    const draftEffect = findEffect(this.store.get(draftEffectAtom));
    if (draftEffect) {
      this.store.set(draftEffectAtom, null);
      this.store.set(draftSettingsAtom, {});
      this.setState(selectEffect(state, draftEffect).state);
      state = this.state;
    }
    const drafts = this.store.get(draftSettingsAtom);
    if (Object.keys(drafts).length > 0) {
      this.store.set(draftSettingsAtom, {});
      for (const [name, value] of Object.entries(drafts))
        this.setState(changeSetting(this.state, name, value).state);
      state = this.state;
    }
    if (this.link && state.isImageReadyInWorker && state.workerStatus === 'ImageReady') {
      const { effectId, settings } = this.link;
      this.link = null;
      const effect = findEffect(effectId);
      if (effect) {
        const outcome = selectEffect(state, effect, this.usableLinkSettings(effect, settings));
        this.setState(outcome.state);
        for (const command of outcome.commands) this.execute(command);
        state = this.state;
      }
    }
    const apply = autoApply(state);
    if (apply.commands.length > 0) {
      this.setState(apply.state);
      for (const command of apply.commands) this.execute(command);
    }
    return this.state;
  }

  /**
   * A link's settings without those that need something this editor has not got, each dropped with the
   * warning the control itself gives: a link may name the user's own .cube look, which another visit (or
   * another person) has not loaded. Whatever a link holds, the editor must not end in an error for it.
   */
  private usableLinkSettings(
    effect: EffectDefinition,
    settings: Readonly<Record<string, string>>,
  ): Record<string, string> {
    const usable = { ...settings };
    for (const [name, value] of Object.entries(settings)) {
      const need = this.unmetNeed(effect, name, value);
      if (!need) continue;
      delete usable[name];
      this.notify('warning', need.missing);
    }
    return usable;
  }

  /** What a setting value of the effect needs that the user has not brought (Filters' own .cube look). */
  private unmetNeed(
    effect: EffectDefinition | undefined,
    name: string,
    value: unknown,
  ): ResourceNeed | undefined {
    return effect?.needs?.find(
      (need) => need.setting === name && String(need.value) === String(value) && !this.holds(need.resource),
    );
  }

  /** Whether the user has brought this kind of resource. */
  private holds(resource: ResourceNeed['resource']): boolean {
    return resource === 'cube' && this.customLut !== null;
  }

  private execute(command: Command): void {
    switch (command.kind) {
      case 'warn':
        console.warn(command.message);
        return;
      case 'notify':
        this.notify(command.level, command.message);
        return;
      case 'load':
        void this.load(command.file);
        return;
      case 'post':
        void this.post(command.message);
        return;
    }
  }

  private async post(message: Extract<Command, { kind: 'post' }>['message']): Promise<void> {
    const client = this.client;
    if (!client) return;
    if (message.type === 'applyEffect') {
      const mask = message.withMask && this.maskCanvas ? await createImageBitmap(this.maskCanvas) : null;
      this.log.applying({
        kind: 'effect',
        effectId: message.effectId,
        settings: message.settings,
        mask: mask ? await createImageBitmap(mask) : null,
      });
      client.post(
        {
          type: 'applyEffect',
          effectId: message.effectId,
          settings: message.settings,
          ...(mask ? { freehandMaskImageBitmap: mask } : {}),
        },
        mask ? [mask] : [],
      );
      return;
    }
    if (message.type === 'commitEffect') this.historyRequests.push('commit');
    if (message.type === 'undo' || message.type === 'redo') this.historyRequests.push(message.type);
    if (message.type === 'resetCanvasToBase') this.log.reset();
    client.post(message);
  }

  private async load(file: Blob): Promise<void> {
    const client = this.client;
    if (!client) return;
    const given = this.intake.get(file);
    this.intake.delete(file);
    let decoded = given?.decoded;
    if (!decoded) {
      try {
        decoded = asDecoded(await intake(file, given?.formats ?? EDITOR_FORMATS));
      } catch (error) {
        // The previous image (if any) stays and the editor stays usable.
        this.notify('error', error instanceof IntakeError ? error.message : DECODE_FAILED_MESSAGE);
        return;
      }
    }
    if (decoded.warning) this.notify('warning', decoded.warning);
    this.revokePreview();
    // The loading preview shows the file itself, which a browser cannot show for HEIC.
    this.previewUrl = decoded.format === 'heif' ? null : URL.createObjectURL(file);
    const outcome = imageLoadStarted(this.state, {
      imageUrl: this.previewUrl,
      pendingPreviewUrl: this.previewUrl,
      processingWidth: decoded.processing.width,
      processingHeight: decoded.processing.height,
      originalWidth: decoded.original.width,
      originalHeight: decoded.original.height,
    });
    this.setState(outcome.state);
    outcome.commands.forEach((command) => this.execute(command));
    if (this.state.workerStatus !== 'LoadingImage') {
      decoded.bitmap.close();
      return;
    }
    try {
      const kept = await createImageBitmap(decoded.bitmap);
      this.log.loaded({
        image: kept,
        processing: decoded.processing,
        original: decoded.original,
        file,
      });
      this.historyRequests.length = 0;
      client.loadImage(decoded.bitmap, decoded.processing, decoded.original);
    } catch (error) {
      this.run((s) => imageLoadFailed(s, reason(error)));
    }
  }

  private receive(message: FromWorkerMessage): void {
    if (this.recovering) {
      this.waiter?.(message);
      return;
    }
    switch (message.type) {
      case 'status':
        if (message.status === 'WorkerError' && this.state.workerStatus === 'WorkerInitializing') {
          // The engine did not start, and nothing will run in this worker: a photo waiting for it stays
          // pending (and shown) until the user tries again.
          this.client?.terminate();
          this.client = null;
        }
        this.track(message);
        if (message.status === 'ContextLost') {
          // The spec's rule logs it; the editor then restores the engine (issue 8).
          this.run((s) => statusReceived(s, message));
          void this.recover('lost', message.message ?? 'GPU context lost');
          return;
        }
        this.run((s) => statusReceived(s, message));
        return;
      case 'error':
        // A failed apply leaves the worker showing what it showed before.
        if (message.message.startsWith('Image processing failed')) this.log.applyFailed();
        this.pendingReplacement?.image.close();
        this.pendingReplacement = null;
        this.run((s) => errorReceived(s, cleanMessage(message.message)));
        return;
      case 'imageBitmapResponse':
        if (!message.image) {
          this.notify('error', `Failed to get image from worker: ${message.error ?? 'no image'}`);
          return;
        }
        this.state.activeCollageBitmap?.close();
        this.setState({ ...this.state, activeCollageBitmap: message.image });
        if (this.collage.isOpen) {
          this.collage.mainImageReceived(message.image).catch((error: unknown) => {
            this.notify('error', `Failed to get image from worker: ${reason(error)}`);
          });
        }
        return;
      default:
        return;
    }
  }

  /** A collage becomes the base: the log keeps a copy, recorded once the worker confirms. */
  private async replaceBase(image: ImageBitmap): Promise<void> {
    const client = this.client;
    if (!client) {
      image.close();
      throw new Error('Worker not available.');
    }
    const copy = await createImageBitmap(image);
    this.pendingReplacement?.image.close();
    this.pendingReplacement = { kind: 'image', image: copy, width: image.width, height: image.height };
    client.post({ type: 'replaceBaseImage', image, width: image.width, height: image.height }, [image]);
  }

  /**
   * A worker died. Restart it, unless workers keep dying before they are back (a script that cannot load,
   * a browser that kills every worker): then say so and stop, rather than restart forever.
   */
  private workerFailed(message: string): void {
    if (this.failuresInARow >= MAX_FAILURES_IN_A_ROW) {
      this.recoveryGeneration++;
      this.recovering = false;
      this.waiter = null;
      this.client?.terminate();
      this.client = null;
      this.run((s) => errorReceived(s, message));
      return;
    }
    this.failuresInARow++;
    void this.recover('failed', message);
  }

  /** Keeps the recovery log in step with what the worker confirms. */
  private track(message: StatusMessage): void {
    if (message.status === 'ImageReady' && this.pendingReplacement) {
      this.log.replaced(this.pendingReplacement);
      this.pendingReplacement = null;
    }
    if (message.status === 'effectComplete') this.log.applied();
    if (message.status === 'commitSuccess') {
      const request = this.historyRequests.shift();
      if (request === 'commit') this.log.committed();
      else if (request === 'undo') this.log.undone();
      else if (request === 'redo') this.log.redone();
    }
  }

  // ---------------------------------------------------------------- recovery

  /**
   * The GPU was lost or the worker died: start a fresh worker on a fresh canvas and replay the log, so the
   * image, its committed history and the applied effect come back without the user doing anything.
   */
  private async recover(why: 'lost' | 'failed', detail: string): Promise<void> {
    const generation = ++this.recoveryGeneration;
    const previousEngine = this.state.engine;
    console.warn(`Effect engine ${why === 'lost' ? 'lost its GPU context' : 'failed'}: ${detail}`);
    this.client?.terminate();
    this.client = null;
    this.recovering = true;
    this.waiter = null;
    this.store.set(showingOriginalAtom, false);
    // ContextLost while a new worker starts, ContextRestoring while it replays the log, then ImageReady.
    this.setState({ ...this.state, workerStatus: 'ContextLost', activeEffectId: null });
    if (why === 'failed') {
      this.notify('warning', 'The effect engine stopped and was restarted. Your photo and edits are kept.');
    }
    try {
      let ready = await this.restartWorker(this.options.engine);
      if (
        ready.status === 'WorkerError' &&
        (previousEngine === 'webgpu' || this.options.engine === 'webgpu')
      ) {
        ready = await this.restartWorker('webgl2');
      }
      if (generation !== this.recoveryGeneration) return;
      if (ready.status !== 'WorkerReady')
        throw new Error(ready.message ?? 'Worker reported an error status.');
      if (previousEngine === 'webgpu' && ready.engine === 'webgl2') {
        this.notify('warning', 'WebGPU stopped working and could not be restored: continuing on WebGL2.');
      }
      this.setState({
        ...this.state,
        workerStatus: 'ContextRestoring',
        engine: ready.engine ?? this.state.engine,
      });
      const last = await this.replay(generation);
      if (generation !== this.recoveryGeneration) return;
      this.recovering = false;
      const current = this.log.current;
      this.setState({
        ...this.state,
        engine: ready.engine ?? this.state.engine,
        workerStatus: 'ImageReady',
        isImageReadyInWorker: this.log.source !== null,
        activeEffectId: null,
        activeSettings: null,
        lastAppliedEffectId: current?.effectId ?? null,
        lastAppliedSettings: current?.settings ?? null,
        ...(last?.newWidth && last.newHeight
          ? { processingWidth: last.newWidth, processingHeight: last.newHeight }
          : {}),
        ...(last?.undoDepth !== undefined
          ? { undoDepth: last.undoDepth, redoDepth: last.redoDepth ?? 0 }
          : {}),
      });
      // With no image yet, a photo that was waiting for the engine (the landing page's) loads now.
      if (!this.log.source) this.run((s) => takePendingFile({ ...s, workerStatus: 'WorkerReady' }));
      this.failuresInARow = 0;
      this.followUps();
    } catch (error) {
      if (generation !== this.recoveryGeneration) return;
      this.recovering = false;
      this.run((s) => errorReceived(s, cleanMessage(reason(error))));
    }
  }

  private async restartWorker(engine: EngineKind | undefined): Promise<StatusMessage> {
    this.client?.terminate();
    this.startClient(engine);
    return this.expect((m) => m.status === 'WorkerReady' || m.status === 'WorkerError', true);
  }

  /** Replays the log on the fresh worker; returns the last status it answered with. */
  private async replay(generation: number): Promise<StatusMessage | null> {
    const client = this.client;
    const source = this.log.source;
    if (!client || !source) return null;
    if (this.customLutFile) await client.loadCube(this.customLutFile);
    const image = await createImageBitmap(source.image);
    client.loadImage(image, source.processing, source.original);
    let last = await this.expect((m) => m.status === 'ImageReady');
    const steps = this.log.steps;
    for (const step of steps) {
      if (generation !== this.recoveryGeneration) return last;
      if (step.kind === 'effect') {
        await this.replayEffect(client, step);
        client.post({ type: 'commitEffect' });
        last = await this.expect((m) => m.status === 'commitSuccess');
      } else {
        const copy = await createImageBitmap(step.image);
        client.post({ type: 'replaceBaseImage', image: copy, width: step.width, height: step.height }, [
          copy,
        ]);
        last = await this.expect((m) => m.status === 'ImageReady');
      }
    }
    // Steps after the undo position were undone: replay them, then undo them again, so redo works.
    for (let i = this.log.position; i < steps.length; i++) {
      client.post({ type: 'undo' });
      last = await this.expect((m) => m.status === 'commitSuccess');
    }
    if (this.log.current) {
      const status = await this.replayEffect(client, this.log.current);
      last = { ...status, undoDepth: last.undoDepth, redoDepth: last.redoDepth };
    }
    return last;
  }

  private async replayEffect(client: EngineClient, step: EffectStep): Promise<StatusMessage> {
    const mask = step.mask ? await createImageBitmap(step.mask) : null;
    client.post(
      {
        type: 'applyEffect',
        effectId: step.effectId,
        settings: step.settings,
        ...(mask ? { freehandMaskImageBitmap: mask } : {}),
      },
      mask ? [mask] : [],
    );
    return this.expect((m) => m.status === 'effectComplete');
  }

  /** Waits for a status the worker sends during recovery; an error (or WorkerError) rejects. */
  private expect(match: (message: StatusMessage) => boolean, acceptError = false): Promise<StatusMessage> {
    return new Promise((resolve, reject) => {
      this.waiter = (message) => {
        if (message.type === 'error') {
          this.waiter = null;
          reject(new Error(message.message));
          return;
        }
        if (message.type !== 'status') return;
        if (message.status === 'WorkerError' && !acceptError) {
          this.waiter = null;
          reject(new Error(message.message ?? 'Worker reported an error status.'));
          return;
        }
        if (match(message)) {
          this.waiter = null;
          resolve(message);
        }
      };
    });
  }

  private notify(kind: NotificationKind, message: string, durationMs?: number): void {
    this.store.set(notifyAtom, { kind, message, ...(durationMs ? { durationMs } : {}) });
  }

  private revokePreview(): void {
    if (this.previewUrl) URL.revokeObjectURL(this.previewUrl);
    this.previewUrl = null;
  }
}

interface FileIntake {
  formats?: readonly AcceptedFormat[];
  /** Already decoded at the processing size (the landing page's preview): used once, then closed. */
  decoded?: DecodedImage;
}

/**
 * A message fit for a notification: the first line only (no stack trace, whatever a worker or a library
 * put in its error), and not endless.
 */
export function cleanMessage(message: string): string {
  const firstLine = message.split('\n')[0]?.trim() ?? '';
  const text = firstLine.replace(/\s+at\s+\S+\s*\(.*\)$/, '').trim() || 'Unknown worker error';
  return text.length > 240 ? `${text.slice(0, 237)}...` : text;
}

/** Applies the selected effect again as it is (its inputs changed outside the settings). */
function autoApplyAgain(state: EditorState): Outcome {
  return applyEffect(state);
}
