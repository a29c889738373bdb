/**
 * The editor's controller: runs the pure rules of state/ against the jotai store and carries out their
 * commands. The worker, its log and its recovery live in engine-session.ts, the saves in saving.ts, what
 * the user brings (a .cube, a painted mask) in user-resources.ts, the collage in
 * src/collage/collage-controller.ts. The React components call its methods and read the atoms.
 */
import { cubeTooLargeMessage, MAX_CUBE_BYTES } from '../grading/cube.ts';
import { findEffect, likelyEffects } from '../effects/index.ts';
import { EngineSetupError } from '../engine/client/engine-client.ts';
import type { EngineKind, FromWorkerMessage, TestHookAction } from '../engine/protocol.ts';
import type { DecodedImage } from '../intake/decode.ts';
import { asDecoded, intake, IntakeError } from '../intake/intake.ts';
import { EDITOR_FORMATS, type AcceptedFormat } from '../intake/formats.ts';
import { takeHandoff, type FirstStep } from '../intake/handoff.ts';
import { DECODE_FAILED_MESSAGE } from '../intake/messages.ts';
import { CollageController } from '../collage/collage-controller.ts';
import { CropController } from '../crop/crop-controller.ts';
import type { Store } from './editor-jotai.ts';
import { cleanMessage, EngineSession } from './engine-session.ts';
import type { LookLink } from './look-link.ts';
import { BatchRunner } from './batch.ts';
import { PhotoSaver, savedStep, type Notify } from './saving.ts';
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
import { fileChosen, imageLoadFailed, imageLoadStarted, takeQueuedFile } from './state/image-rules.ts';
import { cycleZoom, pageBecameVisible, zoomTo } from './state/view-rules.ts';
import { statusReceived, workerInitStarted } from './state/worker-rules.ts';
import { notifyAtom, type NotificationAction, type NotificationKind } from './state/notifications.ts';
import {
  fullResolutionAtom,
  keepDateAtom,
  photoTakenAtom,
  rememberedSaveOptions,
  engineChoiceAtom,
  showingOriginalAtom,
} from './state/ui.ts';
import { EditorThumbnails } from './editor-thumbnails.ts';
import { UserResources } from './user-resources.ts';

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
  /**
   * Test option (with testHooks): no thumbnails are made. For tests of other things that load many
   * photos (the fixture sweep): each load's set is as much work as a camera effect's apply.
   */
  noThumbnails?: boolean;
  /**
   * Test option (with testHooks): the worker makes no programs ahead (issue 24's warm-up). On a software
   * GPU the warm-up of every effect costs some 3.5 s of CPU per page, which a flow that uses one effect
   * pays for nothing; the specs about first-apply speed keep it.
   */
  noWarmUp?: boolean;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface FileIntake {
  formats?: readonly AcceptedFormat[];
  /** Already decoded at the processing size (the landing page's preview): used once, then closed. */
  decoded?: DecodedImage;
}

export class EditorController {
  private link: LookLink | null;
  /** A camera shot's look: applied and committed as the first step once that file's photo is ready. */
  private firstStep: { file: Blob; step: FirstStep } | null = null;
  /** The effect whose apply is committed as soon as it completes (a shot's look). */
  private commitAfter: string | null = null;
  private previewUrl: string | null = null;
  /** How a chosen file is taken when its turn comes: the formats it may have, and a decode made earlier. */
  private readonly intake = new WeakMap<Blob, FileIntake>();
  private readonly resources = new UserResources();
  private readonly thumbnails: EditorThumbnails;
  private readonly session: EngineSession;
  private readonly saver: PhotoSaver;
  /** Issue 27: the photos chosen together, and 'Apply to all'. */
  private readonly batch: BatchRunner;
  /** The collage: its config rules, assets, Apply and Save. */
  readonly collage: CollageController;
  /** The crop tool: when it opens, what on, and its Done. */
  readonly crop: CropController;
  /** Test option: the longest tile side of full-resolution saves. */
  private tileLimit: number | null;
  /** Every worker status the editor has passed through (only with `testHooks`), oldest first. */
  readonly statusHistory: string[] = [];

