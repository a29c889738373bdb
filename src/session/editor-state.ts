/**
 * The editor's state (product spec section 3): its shape and first value, the commands a rule hands the
 * controller, and the queries every rule asks. It sits with the host (host.ts) because the features read
 * and change it too. The rules themselves (section 4) are pure functions by topic, in src/editor/state:
 * worker-rules, image-rules, effect-rules, view-rules and look-rules (the collage's are in
 * src/collage/model/collage-rules.ts). A rule takes the state (and an event) and returns the next state
 * plus the commands the controller carries out (messages to the worker, console warnings, notifications),
 * so every rule is tested without a worker.
 */
import type { CollageConfig, ImageAsset } from './collage-state.ts';
import { findEffect } from '../effects/index.ts';
import type { SettingValue, Settings } from '../effects/types.ts';
import type {
  AppVisibleMessage,
  CommitEffectMessage,
  EngineKind,
  RequestImageBitmapMessage,
  ResetCanvasToBaseMessage,
  WorkerStatus,
} from '../engine/protocol.ts';
import { startHistory, type EditHistory } from '../edit/history.ts';
import type { Edit } from '../edit/edit.ts';
import type { FirstStep } from '../intake/handoff.ts';
import type { Recipe } from '../edit/recipe.ts';
import type { NotificationKind } from '../ui/notifications.ts';
import type { LookLink } from './look-link.ts';

import { msg, type Shown } from '../i18n/msg.ts';

export type SettingsRecord = Record<string, SettingValue>;

export const ZOOM_LEVELS = [1, 1.5, 2] as const;
/** Spec sections 3 and 5: the brush size starts at 80 and is at least 1. */
export const DEFAULT_BLUR_BRUSH_SIZE = 80;
export const MIN_BLUR_BRUSH_SIZE = 1;
export const COLLAGE_BACKGROUND_ON_OPEN = '#222222';

export interface EditorState {
  workerStatus: WorkerStatus;
  isImageReadyInWorker: boolean;
  imageUrl: string | null;
  pendingPreviewUrl: string | null;
  selectedEffectId: string | null;
  currentSettings: SettingsRecord;
  activeEffectId: string | null;
  activeSettings: SettingsRecord | null;
  lastAppliedEffectId: string | null;
  lastAppliedSettings: SettingsRecord | null;
  errorMessage: Shown | null;
  originalWidth: number | null;
  originalHeight: number | null;
  processingWidth: number | null;
  processingHeight: number | null;
  pendingImageFile: Blob | null;
  zoomLevel: number;
  isDrawingModeActive: boolean;
  blurBrushSize: number;
  collageConfig: CollageConfig | null;
  availableImageAssets: ImageAsset[];
  activeCollageBitmap: ImageBitmap | null;
  /** Not a spec field: the backend the worker chose, shown as `data-engine`. */
  engine: EngineKind | null;
  /**
   * Not a spec field: the edit (src/edit) and every version of it Undo and Redo go through. The version in
   * force is the committed edit; the look being adjusted is `openStep` with `currentSettings`.
   */
  history: EditHistory;
  /** Not a spec field: the step the selected effect adjusts (a step of the edit, or a new one). */
  openStep: OpenStep | null;
  /** Not a spec field: a file chosen while the worker was busy, loaded once it settles (not lost). */
  queuedImageFile: Blob | null;
  /**
   * Not a spec field: how many newly loaded photos have become ready (upload, drop, paste, camera shot,
   * a batch's first photo), shown as `data-photo-serial` so that a test can wait for its own photo.
   */
  photoSerial: number;
  /**
   * Not a spec field: a look selected and applied once the photo is ready (look-rules.ts): the page's
   * link's (its crop first), or a camera shot's.
   */
  pendingLook: LookLink | null;
  /** Not a spec field: a camera shot and its look, kept until that file starts loading. */
  shotLook: { file: Blob; step: FirstStep } | null;
  /** Not a spec field: a camera shot's recipe, applied once its photo is ready (look-rules.ts). */
  pendingRecipe: Recipe | null;
  /** Not a spec field: the effect whose apply is committed as soon as it completes (a shot's look). */
  commitAfter: string | null;
}

/**
 * The step the selected effect adjusts: `id` is a step of the committed edit (the look was one already),
 * or a new step's, added at the end when Apply commits it. What the step brings besides its settings: its
 * .cube (a hash) and the mask of its last apply (`mask`) and of the apply under way (`activeMask`).
 */
export interface OpenStep {
  readonly id: string;
  /** The committed edit when a new look was chosen: while it is still in force, the look is the last change. */
  readonly openedOn?: Edit;
  readonly cube?: string;
  readonly mask?: string;
  readonly activeMask?: string;
}

/** No effect selected, running or applied: how the editor starts, and what a new image resets to. */
export const NO_EFFECT = {
  selectedEffectId: null,
  currentSettings: {},
  activeEffectId: null,
  activeSettings: null,
  lastAppliedEffectId: null,
  lastAppliedSettings: null,
  openStep: null,
} as const satisfies Partial<EditorState>;

