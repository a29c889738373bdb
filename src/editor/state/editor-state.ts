/**
 * The editor's state (product spec section 3) and its rules (section 4) as pure functions. A transition
 * takes the state (and an event) and returns the next state plus the commands the controller carries out
 * (messages to the worker, console warnings, notifications), so every rule can be tested without a worker.
 */
import {
  DEFAULT_COLLAGE_CONFIG,
  MAIN_PROCESSED_IMAGE,
  type CollageConfig,
  type ImageAsset,
} from '../../collage/types.ts';
import { findEffect } from '../../effects/index.ts';
import { defaultSettings, resolveSettings, withSetting } from '../../effects/settings.ts';
import type { EffectDefinition, SettingValue, Settings } from '../../effects/types.ts';
import type { EngineKind, StatusMessage, WorkerStatus } from '../../engine/protocol.ts';
import type { NotificationKind } from './notifications.ts';

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
  errorMessage: string | null;
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
  /** Not a spec field: how many commits can be undone and redone (the worker keeps the images). */
  undoDepth: number;
  redoDepth: number;
  /** Not a spec field: a file chosen while the worker was busy, loaded once it settles (not lost). */
  queuedImageFile: Blob | null;
}

export function initialEditorState(): EditorState {
  return {
    workerStatus: 'Idle',
    isImageReadyInWorker: false,
    imageUrl: null,
    pendingPreviewUrl: null,
    selectedEffectId: null,
    currentSettings: {},
    activeEffectId: null,
    activeSettings: null,
    lastAppliedEffectId: null,
    lastAppliedSettings: null,
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
    undoDepth: 0,
    redoDepth: 0,
    queuedImageFile: null,
  };
}

// ---------------------------------------------------------------- commands

/** Worker messages the rules send (those carrying images are built by the controller). */
export type WorkerCommand =
  | { type: 'applyEffect'; effectId: string; settings: SettingsRecord; withMask: boolean }
  | { type: 'commitEffect' }
  | { type: 'resetCanvasToBase' }
  | { type: 'requestImageBitmap'; source: 'currentBase' }
  | { type: 'appVisible' }
  | { type: 'undo' }
  | { type: 'redo' };

export type Command =
  | { kind: 'post'; message: WorkerCommand }
  | { kind: 'warn'; message: string }
  | { kind: 'notify'; level: NotificationKind; message: string }
  /** Load this file as the new image (the controller decodes it and sends loadImage). */
  | { kind: 'load'; file: Blob };

export interface Outcome {
  state: EditorState;
  commands: Command[];
}