  constructor(
    private readonly store: Store,
    private readonly options: ControllerOptions = {},
  ) {
    this.link = options.link ?? null;
    this.tileLimit = options.tileLimit ?? null;
    store.set(keepDateAtom, rememberedSaveOptions.keepDate);
    store.set(engineChoiceAtom, options.engine ?? null);
    this.thumbnails = new EditorThumbnails(store);
    const notify: Notify = (kind, message, durationMs, action) =>
      this.notify(kind, message, durationMs, action);
    this.session = new EngineSession(
      {
        store,
        state: () => this.state,
        setState: (next) => this.setState(next),
        run: (transition) => this.run(transition),
        followUps: () => this.followUps(),
        notify,
        receive: (message) => this.receive(message),
      },
      {
        ...(options.engine ? { engine: options.engine } : {}),
        ...(options.testHooks ? { testHooks: true } : {}),
        ...(options.responseTimeoutMs ? { responseTimeoutMs: options.responseTimeoutMs } : {}),
      },
      this.resources,
    );
    this.saver = new PhotoSaver({
      store,
      client: () => this.session.client,
      state: () => this.state,
      log: this.session.log,
      notify,
      tileLimit: () => this.tileLimit,
      engineWasRestored: () => this.session.engineWasRestored(),
    });
    this.batch = new BatchRunner({
      store,
      client: () => this.session.client,
      effects: () => this.session.log.effectsSinceLoad(),
      look: () => savedStep(this.state),
      crop: () => this.session.log.crop(),
      notify,
    });
    this.crop = new CropController({
      store,
      log: this.session.log,
      state: () => this.state,
      run: (transition) => this.run(transition),
      crop: (choice) => this.session.crop(choice),
      notify,
    });
    this.collage = new CollageController(store, {
      run: (transition) => this.run(transition),
      notify,
      hasWorker: () => this.session.client !== null,
      replaceBase: (image, step) => this.session.replaceBase(image, step),
    });
  }

  get state(): EditorState {
    return this.store.get(editorStateAtom);
  }

  // ---------------------------------------------------------------- lifecycle

  /** Starts the engine on a canvas made inside `host` (a fresh one for every worker). */
  start(host: HTMLElement): void {
    this.setState(workerInitStarted(this.state));
    // A file chosen on the landing page waits as the pending file until the worker is ready.
    const handoff = takeHandoff();
    if (handoff) {
      if (handoff.firstStep) this.firstStep = { file: handoff.file, step: handoff.firstStep };
      // Several photos chosen together on the landing page come as the batch too.
      if (handoff.together) this.batch.setFiles(handoff.together, handoff.formats);
      this.chooseFile(handoff.file, {
        formats: handoff.formats,
        ...(handoff.decoded ? { decoded: handoff.decoded } : {}),
      });
    }
    this.startEngine(() => this.session.start(host));
    // While the photo is chosen and decodes, the worker makes the programs of the likely effects.
    // A link's effect is the one chosen, though it is selected only once its photo is ready.
    const chosen = this.link?.effectId ?? this.state.selectedEffectId;
    this.session.post({ type: 'prepareEffects', effectIds: this.likelyEffects(chosen) });
  }

  /** The effects whose programs the worker makes ahead, unless a test asked for none. */
  private likelyEffects(chosen: string | null | undefined): string[] {
    return this.options.noWarmUp ? [] : likelyEffects(chosen);
  }

  stop(): void {
    this.batch.cancel();
    this.session.stop();
    this.thumbnails.dispose();
    this.revokePreview();
    this.collage.dispose();
  }

  /**
   * Starts the engine again after it failed to start (Try again); a photo waiting for it is loaded once
   * it is ready.
   */
  retryEngine(): void {
    if (!this.session.canRetry) return;
    this.setState(workerInitStarted(this.state));
    this.startEngine(() => this.session.retry());
  }

  private startEngine(start: () => void): void {
    try {
      start();
    } catch (error) {
      const message =
        error instanceof EngineSetupError ? error.message : 'Failed to initialize worker resources.';
      this.run((s) => errorReceived(s, message));
    }
  }

  get testHooksEnabled(): boolean {
    return this.options.testHooks === true;
  }

  /** Test hooks (only with `testHooks`): simulated failures, and the engine's GPU object counts. */
  testHook(action: TestHookAction): void {
    if (this.options.testHooks) this.session.client?.post({ type: 'testHook', action });
  }

  /** Test hook (only with `testHooks`): full-resolution saves tile at this size (null: as the GPU allows). */
  setTileLimit(limit: number | null): void {
    if (this.options.testHooks) this.tileLimit = limit;
  }

  /** What the canvas shows, at its own size, from the worker (a test hook; the caller closes it). */
  async currentImage(): Promise<ImageBitmap | null> {
    const client = this.session.client;
    if (!client) return null;
    const { image } = await client.request({ type: 'requestImageBitmap', source: 'current' });
    return image;
  }

  async stats(): Promise<{ textures: number; buffers: number }> {
    const client = this.session.client;
    if (!client) throw new Error('No worker');
    return client.requestStats();
  }

  // ---------------------------------------------------------------- user commands

