/**
 * The messages between the editor and the effect worker (product spec section 7), as typed unions.
 * Worker-safe: no DOM, no React. Both sides import this module and nothing else of each other.
 */
import { isDeviceLimits, type DeviceLimits } from './device-limits.ts';
import { MAX_STRAIGHTEN, type CropGeometry } from '../crop/geometry.ts';

export const ENGINE_KINDS = ['webgpu', 'webgl2', 'cpu'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

export const WORKER_STATUSES = [
  'Idle',
  'WorkerInitializing',
  'WorkerReady',
  'LoadingImage',
  'ImageReady',
  'ApplyingEffect',
  'effectComplete',
  'commitSuccess',
  'ContextLost',
  'ContextRestoring',
  'WorkerError',
] as const;
export type WorkerStatus = (typeof WORKER_STATUSES)[number];

/** A setting's value as messages carry it (the effects' settings are these). */
export type SettingValue = number | string | boolean;
export type EffectSettings = Readonly<Record<string, SettingValue>>;

/** Which image a bitmap request reads: the committed base or what the canvas shows now. */
export type BitmapSource = 'currentBase' | 'current';

// ---------------------------------------------------------------- editor -> worker

export interface InitMessage {
  type: 'init';
  canvas: OffscreenCanvas;
  /** Forces one backend (`?engine=`); without it the worker prefers WebGPU. */
  engine?: EngineKind;
  /** Accept test hooks (`?testHooks=1`): forced context loss, crashes. Off for users. */
  testHooks?: boolean;
  /** The iOS limits mode (`?deviceLimits=ios`): canvases capped as Safari caps them, textures at 4096. */
  deviceLimits?: DeviceLimits;
  /** Test hook (`?breakEngine=webgpu` with test hooks): that backend's self-test reads back black. */
  breakEngine?: EngineKind;
}
export interface LoadImageMessage {
  type: 'loadImage';
  image: ImageBitmap;
  processingWidth: number;
  processingHeight: number;
  originalWidth: number;
  originalHeight: number;
  /** The day the photo was taken (`YYYY-MM-DD`, its EXIF), for the date stamp; absent: the day it is opened. */
  taken?: string;
}
export interface ApplyEffectMessage {
  type: 'applyEffect';
  effectId: string;
  settings: EffectSettings;
  freehandMaskImageBitmap?: ImageBitmap;
}
export interface RequestImageBitmapMessage {
  type: 'requestImageBitmap';
  source?: BitmapSource;
}
export interface RequestImageDataMessage {
  type: 'requestImageData';
  format: 'image/jpeg';
  quality: number;
  /** Long side of the exported image; the current size when absent. */
  exportLongSide?: number;
}
export interface ReplaceBaseImageMessage {
  type: 'replaceBaseImage';
  image: ImageBitmap;
  width: number;
  height: number;
  /** The step that made the image (the collage's effect id): what Undo names and a save is named after. */
  step: string;
}
export interface ResetCanvasToBaseMessage {
  type: 'resetCanvasToBase';
}
export interface CommitEffectMessage {
  type: 'commitEffect';
}
export interface AppVisibleMessage {
  type: 'appVisible';
}
/**
 * Not in the spec (issue 37): the crop, made from the original in `file` at the processing size of the
 * crop, then `effects` (the committed effects, in order) run on it again; the result becomes the base
 * (an undoable step named `step`), answered with commitSuccess.
 */
/** How the worker's error message for a failed crop begins. */
export const CROP_FAILED = 'The photo could not be cropped';

export interface CropImageMessage {
  type: 'cropImage';
  file: Blob;
  geometry: CropGeometry;
  step: string;
  effects: FullResolutionStep[];
}
/** Not in the spec: steps back through committed images (the worker keeps them). */
export interface UndoMessage {
  type: 'undo';
}
export interface RedoMessage {
  type: 'redo';
}
/** Not in the spec: shows the image before the current effect while the user holds before/after. */
export interface ShowOriginalMessage {
  type: 'showOriginal';
  show: boolean;
}
/**
 * Not in the spec: the user's own 3D LUT, a .cube file, read and checked in the worker (not on the page's
 * thread: a table can be millions of lines); answered with cubeLoaded.
 */
export interface LoadCubeMessage {
  type: 'loadCube';
  file: Blob;
}

/** One committed (or the current) effect, as the full-resolution export replays it. */
export interface FullResolutionStep {
  effectId: string;
  settings: EffectSettings;
  /** Smart blur's freehand mask for draw mode, stretched over the image as in the preview. */
  mask?: ImageBitmap;
}

/**
 * Not in the spec (issue 7): the effects of `steps`, in order, run again on the original image at its own
 * size, which the worker decodes from `file`; answered with exportProgress messages, then one
 * fullResolutionImage.
 */
export interface ExportFullResolutionMessage {
  type: 'exportFullResolution';
  file: Blob;
  /** The size the preview processed the original at: camera effects run at it again. */
  processingWidth: number;
  processingHeight: number;
  steps: FullResolutionStep[];
  /** The crop in force (issue 37): the steps run on the crop of the original. */
  crop?: CropGeometry;
  quality: number;
  /** Test option: tiles no longer than this a side, so that small images are tiled too. */
  tileLimit?: number;
}
/** Stops a running full-resolution export (answered by its fullResolutionImage, cancelled). */
export interface CancelExportMessage {
  type: 'cancelExport';
}

/** Not in the spec: how many GPU objects the engine holds, for leak checks. */
export interface RequestStatsMessage {
  type: 'requestStats';
}
/** Not in the spec, honoured only with `testHooks`: simulates the failures the editor must survive. */
export interface TestHookMessage {
  type: 'testHook';
  action: TestHookAction;
}

export const TEST_HOOK_ACTIONS = [
  'loseContext',
  'crash',
  'exit',
  'hang',
  'failNextApply',
  'failNextExport',
] as const;
export type TestHookAction = (typeof TEST_HOOK_ACTIONS)[number];

/**
 * Thumbnails of the current base image: rendered one at a time between the other messages, so an apply
 * never waits for more than one. A newer request replaces what is left of an older one.
 */
export interface RenderThumbnailsMessage {
  type: 'renderThumbnails';
  /** Answers carry it, so that those of an older request are told apart. */
  generation: number;
}

/**
 * The effects the user is likely to choose next, most likely first (the one chosen in the link while
 * its photo decodes): the worker makes their programs ahead, while it is idle.
 */
export interface PrepareEffectsMessage {
  type: 'prepareEffects';
  effectIds: string[];
}

// ---------------------------------------------------------------- the live viewfinder (issue 26)

/** Milliseconds since the epoch: the time base of live frames, the same in the page and its workers. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** A camera frame: a VideoFrame where the browser has them, else an ImageBitmap; handed over. */
export type LiveImage = VideoFrame | ImageBitmap;

/**
 * The look the viewfinder shows from now on (`effectId` null: the frames as they come), and its size: a
 * fixed long side (a test or bench option), or the worker's own choice from what each frame costs.
 */
export interface LiveLookMessage {
  type: 'liveLook';
  effectId: string | null;
  settings: EffectSettings;
  longSide?: number;
  /** The camera's frame interval in ms: the preview is made smaller when frames take longer. */
  frameInterval?: number;
}
/**
 * One frame from the page, with when it arrived there (ms since the epoch, `performance.timeOrigin +
 * performance.now()`). Not queued behind other messages: the worker keeps only the newest frame.
 */
export interface LiveFrameMessage {
  type: 'liveFrame';
  frame: LiveImage;
  arrived: number;
}
/** The camera's frames as a stream (MediaStreamTrackProcessor's readable, transferred): read in the worker. */
export interface LiveStreamMessage {
  type: 'liveStream';
  stream: ReadableStream<VideoFrame>;
}
/** The newest frame at the camera's own size, as a JPEG: answered with liveShot. */
export interface LiveShutterMessage {
  type: 'liveShutter';
}
/** The viewfinder's last processed frame, read back (tests compare it with a still): answered with livePixels. */
export interface LiveReadMessage {
  type: 'liveRead';
}
/** Leaves the viewfinder: frames are closed, the stream cancelled, the viewfinder's textures freed. */
export interface LiveStopMessage {
  type: 'liveStop';
}

export type ToWorkerMessage =
  | LiveLookMessage
  | LiveFrameMessage
  | LiveStreamMessage
  | LiveShutterMessage
  | LiveReadMessage
  | LiveStopMessage
  | PrepareEffectsMessage
  | RenderThumbnailsMessage
  | InitMessage
  | LoadImageMessage
  | ApplyEffectMessage
  | RequestImageBitmapMessage
  | RequestImageDataMessage
  | ReplaceBaseImageMessage
  | CropImageMessage
  | ResetCanvasToBaseMessage
  | CommitEffectMessage
  | AppVisibleMessage
  | UndoMessage
  | RedoMessage
  | ShowOriginalMessage
  | LoadCubeMessage
  | ExportFullResolutionMessage
  | CancelExportMessage
  | RequestStatsMessage
  | TestHookMessage;

// ---------------------------------------------------------------- worker -> editor

export interface StatusMessage {
  type: 'status';
  status: WorkerStatus;
  effectId?: string;
  newWidth?: number;
  newHeight?: number;
  message?: string;
  /** Set with WorkerReady: the backend the worker chose. */
  engine?: EngineKind;
  /** Set whenever the committed history changes: how many steps can be undone and redone. */
  undoDepth?: number;
  redoDepth?: number;
  /** The step Undo would take back (an effect id), null with nothing to undo or for the photo itself. */
  undoStep?: string | null;
  /** The step Redo would take again. */
  redoStep?: string | null;
}
export interface ErrorMessage {
  type: 'error';
  message: string;
}
export interface LogMessage {
  type: 'log';
  level: 'info' | 'warn' | 'error';
  message: string;
}
export interface ImageDataMessage {
  type: 'imageData';
  blob: Blob | null;
  format: 'image/jpeg';
  width?: number;
  height?: number;
}
export interface ImageBitmapResponseMessage {
  type: 'imageBitmapResponse';
  image: ImageBitmap | null;
  source: BitmapSource;
  error?: string;
}

export interface StatsMessage {
  type: 'stats';
  textures: number;
  buffers: number;
}

/** How far a full-resolution export has come, 0..1. */
export interface ExportProgressMessage {
  type: 'exportProgress';
  progress: number;
}
/** The full-resolution JPEG, or null with why (cancelled, or the error). */
export interface FullResolutionImageMessage {
  type: 'fullResolutionImage';
  blob: Blob | null;
  width?: number;
  height?: number;
  cancelled?: boolean;
  error?: string;
}

/** The .cube file was taken (its title and size) or refused (why, for the user). */
export interface CubeLoadedMessage {
  type: 'cubeLoaded';
  title?: string | null;
  size?: number;
  error?: string;
}

/** One thumbnail: its pixels as the worker read them back (RGBA, row by row), handed over. */
export interface ThumbnailMessage {
  type: 'thumbnail';
  generation: number;
  /** The job's keys (src/effects/thumbnails.ts): each names the same image. */
  keys: readonly string[];
  width: number;
  height: number;
  pixels: Uint8Array<ArrayBuffer>;
}

/**
 * 'frame': the frame itself to the backend (a WebGPU external texture, a WebGL2 texture source);
 * 'pixels': `VideoFrame.copyTo` as RGBA, uploaded as pixels; 'canvas': drawn on a 2D canvas at the
 * preview's size (the way that works everywhere, tried when the others fail).
 */
export type LiveUpload = 'frame' | 'pixels' | 'canvas';
export const LIVE_UPLOADS: readonly LiveUpload[] = ['frame', 'pixels', 'canvas'];

/**
 * A viewfinder frame is on the canvas: when its frame arrived and when it was shown (ms since the epoch),
 * what the engine spent on it (ms), and the size it was processed at.
 */
export interface LiveShownMessage {
  type: 'liveShown';
  arrived: number;
  shown: number;
  cost: number;
  /** How the frame went to the GPU (src/engine/worker/upload-trial.ts). */
  upload: LiveUpload;
  width: number;
  height: number;
}
/** The shutter's frame at the camera's size, or null with why. */
export interface LiveShotMessage {
  type: 'liveShot';
  blob: Blob | null;
  width?: number;
  height?: number;
  error?: string;
}

/** The viewfinder's last processed frame (RGBA rows from the top), or null before the first. */
export interface LivePixelsMessage {
  type: 'livePixels';
  width: number;
  height: number;
  pixels: Uint8Array<ArrayBuffer> | null;
}

export type FromWorkerMessage =
  | LivePixelsMessage
  | LiveShownMessage
  | LiveShotMessage
  | ThumbnailMessage
  | CubeLoadedMessage
  | StatusMessage
  | ErrorMessage
  | LogMessage
  | ImageDataMessage
  | ImageBitmapResponseMessage
  | StatsMessage
  | ExportProgressMessage
  | FullResolutionImageMessage;

// ---------------------------------------------------------------- guards

const TO_WORKER_TYPES: ReadonlySet<string> = new Set<ToWorkerMessage['type']>([
  'liveLook',
  'liveFrame',
  'liveStream',
  'liveShutter',
  'liveRead',
  'liveStop',
  'prepareEffects',
  'renderThumbnails',
  'init',
  'loadImage',
  'applyEffect',
  'requestImageBitmap',
  'requestImageData',
  'replaceBaseImage',
  'cropImage',
  'resetCanvasToBase',
  'commitEffect',
  'appVisible',
  'undo',
  'redo',
  'showOriginal',
  'loadCube',
  'exportFullResolution',
  'cancelExport',
  'requestStats',
  'testHook',
]);

const FROM_WORKER_TYPES: ReadonlySet<string> = new Set<FromWorkerMessage['type']>([
  'liveShown',
  'liveShot',
  'livePixels',
  'thumbnail',
  'cubeLoaded',
  'status',
  'error',
  'log',
  'imageData',
  'imageBitmapResponse',
  'stats',
  'exportProgress',
  'fullResolutionImage',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

export function isWorkerStatus(value: unknown): value is WorkerStatus {
  return typeof value === 'string' && (WORKER_STATUSES as readonly string[]).includes(value);
}

export function isEngineKind(value: unknown): value is EngineKind {
  return typeof value === 'string' && (ENGINE_KINDS as readonly string[]).includes(value);
}

function isSettings(value: unknown): value is EffectSettings {
  if (!isRecord(value)) return false;
  return Object.values(value).every(
    (v) => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean',
  );
}

function isCropGeometry(value: unknown): boolean {
  if (!isRecord(value) || !isRecord(value.rect)) return false;
  const { rect } = value;
  const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
  return (
    [0, 1, 2, 3].includes(value.turns as number) &&
    typeof value.flipH === 'boolean' &&
    typeof value.flipV === 'boolean' &&
    finite(value.angle) &&
    Math.abs(value.angle as number) <= MAX_STRAIGHTEN &&
    finite(rect.x) &&
    finite(rect.y) &&
    finite(rect.width) &&
    finite(rect.height) &&
    (rect.width as number) >= 1 &&
    (rect.height as number) >= 1
  );
}

function isFullResolutionStep(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.effectId === 'string' &&
    isSettings(value.settings) &&
    (value.mask === undefined || isRecord(value.mask))
  );
}

/** Checks the shape of a message sent to the worker; anything else is refused there. */
export function isToWorkerMessage(value: unknown): value is ToWorkerMessage {
  if (!isRecord(value) || typeof value.type !== 'string' || !TO_WORKER_TYPES.has(value.type)) return false;
  switch (value.type as ToWorkerMessage['type']) {
    case 'liveLook':
      return (
        (value.effectId === null || typeof value.effectId === 'string') &&
        isSettings(value.settings) &&
        (value.longSide === undefined || isPositiveInt(value.longSide)) &&
        (value.frameInterval === undefined ||
          (typeof value.frameInterval === 'number' && value.frameInterval > 0))
      );
    case 'liveFrame':
      return isRecord(value.frame) && typeof value.arrived === 'number';
    case 'liveStream':
      return isRecord(value.stream);
    case 'liveShutter':
    case 'liveRead':
    case 'liveStop':
      return true;
    case 'prepareEffects':
      return Array.isArray(value.effectIds) && value.effectIds.every((id) => typeof id === 'string');
    case 'renderThumbnails':
      return isCount(value.generation);
    case 'init':
      return (
        isRecord(value.canvas) &&
        (value.engine === undefined || isEngineKind(value.engine)) &&
        (value.testHooks === undefined || typeof value.testHooks === 'boolean') &&
        (value.deviceLimits === undefined || isDeviceLimits(value.deviceLimits)) &&
        (value.breakEngine === undefined || isEngineKind(value.breakEngine))
      );
    case 'loadImage':
      return (
        isRecord(value.image) &&
        isPositiveInt(value.processingWidth) &&
        isPositiveInt(value.processingHeight) &&
        isPositiveInt(value.originalWidth) &&
        isPositiveInt(value.originalHeight) &&
        (value.taken === undefined || typeof value.taken === 'string')
      );
    case 'applyEffect':
      return typeof value.effectId === 'string' && isSettings(value.settings);
    case 'requestImageBitmap':
      return value.source === undefined || value.source === 'currentBase' || value.source === 'current';
    case 'requestImageData':
      return (
        value.format === 'image/jpeg' &&
        typeof value.quality === 'number' &&
        value.quality > 0 &&
        value.quality <= 1 &&
        (value.exportLongSide === undefined || isPositiveInt(value.exportLongSide))
      );
    case 'replaceBaseImage':
      return (
        isRecord(value.image) &&
        isPositiveInt(value.width) &&
        isPositiveInt(value.height) &&
        typeof value.step === 'string'
      );
    case 'cropImage':
      return (
        value.file instanceof Blob &&
        isCropGeometry(value.geometry) &&
        typeof value.step === 'string' &&
        Array.isArray(value.effects) &&
        value.effects.every(isFullResolutionStep)
      );
    case 'showOriginal':
      return typeof value.show === 'boolean';
    case 'loadCube':
      return value.file instanceof Blob;
    case 'testHook':
      return (TEST_HOOK_ACTIONS as readonly string[]).includes(String(value.action));
    case 'exportFullResolution':
      return (
        value.file instanceof Blob &&
        isPositiveInt(value.processingWidth) &&
        isPositiveInt(value.processingHeight) &&
        Array.isArray(value.steps) &&
        value.steps.every(isFullResolutionStep) &&
        (value.crop === undefined || isCropGeometry(value.crop)) &&
        typeof value.quality === 'number' &&
        value.quality > 0 &&
        value.quality <= 1 &&
        (value.tileLimit === undefined || isPositiveInt(value.tileLimit))
      );
    case 'cancelExport':
    case 'resetCanvasToBase':
    case 'commitEffect':
    case 'appVisible':
    case 'undo':
    case 'redo':
    case 'requestStats':
      return true;
  }
}

/** Checks the shape of a message from the worker. */
export function isFromWorkerMessage(value: unknown): value is FromWorkerMessage {
  if (!isRecord(value) || typeof value.type !== 'string' || !FROM_WORKER_TYPES.has(value.type)) return false;
  switch (value.type as FromWorkerMessage['type']) {
    case 'liveShown':
      return (
        typeof value.arrived === 'number' &&
        typeof value.shown === 'number' &&
        typeof value.cost === 'number' &&
        LIVE_UPLOADS.includes(value.upload as LiveUpload) &&
        isPositiveInt(value.width) &&
        isPositiveInt(value.height)
      );
    case 'livePixels':
      return (
        isCount(value.width) &&
        isCount(value.height) &&
        (value.pixels === null || value.pixels instanceof Uint8Array)
      );
    case 'liveShot':
      return (
        (value.blob === null || isRecord(value.blob)) &&
        (value.width === undefined || isPositiveInt(value.width)) &&
        (value.height === undefined || isPositiveInt(value.height))
      );
    case 'thumbnail':
      return (
        isCount(value.generation) &&
        Array.isArray(value.keys) &&
        value.keys.every((key) => typeof key === 'string') &&
        isPositiveInt(value.width) &&
        isPositiveInt(value.height) &&
        value.pixels instanceof Uint8Array &&
        value.pixels.length === value.width * value.height * 4
      );
    case 'status':
      return (
        isWorkerStatus(value.status) &&
        (value.newWidth === undefined || isPositiveInt(value.newWidth)) &&
        (value.newHeight === undefined || isPositiveInt(value.newHeight)) &&
        (value.engine === undefined || isEngineKind(value.engine)) &&
        (value.undoDepth === undefined || isCount(value.undoDepth)) &&
        (value.redoDepth === undefined || isCount(value.redoDepth)) &&
        (value.undoStep === undefined || value.undoStep === null || typeof value.undoStep === 'string') &&
        (value.redoStep === undefined || value.redoStep === null || typeof value.redoStep === 'string')
      );
    case 'error':
      return typeof value.message === 'string';
    case 'log':
      return typeof value.message === 'string';
    case 'imageData':
      return value.format === 'image/jpeg' && (value.blob === null || isRecord(value.blob));
    case 'imageBitmapResponse':
      return (
        (value.source === 'currentBase' || value.source === 'current') &&
        (value.image === null || isRecord(value.image))
      );
    case 'stats':
      return isCount(value.textures) && isCount(value.buffers);
    case 'cubeLoaded':
      return (
        (value.error === undefined || typeof value.error === 'string') &&
        (value.size === undefined || isPositiveInt(value.size)) &&
        (value.title === undefined || value.title === null || typeof value.title === 'string')
      );
    case 'exportProgress':
      return typeof value.progress === 'number' && value.progress >= 0 && value.progress <= 1;
    case 'fullResolutionImage':
      return (
        (value.blob === null || isRecord(value.blob)) &&
        (value.width === undefined || isPositiveInt(value.width)) &&
        (value.height === undefined || isPositiveInt(value.height))
      );
  }
}
