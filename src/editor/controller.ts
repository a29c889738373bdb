/**
 * The editor's controller: runs the pure rules of state/editor-state.ts against the jotai store and
 * carries out their commands with the engine client (worker messages, decoding files, saving), the
 * console and the notification banner. The React components call its methods and read the atoms.
 */
import { CubeFormatError, parseCube } from '../effects/cube.ts';
import { findEffect } from '../effects/index.ts';
import { CUSTOM_LUT } from '../effects/look-names.ts';
import { EngineClient, EngineSetupError } from '../engine/client/engine-client.ts';
import type { EngineKind, FromWorkerMessage } from '../engine/protocol.ts';
import { decodeImageFile, IntakeError, type DecodedImage } from '../intake/decode.ts';
import { EDITOR_FORMATS, type AcceptedFormat } from '../intake/formats.ts';
import { takeHandoff } from '../intake/handoff.ts';
import { DECODE_FAILED_MESSAGE } from '../intake/messages.ts';
import { CollageController } from './collage-controller.ts';
import { downloadFileName, triggerDownload } from './download.ts';
import type { Store } from './editor-jotai.ts';
import { exportLongSide, IOS_MESSAGE_DURATION_MS, IOS_SAVE_MESSAGE, isIos } from './export.ts';
import type { LookLink } from './look-link.ts';
import { editorStateAtom, transitionAtom } from './state/atoms.ts';
import { draftSettingsAtom } from './state/drafts.ts';
import {
  applyEffect,
  autoApply,
  canRequestImage,
  changeSetting,
  commit,
  cycleZoom,
  errorReceived,
  fileChosen,
  imageLoadFailed,
  imageLoadStarted,
  isBusy,
  pageBecameVisible,
  redo,
  selectEffect,
  setBrushSize,
  statusReceived,
  undo,
  workerInitStarted,
  type Command,
  type EditorState,
  type Outcome,
} from './state/editor-state.ts';
import { notifyAtom, type NotificationKind } from './state/notifications.ts';
import { savingAtom, showingOriginalAtom } from './state/ui.ts';

export interface ControllerOptions {
  engine?: EngineKind;
  /** A look from the page's link, selected and applied once the first image is ready. */
  link?: LookLink | null;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
  /** The collage: its config rules, assets, Apply and Save. */
  readonly collage: CollageController;

  constructor(
    private readonly store: Store,
    private readonly options: ControllerOptions = {},
  ) {
    this.link = options.link ?? null;
    this.collage = new CollageController(store, {
      run: (transition) => this.run(transition),
      notify: (kind, message, durationMs) => this.notify(kind, message, durationMs),
      client: () => this.client,
    });
  }

  get state(): EditorState {
    return this.store.get(editorStateAtom);
  }

  // ---------------------------------------------------------------- lifecycle

  start(canvas: HTMLCanvasElement): void {
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
      this.client = EngineClient.start(
        canvas,
        {
          onMessage: (message) => this.receive(message),
          onWorkerFailure: (message) => this.run((s) => errorReceived(s, message)),
        },
        this.options.engine,
      );
    } catch (error) {
      const message =
        error instanceof EngineSetupError ? error.message : 'Failed to initialize worker resources.';
      this.run((s) => errorReceived(s, message));
    }
  }

  stop(): void {
    this.client?.terminate();
    this.client = null;
    this.revokePreview();
    this.collage.dispose();
  }

  // ---------------------------------------------------------------- user commands

  /** A file to load; the editor's own upload accepts jpeg, png and webp unless told otherwise. */
  chooseFile(file: Blob, intake?: FileIntake): void {
    if (intake) this.intake.set(file, intake);
    this.run((s) => fileChosen(s, file));
  }

  selectEffect(effectId: string): void {
    const effect = findEffect(effectId);
    if (!effect) return;
    this.store.set(draftSettingsAtom, {});
    this.run((s) => selectEffect(s, effect));
  }

  changeSetting(name: string, value: unknown): void {
    if (name === 'filterName' && value === CUSTOM_LUT && this.customLut === null) {
      this.notify('warning', 'Load a .cube file first.');
      return;
    }
    if (isBusy(this.state)) {
      // Kept as a draft and handed over once the worker settles (the latest value wins).
      this.store.set(draftSettingsAtom, (drafts) => ({ ...drafts, [name]: value as never }));
      return;
    }
    this.run((s) => changeSetting(s, name, value));
  }

  /** The user's own LUT: parsed here, handed to the worker, then chosen as the Filters look. */
  async loadCube(file: File): Promise<void> {
    let cube;
    try {
      cube = parseCube(await file.text());
    } catch (error) {
      this.notify('error', error instanceof CubeFormatError ? error.message : `Could not read ${file.name}.`);
      return;
    }
    const client = this.client;
    if (!client) return;
    const data = new Uint8Array(cube.atlas.data);
    client.post({ type: 'loadLut', size: cube.size, data }, [data.buffer]);
    this.customLut = cube.title ?? file.name;
    this.run((s) => changeSetting(s, 'filterName', CUSTOM_LUT));
    // The same look again with a new file: apply even though the settings did not change.
    if (!isBusy(this.state) && this.state.lastAppliedSettings?.filterName === CUSTOM_LUT) {
      this.run((s) => autoApplyAgain(s));
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

  async save(): Promise<void> {
    if (this.collage.isOpen) return this.collage.save();
    const state = this.state;
    const client = this.client;
    if (!client || !canRequestImage(state)) {
      this.notify('error', 'Image processor not ready.');
      return;
    }
    // iOS cannot download a blob: the image opens in a new tab, which must be opened inside the click.
    const ios = isIos(navigator.userAgent, navigator.maxTouchPoints);
    const tab = ios ? window.open('', '_blank') : null;
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
      this.notify('success', 'Download started!');
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
    this.store.set(transitionAtom, () => next);
  }

  /** After any change: hand over drafts, select the linked look once, and auto-apply. */
  private followUps(): EditorState {
    let state = this.state;
    if (isBusy(state)) return state;
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
        const outcome = selectEffect(state, effect, settings);
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
    const client = this.client;
    if (!client) return;
    if (message.type === 'applyEffect') {
      const mask = message.withMask && this.maskCanvas ? await createImageBitmap(this.maskCanvas) : null;
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
    client.post(message);
  }

  private async load(file: Blob): Promise<void> {
    const client = this.client;
    if (!client) return;
    const intake = this.intake.get(file);
    this.intake.delete(file);
    let decoded = intake?.decoded;
    if (!decoded) {
      try {
        decoded = await decodeImageFile(file, { formats: intake?.formats ?? EDITOR_FORMATS });
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
      client.loadImage(decoded.bitmap, decoded.processing, decoded.original);
    } catch (error) {
      this.run((s) => imageLoadFailed(s, reason(error)));
    }
  }

  private receive(message: FromWorkerMessage): void {
    switch (message.type) {
      case 'status':
        this.run((s) => statusReceived(s, message));
        return;
      case 'error':
        this.run((s) => errorReceived(s, message.message));
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

/** Applies the selected effect again as it is (its inputs changed outside the settings). */
function autoApplyAgain(state: EditorState): Outcome {
  return applyEffect(state);
}