const none = (state: EditorState): Outcome => ({ state, commands: [] });
const warn = (state: EditorState, message: string): Outcome => ({
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

// ---------------------------------------------------------------- worker lifecycle

/** Initialising the worker sets WorkerInitializing and clears the error. */
export function workerInitStarted(state: EditorState): EditorState {
  return { ...state, workerStatus: 'WorkerInitializing', errorMessage: null };
}

/** Any error message, or a WorkerError status, sets the error, the status WorkerError, and clears the active effect. */
export function errorReceived(state: EditorState, message: string | undefined): Outcome {
  const errorMessage = message || 'Unknown worker error';
  return {
    state: { ...state, workerStatus: 'WorkerError', errorMessage, activeEffectId: null },
    commands: [{ kind: 'notify', level: 'error', message: errorMessage }],
  };
}

/** The worker's status messages, one rule per status (spec section 4). */
export function statusReceived(state: EditorState, message: StatusMessage): Outcome {
  const history =
    message.undoDepth !== undefined && message.redoDepth !== undefined
      ? { undoDepth: message.undoDepth, redoDepth: message.redoDepth }
      : {};
  switch (message.status) {
    case 'WorkerReady': {
      const next = { ...state, workerStatus: 'WorkerReady' as const, engine: message.engine ?? state.engine };
      return takePendingFile(next);
    }
    case 'ImageReady': {
      const clearCollage = isCollage(state.selectedEffectId) && state.workerStatus === 'ApplyingEffect';
      const next = withNewSize(
        {
          ...state,
          ...history,
          workerStatus: 'ImageReady',
          isImageReadyInWorker: true,
          pendingPreviewUrl: null,
          selectedEffectId: clearCollage ? null : state.selectedEffectId,
          collageConfig: clearCollage ? null : state.collageConfig,
          isDrawingModeActive: clearCollage ? false : state.isDrawingModeActive,
        },
        message,
      );
      return takePendingFile(next);
    }
    case 'effectComplete':
      return none({
        ...state,
        workerStatus: 'ImageReady',
        lastAppliedEffectId: message.effectId ?? state.activeEffectId,
        lastAppliedSettings: state.activeSettings,
        activeEffectId: null,
      });
    case 'commitSuccess':
      return takePendingFile(
        withNewSize(
          {
            ...state,
            ...history,
            workerStatus: 'ImageReady',
            selectedEffectId: null,
            currentSettings: {},
            lastAppliedEffectId: null,
            lastAppliedSettings: null,
            isDrawingModeActive: false,
            errorMessage: null,
          },
          message,
        ),
      );
    case 'ContextLost':
    case 'ContextRestoring':
      return warn(state, `Effect engine: ${message.status}${message.message ? ` (${message.message})` : ''}`);
    case 'WorkerError':
      return errorReceived(state, message.message || 'Worker reported an error status.');
    default:
      return none({ ...state, workerStatus: message.status });
  }
}

function withNewSize(state: EditorState, message: StatusMessage): EditorState {
  if (!message.newWidth || !message.newHeight) return state;
  return { ...state, processingWidth: message.newWidth, processingHeight: message.newHeight };
}

// ---------------------------------------------------------------- images

export interface ImageLoadRequest {
  imageUrl: string | null;
  pendingPreviewUrl?: string | null;
  processingWidth: number;
  processingHeight: number;
  originalWidth: number;
  originalHeight: number;
}

/**
 * Loading an image is refused while LoadingImage or ApplyingEffect. Otherwise it sets LoadingImage,
 * clears the error and all selection and effect state (an upload resets the selected effect) and the
 * zoom; the controller then sends the image and sizes.
 */
export function imageLoadStarted(state: EditorState, request: ImageLoadRequest): Outcome {
  if (isBusy(state)) return warn(state, 'Image load ignored: the worker is busy');
  return none({
    ...state,
    imageUrl: request.imageUrl,
    pendingPreviewUrl: request.pendingPreviewUrl ?? null,
    processingWidth: request.processingWidth,
    processingHeight: request.processingHeight,
    originalWidth: request.originalWidth,
    originalHeight: request.originalHeight,
    workerStatus: 'LoadingImage',
    errorMessage: null,
    selectedEffectId: null,
    currentSettings: {},
    activeEffectId: null,
    activeSettings: null,
    lastAppliedEffectId: null,
    lastAppliedSettings: null,
    isDrawingModeActive: false,
    collageConfig: null,
    zoomLevel: 1,
  });
}

/** 'Failed to load image: {reason}': the image URL is cleared and the status becomes WorkerError. */
export function imageLoadFailed(state: EditorState, reason: string): Outcome {
  const outcome = errorReceived(state, `Failed to load image: ${reason}`);
  return { ...outcome, state: { ...outcome.state, imageUrl: null, pendingPreviewUrl: null } };
}

/**
 * The user chose a file. Uploads are blocked while busy; while the worker initialises the file waits as
 * the pending file; otherwise it is loaded now (and replaces the image, resetting the selected effect).
 */
export function fileChosen(state: EditorState, file: Blob): Outcome {
  if (state.workerStatus === 'WorkerInitializing' || state.workerStatus === 'Idle') {
    return none({ ...state, pendingImageFile: file });
  }
  if (!canUpload(state)) {
    // The upload waits until the worker settles instead of being dropped; a later one replaces it.
    return {
      state: { ...state, queuedImageFile: file },
      commands: [{ kind: 'warn', message: 'Upload queued: the worker is busy' }],
    };
  }
  return { state, commands: [{ kind: 'load', file }] };
}

/** A file queued while the worker was busy is loaded as soon as it settles. */
export function takeQueuedFile(state: EditorState): Outcome {
  if (!state.queuedImageFile || !canUpload(state) || state.workerStatus === 'Idle') return none(state);
  return {
    state: { ...state, queuedImageFile: null },
    commands: [{ kind: 'load', file: state.queuedImageFile }],
  };
}

/**
 * Pending file: when the worker is ready (or an image is ready or an effect complete) and no image is
 * loaded, the pending file is taken and loaded, after clearing any selected effect.
 */
export function takePendingFile(state: EditorState): Outcome {
  const ready = state.workerStatus === 'WorkerReady' || isSettled(state);
  if (!state.pendingImageFile || !ready || state.isImageReadyInWorker) return none(state);
  return {
    state: {
      ...state,
      pendingImageFile: null,
      selectedEffectId: null,
      currentSettings: {},
      isDrawingModeActive: false,
    },
    commands: [{ kind: 'load', file: state.pendingImageFile }],
  };
}

// ---------------------------------------------------------------- effects

/**
 * Selecting a non-collage effect loads its default settings (or the given ones, from a link) and clears
 * the error and the last-applied state. Selecting collage resets the worker canvas to base if the worker
 * is ready, creates the collage config and asks for the base image. Blocked while busy.
 */
export function selectEffect(state: EditorState, effect: EffectDefinition, given?: Settings): Outcome {
  if (isBusy(state)) return warn(state, 'Effect selection ignored: the worker is busy');
  if (effect.controls === 'collage') {
    const commands: Command[] = [];
    if (isSettled(state) || state.workerStatus === 'WorkerReady') {
      commands.push({ kind: 'post', message: { type: 'resetCanvasToBase' } });
    }
    if (canRequestImage(state)) {
      commands.push({ kind: 'post', message: { type: 'requestImageBitmap', source: 'currentBase' } });
    }
    return {
      state: {
        ...state,
        selectedEffectId: effect.id,
        currentSettings: {},
        lastAppliedEffectId: null,
        lastAppliedSettings: null,
        isDrawingModeActive: false,
        errorMessage: null,
        collageConfig: {
          ...DEFAULT_COLLAGE_CONFIG,
          ...collageCanvasFor(state.processingWidth, state.processingHeight),
          backgroundColor: COLLAGE_BACKGROUND_ON_OPEN,
        },
      },
      commands,
    };
  }
  const settings = given ? resolveSettings(effect, given) : defaultSettings(effect);
  const next: EditorState = {
    ...state,
    selectedEffectId: effect.id,
    currentSettings: settings,
    errorMessage: null,
    lastAppliedEffectId: null,
    lastAppliedSettings: null,
    isDrawingModeActive: drawingModeOf(effect.id, settings),
  };
  return none(withBrushDefault(next, state));
}

/**
 * A setting takes a new value (clamped and validated; refused values change nothing) and the effect keeps
 * its other settings consistent. Blocked while busy.
 */
export function changeSetting(state: EditorState, name: string, raw: unknown): Outcome {
  if (isBusy(state)) return warn(state, 'Setting change ignored: the worker is busy');
  const effect = findEffect(state.selectedEffectId);
  if (!effect) return warn(state, 'Setting change ignored: no effect selected');
  const settings = withSetting(effect, state.currentSettings, name, raw);
  if (!settings || settingsEqual(settings, state.currentSettings)) return none(state);
  const next = {
    ...state,
    currentSettings: settings,
    isDrawingModeActive: drawingModeOf(effect.id, settings),
  };
  return none(withBrushDefault(next, state));
}

/**
 * The brush starts where the drawing effect says for its settings when the setting it follows changes
 * (spec section 9: 60 for a gaussian blur, 80 for pixelate).
 */
function withBrushDefault(next: EditorState, before: EditorState): EditorState {
  const drawing = findEffect(next.selectedEffectId)?.drawing;
  if (!drawing?.brushFollows) return next;
  const value = next.currentSettings[drawing.brushFollows];
  const previous =
    before.selectedEffectId === next.selectedEffectId
      ? before.currentSettings[drawing.brushFollows]
      : undefined;
  if (value === previous) return next;
  return { ...next, blurBrushSize: drawing.brushDefault(next.currentSettings) };
}

export function setBrushSize(state: EditorState, size: number): EditorState {
  if (!Number.isFinite(size)) return state;
  return { ...state, blurBrushSize: Math.max(MIN_BLUR_BRUSH_SIZE, Math.round(size)) };
}

/**
 * Applying an effect needs a selected effect (or explicit settings), and the status ImageReady or
 * effectComplete unless explicit settings are given. A worker effect moves the status to ApplyingEffect.
 */
export function applyEffect(
  state: EditorState,
  explicit?: { effectId: string; settings: SettingsRecord },
): Outcome {
  const effectId = explicit?.effectId ?? state.selectedEffectId;
  if (!effectId) return warn(state, 'Apply ignored: no effect selected');
  if (!explicit && !isSettled(state)) return warn(state, 'Apply ignored: the worker is not ready or busy');
  const effect = findEffect(effectId);
  if (!effect) return warn(state, `Apply ignored: unknown effect ${effectId}`);
  const settings = explicit?.settings ?? state.currentSettings;
  if (effect.runsOn === 'main') {
    // A main-thread effect returns ApplyingEffect to ImageReady.
    return none({
      ...state,
      activeEffectId: effectId,
      activeSettings: settings,
      workerStatus: state.workerStatus === 'ApplyingEffect' ? 'ImageReady' : state.workerStatus,
    });
  }
  return {
    state: { ...state, activeEffectId: effectId, activeSettings: settings, workerStatus: 'ApplyingEffect' },
    commands: [
      {
        kind: 'post',
        message: { type: 'applyEffect', effectId, settings, withMask: drawingModeOf(effectId, settings) },
      },
    ],
  };
}

/** Runs the automatic apply when its rule holds. */
export function autoApply(state: EditorState, trigger: 'change' | 'strokeEnd' = 'change'): Outcome {
  return shouldAutoApply(state, trigger) ? applyEffect(state) : none(state);
}

/**
 * Apply button / commit: needs ImageReady or effectComplete and a last-applied effect, otherwise ignored
 * with a console warning. (The collage commits through its own editor.)
 */
export function commit(state: EditorState, workerAvailable: boolean): Outcome {
  if (!workerAvailable) {
    return {
      state,
      commands: [{ kind: 'notify', level: 'warning', message: 'Cannot commit: Worker not available.' }],
    };
  }
  if (!canCommit(state)) return warn(state, 'Commit ignored: no applied effect to commit');
  return { state, commands: [{ kind: 'post', message: { type: 'commitEffect' } }] };
}

export function undo(state: EditorState): Outcome {
  if (isBusy(state) || state.undoDepth === 0) return warn(state, 'Nothing to undo');
  return {
    state: { ...state, workerStatus: 'ApplyingEffect' },
    commands: [{ kind: 'post', message: { type: 'undo' } }],
  };
}

export function redo(state: EditorState): Outcome {
  if (isBusy(state) || state.redoDepth === 0) return warn(state, 'Nothing to redo');
  return {
    state: { ...state, workerStatus: 'ApplyingEffect' },
    commands: [{ kind: 'post', message: { type: 'redo' } }],
  };
}

/** When collage is selected and the image is ready, the editor asks the worker for the current base image. */
export function requestBaseBitmap(state: EditorState): Outcome {
  if (!canRequestImage(state)) return warn(state, 'Bitmap request ignored: no image is ready');
  return {
    state,
    commands: [{ kind: 'post', message: { type: 'requestImageBitmap', source: 'currentBase' } }],
  };
}

// ---------------------------------------------------------------- view

export function cycleZoom(state: EditorState): EditorState {
  if (!state.isImageReadyInWorker) return state;
  const index = ZOOM_LEVELS.indexOf(state.zoomLevel as (typeof ZOOM_LEVELS)[number]);
  const next = ZOOM_LEVELS[(index + 1) % ZOOM_LEVELS.length] ?? 1;
  return { ...state, zoomLevel: next };
}

/** The zoom indicator's text, or null when it is not shown. */
export function zoomIndicatorText(state: EditorState): string | null {
  if (state.zoomLevel <= 1 || !state.isImageReadyInWorker || isCollage(state.selectedEffectId)) return null;
  return state.zoomLevel === 1.5 ? '1.5x Zoom' : '2x Zoom';
}

/**
 * Visibility: when the page becomes visible again, an image is loaded, and the worker is neither
 * initialising nor loading, the worker is told the app is visible.
 */
export function pageBecameVisible(state: EditorState): Outcome {
  if (!state.isImageReadyInWorker) return none(state);
  if (state.workerStatus === 'WorkerInitializing' || state.workerStatus === 'LoadingImage')
    return none(state);
  return { state, commands: [{ kind: 'post', message: { type: 'appVisible' } }] };
}

// ---------------------------------------------------------------- collage sizing

/** Spec sections 5 and 9: the collage canvas is 200-800 px a side, 400 px for a square. */
export const COLLAGE_MIN_SIDE = 200;
export const COLLAGE_MAX_SIDE = 800;
export const COLLAGE_DEFAULT_SIDE = 400;

/** The collage canvas for an image's aspect ratio (square 400x400 when the size is unknown). */
export function collageCanvasFor(
  width: number | null,
  height: number | null,
): { actualCanvasWidth: number; actualCanvasHeight: number } {
  if (!width || !height)
    return { actualCanvasWidth: COLLAGE_DEFAULT_SIDE, actualCanvasHeight: COLLAGE_DEFAULT_SIDE };
  const aspect = width / height;
  const clamp = (v: number) => Math.round(Math.min(COLLAGE_MAX_SIDE, Math.max(COLLAGE_MIN_SIDE, v)));
  return aspect >= 1
    ? { actualCanvasWidth: clamp(COLLAGE_DEFAULT_SIDE * aspect), actualCanvasHeight: COLLAGE_DEFAULT_SIDE }
    : { actualCanvasWidth: COLLAGE_DEFAULT_SIDE, actualCanvasHeight: clamp(COLLAGE_DEFAULT_SIDE / aspect) };
}

// ---------------------------------------------------------------- collage

/**
 * A change to the open collage's config (a preset, the canvas size, the background, a slot's photo). Only
 * while the collage is selected and the worker is not busy; a change that returns the same config (or
 * null) changes nothing.
 */
export function collageChanged(
  state: EditorState,
  change: (config: CollageConfig) => CollageConfig | null,
): Outcome {
  if (!isCollage(state.selectedEffectId) || !state.collageConfig)
    return warn(state, 'Collage change ignored: the collage is not open');
  if (isBusy(state)) return warn(state, 'Collage change ignored: the worker is busy');
  const next = change(state.collageConfig);
  if (!next || next === state.collageConfig) return none(state);
  return none({ ...state, collageConfig: next });
}

/** An image the collage can place joins the asset list (an asset with the same id is replaced). */
export function collageAssetAdded(state: EditorState, asset: ImageAsset): EditorState {
  const others = state.availableImageAssets.filter((a) => a.id !== asset.id);
  // The main image leads the list; added images follow in the order they came.
  const assets = asset.id === MAIN_PROCESSED_IMAGE ? [asset, ...others] : [...others, asset];
  return { ...state, availableImageAssets: assets };
}

/** Committing a collage: needs the collage open with a config, and the status ImageReady or effectComplete. */
export function collageCommitStarted(state: EditorState): Outcome {
  if (!isCollage(state.selectedEffectId) || !state.collageConfig)
    return warn(state, 'Collage commit ignored: the collage is not open');
  if (!isSettled(state)) return warn(state, 'Collage commit ignored: the worker is not ready or busy');
  return none({ ...state, workerStatus: 'ApplyingEffect', errorMessage: null });
}

/** 'Failed to commit collage: ...' with the status WorkerError. */
export function collageCommitFailed(state: EditorState, reason: string): Outcome {
  return errorReceived(state, `Failed to commit collage: ${reason}`);
}