export function initialEditorState(): EditorState {
  return {
    ...NO_EFFECT,
    workerStatus: 'Idle',
    isImageReadyInWorker: false,
    imageUrl: null,
    pendingPreviewUrl: null,
    errorMessage: null,
    originalWidth: null,
    originalHeight: null,
    processingWidth: null,
    processingHeight: null,
    pendingImageFile: null,
    zoomLevel: 1,
    isDrawingModeActive: false,
    blurBrushSize: DEFAULT_BLUR_BRUSH_SIZE,
    collageConfig: null,
    availableImageAssets: [],
    activeCollageBitmap: null,
    engine: null,
    history: startHistory(),
    openStep: null,
    queuedImageFile: null,
    photoSerial: 0,
    pendingLook: null,
    shotLook: null,
    pendingRecipe: null,
    commitAfter: null,
  };
}

// ---------------------------------------------------------------- commands

/**
 * The worker messages the rules send, as the protocol types them; an apply names its look and says
 * whether it takes the drawn mask (the controller reads it from the canvas), and the session adds the
 * edit with it and without it.
 */
export type WorkerCommand =
  | { type: 'applyEffect'; effectId: string; settings: SettingsRecord; withMask: boolean }
  | CommitEffectMessage
  | ResetCanvasToBaseMessage
  | RequestImageBitmapMessage
  | AppVisibleMessage;

export type Command =
  | { kind: 'post'; message: WorkerCommand }
  /** Show the state's edit (its committed version, and the look being adjusted over it). */
  | { kind: 'show' }
  /** The edit's frame changed: tell the worker. */
  | { kind: 'frame' }
  | { kind: 'warn'; message: Shown }
  | { kind: 'notify'; level: NotificationKind; message: Shown }
  /** Load this file as the new image (the controller decodes it and sends loadImage). */
  | { kind: 'load'; file: Blob };

export interface Outcome {
  state: EditorState;
  commands: Command[];
}

export const none = (state: EditorState): Outcome => ({ state, commands: [] });
export const warn = (state: EditorState, message: Shown): Outcome => ({
  state,
  commands: [{ kind: 'warn', message }],
});

// ---------------------------------------------------------------- queries

const BUSY: ReadonlySet<WorkerStatus> = new Set(['LoadingImage', 'ApplyingEffect']);
const SETTLED: ReadonlySet<WorkerStatus> = new Set(['ImageReady', 'effectComplete']);

/** LoadingImage or ApplyingEffect: effect selection, setting changes and uploads wait. */
export function isBusy(state: EditorState): boolean {
  return BUSY.has(state.workerStatus);
}

export function isSettled(state: EditorState): boolean {
  return SETTLED.has(state.workerStatus);
}

/** Uploads are blocked while busy and while the worker initialises. */
export function canUpload(state: EditorState): boolean {
  return !isBusy(state) && state.workerStatus !== 'WorkerInitializing';
}

/** Committing needs the status ImageReady or effectComplete and a last-applied effect. */
export function canCommit(state: EditorState): boolean {
  return isSettled(state) && state.lastAppliedEffectId !== null;
}

/** Requesting an image (bitmap, or data to save) needs ImageReady or effectComplete. */
export function canRequestImage(state: EditorState): boolean {
  return isSettled(state) && state.isImageReadyInWorker;
}

/**
 * The Apply button: enabled only when the status is ImageReady or effectComplete and either the collage
 * is selected and has a config, or an effect has been applied.
 */
export function isApplyEnabled(state: EditorState): boolean {
  if (!isSettled(state)) return false;
  if (isCollage(state.selectedEffectId)) return state.collageConfig !== null;
  return state.lastAppliedEffectId !== null;
}

/** Drawing mode is on exactly when the selected effect paints with these settings (smart blur's draw mode). */
export function drawingModeOf(selectedEffectId: string | null, settings: Settings): boolean {
  return findEffect(selectedEffectId)?.drawing?.active(settings) ?? false;
}

/** Whether this effect is the collage, which brings its own editor and controls. */
export function isCollage(effectId: string | null): boolean {
  return findEffect(effectId)?.controls === 'collage';
}

export function settingsEqual(a: Settings | null, b: Settings | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/**
 * Automatic apply: an image is ready, the status is ImageReady, an effect is selected, and its id or
 * settings differ from the last applied ones. Smart blur in draw mode applies only when a stroke ends, or
 * when its settings changed from a non-draw mode.
 */
export function shouldAutoApply(state: EditorState, trigger: 'change' | 'strokeEnd' = 'change'): boolean {
  const id = state.selectedEffectId;
  if (!state.isImageReadyInWorker || state.workerStatus !== 'ImageReady' || id === null) return false;
  const effect = findEffect(id);
  if (!effect || effect.runsOn !== 'worker') return false;
  if (state.isDrawingModeActive) {
    if (trigger === 'strokeEnd') return true;
    const wasDrawing =
      state.lastAppliedEffectId === id && state.lastAppliedSettings?.applicationMode === 'draw';
    return !wasDrawing && !settingsEqual(state.currentSettings, state.lastAppliedSettings);
  }
  return id !== state.lastAppliedEffectId || !settingsEqual(state.currentSettings, state.lastAppliedSettings);
}

export function errorReceived(state: EditorState, message: Shown | undefined): Outcome {
  const errorMessage = message || msg('Unknown worker error');
  return {
    state: { ...state, workerStatus: 'WorkerError', errorMessage, activeEffectId: null },
    commands: [{ kind: 'notify', level: 'error', message: errorMessage }],
  };
}