  /** A file to load; the editor's own upload accepts jpeg, png and webp unless told otherwise. */
  chooseFile(file: Blob, intake?: FileIntake): void {
    if (intake) this.intake.set(file, intake);
    if (!this.session.client && this.state.workerStatus === 'WorkerError') {
      // No engine runs (it did not start): the photo waits for it, shown, instead of being dropped.
      this.setState({ ...this.state, pendingImageFile: file });
      return;
    }
    this.run((s) => fileChosen(s, file));
  }

  /**
   * Files chosen or dropped together: the first loads as the photo the look is made on, and all of them
   * (several) form the batch that 'Apply to all' runs the look on.
   */
  chooseFiles(files: readonly File[], intake?: FileIntake): void {
    const [first] = files;
    if (!first) return;
    this.batch.setFiles(files, intake?.formats);
    this.chooseFile(first, intake);
  }

  /** 'Apply to all': the look on screen on every photo of the batch, at full size, as one zip. */
  applyToAll(): Promise<void> {
    if (this.saver.running) return Promise.resolve();
    return this.batch.run();
  }

  /** Stops a running batch (nothing is downloaded). */
  cancelBatch(): void {
    this.batch.cancel();
  }

  /**
   * The camera opened over the editor: the editor's worker stops making programs ahead, which on a slow
   * GPU held the viewfinder's frames back; it goes on once the camera closes.
   */
  cameraOpen(open: boolean): void {
    this.session.post({
      type: 'prepareEffects',
      effectIds: open ? [] : this.likelyEffects(this.state.selectedEffectId),
    });
  }

  /**
   * A photo from the camera: loaded as an upload is, then its look applied and committed as the first
   * step, so that Undo shows the shot as the camera took it.
   */
  takeShot(file: File, step: FirstStep | null): void {
    this.firstStep = step ? { file, step } : null;
    this.chooseFile(file, { formats: EDITOR_FORMATS });
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
    const need = this.resources.unmetNeed(findEffect(this.state.selectedEffectId), name, value);
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
    const client = this.session.client;
    if (!client) {
      this.notify('error', 'Image processor not ready.');
      return;
    }
    const answer = await client.loadCube(file);
    if (answer.error !== undefined || this.session.client !== client) {
      this.notify('error', answer.error ?? `Could not read ${file.name}.`);
      return;
    }
    const title = answer.title ?? file.name;
    this.resources.cubeLoaded(file, title);
    // The selected effect's setting value that needed it is chosen now.
    const need = findEffect(this.state.selectedEffectId)?.needs?.find((n) => n.resource === 'cube');
    if (need) {
      this.run((s) => changeSetting(s, need.setting, need.value));
      // The same value again with a new file: apply even though the settings did not change.
      if (!isBusy(this.state) && this.state.lastAppliedSettings?.[need.setting] === need.value) {
        this.run((s) => applyEffect(s));
      }
    }
    this.notify('success', `Loaded ${title}.`);
  }

  get customLutTitle(): string | null {
    return this.resources.cubeTitle;
  }

  /** A drawing stroke ended: smart blur in draw mode applies now. */
  strokeEnded(): void {
    this.run((s) => autoApply(s, 'strokeEnd'));
  }

  setMaskCanvas(canvas: HTMLCanvasElement | null): void {
    this.resources.setMaskCanvas(canvas);
  }

  /** Wipes the painted mask and applies again. */
  clearMask(): void {
    this.resources.clearMask();
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
    this.run((s) => commit(s, this.session.client !== null));
  }

  undo(): void {
    this.run(undo);
  }

  redo(): void {
    this.run(redo);
  }

  /** Returns the new level. */
  cycleZoom(): number {
    this.setState(cycleZoom(this.state));
    return this.state.zoomLevel;
  }

  /** Pinch and Ctrl+wheel zoom; returns the level set. */
  zoomTo(level: number): number {
    this.setState(zoomTo(this.state, level));
    return this.state.zoomLevel;
  }

  showOriginal(show: boolean): void {
    const state = this.state;
    if (show && (!canRequestImage(state) || state.lastAppliedEffectId === null)) return;
    if (this.store.get(showingOriginalAtom) === show) return;
    this.store.set(showingOriginalAtom, show);
    this.session.client?.post({ type: 'showOriginal', show });
  }

  pageVisible(): void {
    this.run(pageBecameVisible);
  }

  /** One save at a time: a click while one runs is ignored (ten quick clicks give one file). */
  async save(): Promise<void> {
    // One export at a time: a batch's Cancel would also stop a save's (the worker cancels every export).
    if (this.saver.running || this.batch.running) return;
    if (this.collage.isOpen) return this.collage.save();
    return this.saver.save();
  }

