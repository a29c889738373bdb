/**
 * The editor's state (product spec section 3) and its transitions (section 4), as pure functions:
 * each takes the state and returns the next one (the same object when nothing changes).
 */
import { defaultSettings, withSetting } from '../../effects/settings.ts';
import type { EffectDefinition, SettingValue } from '../../effects/types.ts';
import type { EngineKind, StatusMessage, WorkerStatus } from '../../engine/protocol.ts';

export type SettingsRecord = Record<string, SettingValue>;

export const COLLAGE_EFFECT_ID = 'collageEffect';
export const ZOOM_LEVELS = [1, 1.5, 2] as const;
export const DEFAULT_BLUR_BRUSH_SIZE = 80;
export const MIN_BLUR_BRUSH_SIZE = 1;

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
  /** Not a spec field: the backend the worker chose, shown as `data-engine`. */
  engine: EngineKind | null;
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
    engine: null,
  };
}

const BUSY: ReadonlySet<WorkerStatus> = new Set(['LoadingImage', 'ApplyingEffect']);
const SETTLED: ReadonlySet<WorkerStatus> = new Set(['ImageReady', 'effectComplete']);

export function isBusy(state: EditorState): boolean {
  return BUSY.has(state.workerStatus);
}

// ---------------------------------------------------------------- worker lifecycle

/** Initialising the worker sets WorkerInitializing and clears the error. */
export function workerInitStarted(state: EditorState): EditorState {
  return { ...state, workerStatus: 'WorkerInitializing', errorMessage: null };
}

/** Any error message, or a WorkerError status, sets the error, the status WorkerError, and clears the active effect. */
export function workerFailed(state: EditorState, message: string | undefined): EditorState {
  return {
    ...state,
    workerStatus: 'WorkerError',
    errorMessage: message || 'Unknown worker error',
    activeEffectId: null,
  };
}

export function statusReceived(state: EditorState, message: StatusMessage): EditorState {
  switch (message.status) {
    case 'WorkerReady':
      return { ...state, workerStatus: 'WorkerReady', engine: message.engine ?? state.engine };
    case 'ImageReady': {
      const clearCollage =
        state.selectedEffectId === COLLAGE_EFFECT_ID && state.workerStatus === 'ApplyingEffect';
      return withNewSize(
        {
          ...state,
          workerStatus: 'ImageReady',
          isImageReadyInWorker: true,
          pendingPreviewUrl: null,
          selectedEffectId: clearCollage ? null : state.selectedEffectId,
        },
        message,
      );
    }
    case 'effectComplete':
      return {
        ...state,
        workerStatus: 'ImageReady',
        lastAppliedEffectId: message.effectId ?? state.activeEffectId,
        lastAppliedSettings: state.activeSettings,
        activeEffectId: null,
      };
    case 'commitSuccess':
      return withNewSize(
        {
          ...state,
          workerStatus: 'ImageReady',
          selectedEffectId: null,
          lastAppliedEffectId: null,
          lastAppliedSettings: null,
          errorMessage: null,
        },
        message,
      );
    case 'ContextLost':
    case 'ContextRestoring':
      // Only logged (by the controller); the state stays as it is.
      return state;
    case 'WorkerError':
      return workerFailed(state, message.message || 'Worker reported an error status.');
    default:
      return { ...state, workerStatus: message.status };
  }
}

function withNewSize(state: EditorState, message: StatusMessage): EditorState {
  if (!message.newWidth || !message.newHeight) return state;
  return { ...state, processingWidth: message.newWidth, processingHeight: message.newHeight };
}

// ---------------------------------------------------------------- images

/** Loading an image is refused while the status is LoadingImage or ApplyingEffect. */
export function canLoadImage(state: EditorState): boolean {
  return !isBusy(state);
}

/** Uploads are blocked while busy and while the worker initialises. */
export function canUpload(state: EditorState): boolean {
  return !isBusy(state) && state.workerStatus !== 'WorkerInitializing';
}

export interface ImageLoadRequest {
  imageUrl: string | null;
  processingWidth: number;
  processingHeight: number;
  originalWidth: number;
  originalHeight: number;
}

export function imageLoadStarted(state: EditorState, request: ImageLoadRequest): EditorState {
  if (!canLoadImage(state)) return state;
  return {
    ...state,
    ...request,
    workerStatus: 'LoadingImage',
    errorMessage: null,
    selectedEffectId: null,
    currentSettings: {},
    activeEffectId: null,
    activeSettings: null,
    lastAppliedEffectId: null,
    lastAppliedSettings: null,
    isDrawingModeActive: false,
    zoomLevel: 1,
  };
}

/** 'Failed to load image: {reason}': the image URL is cleared and the status becomes WorkerError. */
export function imageLoadFailed(state: EditorState, reason: string): EditorState {
  return { ...workerFailed(state, `Failed to load image: ${reason}`), imageUrl: null };
}

// ---------------------------------------------------------------- effects

export function selectEffect(state: EditorState, effect: EffectDefinition): EditorState {
  if (isBusy(state)) return state;
  return {
    ...state,
    selectedEffectId: effect.id,
    currentSettings: defaultSettings(effect),
    errorMessage: null,
    lastAppliedEffectId: null,
    lastAppliedSettings: null,
  };
}

/**
 * A setting takes a new value (clamped and validated; refused values change nothing) and the effect keeps
 * its other settings consistent. Blocked while busy.
 */
export function changeSetting(
  state: EditorState,
  effect: EffectDefinition,
  name: string,
  raw: unknown,
): EditorState {
  if (isBusy(state) || state.selectedEffectId !== effect.id) return state;
  const next = withSetting(effect, state.currentSettings, name, raw);
  if (!next || settingsEqual(next, state.currentSettings)) return state;
  return { ...state, currentSettings: next };
}

export function settingsEqual(a: SettingsRecord | null, b: SettingsRecord | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/**
 * An effect is applied automatically when an image is ready, the status is ImageReady, an effect is
 * selected, and its id or settings differ from the last applied ones.
 */
export function shouldAutoApply(state: EditorState): boolean {
  return (
    state.isImageReadyInWorker &&
    state.workerStatus === 'ImageReady' &&
    state.selectedEffectId !== null &&
    state.selectedEffectId !== COLLAGE_EFFECT_ID &&
    (state.selectedEffectId !== state.lastAppliedEffectId ||
      !settingsEqual(state.currentSettings, state.lastAppliedSettings))
  );
}

/** Setting an active effect: a worker effect moves the status to ApplyingEffect. */
export function applyStarted(state: EditorState, effectId: string, settings: SettingsRecord): EditorState {
  return { ...state, activeEffectId: effectId, activeSettings: settings, workerStatus: 'ApplyingEffect' };
}

/** Committing needs the status ImageReady or effectComplete and a last-applied effect. */
export function canCommit(state: EditorState): boolean {
  return SETTLED.has(state.workerStatus) && state.lastAppliedEffectId !== null;
}

/** Requesting an image (bitmap or data) needs ImageReady or effectComplete. */
export function canRequestImage(state: EditorState): boolean {
  return SETTLED.has(state.workerStatus) && state.isImageReadyInWorker;
}

// ---------------------------------------------------------------- view

export function cycleZoom(state: EditorState): EditorState {
  const index = ZOOM_LEVELS.indexOf(state.zoomLevel as (typeof ZOOM_LEVELS)[number]);
  const next = ZOOM_LEVELS[(index + 1) % ZOOM_LEVELS.length] ?? 1;
  return { ...state, zoomLevel: next };
}