  /** The size a full-resolution save writes now. */
  fullResolutionSize(): { width: number; height: number } | null {
    return this.saver.fullResolutionSize();
  }

  setFullResolution(on: boolean): void {
    this.store.set(fullResolutionAtom, on);
  }

  /** 'Keep the date taken': remembered for the next editor while the app is open. */
  setKeepDate(on: boolean): void {
    rememberedSaveOptions.keepDate = on;
    this.store.set(keepDateAtom, on);
  }

  /**
   * The engine the user chose (null: Automatic), for the rest of the visit: a fresh worker on it takes
   * over the photo and its history.
   */
  chooseEngine(engine: EngineKind | null): void {
    rememberedSaveOptions.engine = engine;
    this.store.set(engineChoiceAtom, engine);
    this.session.switchEngine(engine ?? undefined);
  }

  /** Stops a running full-resolution save. */
  cancelExport(): void {
    this.saver.cancel();
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
    if (isBusy(state) || this.session.recovering) return state;
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
    if (this.link?.crop && state.isImageReadyInWorker && state.workerStatus === 'ImageReady') {
      // A link's crop first (made from the original), then its look on the cropped photo.
      const { crop, ...look } = this.link;
      this.link = look.effectId ? look : null;
      if (this.crop.applyRecipe(crop)) return this.state;
    }
    if (this.link && state.isImageReadyInWorker && state.workerStatus === 'ImageReady') {
      const { effectId, settings } = this.link;
      this.link = null;
      const effect = findEffect(effectId);
      if (effect) {
        const usable = this.resources.usableSettings(effect, settings, (message) =>
          this.notify('warning', message),
        );
        const outcome = selectEffect(state, effect, usable);
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
    if (message.type !== 'applyEffect') {
      this.session.post(message);
      return;
    }
    // A new look replaces the frame being compared: Compare lets go.
    this.showOriginal(false);
    const mask = message.withMask ? await this.resources.mask() : null;
    await this.session.applyEffect({ effectId: message.effectId, settings: message.settings, mask });
  }

  private async load(file: Blob): Promise<void> {
    if (!this.session.client) return;
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
    // The loading preview is the photo at the processing size, as decoded: an <img> of the file itself
    // would have the page decode the whole photo again (a 120 MP one held 200 MB after it was gone), and
    // could not show HEIC at all.
    this.previewUrl = await loadingPreview(decoded.bitmap);
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
    this.store.set(photoTakenAtom, decoded.taken ?? null);
    this.commitAfter = null;
    if (this.firstStep?.file === file) {
      // Selected and applied like a look link once the photo is ready, then committed.
      const { effectId, settings } = this.firstStep.step;
      this.link = {
        effectId,
        settings: Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)])),
      };
      this.commitAfter = effectId;
    }
    this.firstStep = null;
    try {
      await this.session.loadImage(decoded, file);
    } catch (error) {
      this.run((s) => imageLoadFailed(s, reason(error)));
    }
  }

  /** A worker message outside recovery (the session has kept its log). */
  private receive(message: FromWorkerMessage): void {
    switch (message.type) {
      case 'status':
        this.run((s) => statusReceived(s, message));
        if (message.status === 'effectComplete' && message.effectId === this.commitAfter) {
          this.commitAfter = null;
          this.commit();
        }
        // The base image changed: thumbnails of the new one.
        if (
          (message.status === 'ImageReady' || message.status === 'commitSuccess') &&
          !this.options.noThumbnails
        ) {
          this.thumbnails.refresh((m) => this.session.post(m));
        }
        return;
      case 'thumbnail':
        this.thumbnails.received(message);
        return;
      case 'error':
        this.run((s) => errorReceived(s, cleanMessage(message.message)));
        return;
      case 'imageBitmapResponse':
        // The image on screen went to its caller (currentImage).
        if (message.source === 'current') return;
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

  private notify(
    kind: NotificationKind,
    message: string,
    durationMs?: number,
    action?: NotificationAction,
  ): void {
    this.store.set(notifyAtom, {
      kind,
      message,
      ...(durationMs ? { durationMs } : {}),
      ...(action ? { action } : {}),
    });
  }

  private revokePreview(): void {
    if (this.previewUrl) URL.revokeObjectURL(this.previewUrl);
    this.previewUrl = null;
  }
}

/** The decoded photo as a JPEG to show while its first frame is made; null where it cannot be made. */
async function loadingPreview(bitmap: ImageBitmap): Promise<string | null> {
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    return URL.createObjectURL(blob);
  } catch {
    return null;
  }
}
