/**
 * The editor's protocol with the effect worker (product spec section 7): one entry per message, its
 * fields' guards and, for a request, the type of its reply. Worker-safe: no DOM, no React.
 */
import { isDeviceLimits, type DeviceLimits } from '../device-limits.ts';
import { MAX_STRAIGHTEN, type CropGeometry } from '../../crop/model/geometry.ts';
import { isFrameChoice, type FrameChoice } from '../../frames/model/choice.ts';
import { isShown } from '../../i18n/msg.ts';
import {
  arrayOf,
  isBlob,
  isBoolean,
  isCount,
  isPositiveInt,
  isQuality,
  isRecord,
  isString,
  message,
  nullable,
  oneOf,
  optional,
  request,
  trusted,
  type Guard,
} from './schema.ts';

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
const BITMAP_SOURCES = ['currentBase', 'current'] as const satisfies readonly BitmapSource[];

export const TEST_HOOK_ACTIONS = [
  'loseContext',
  'dropInstance',
  'crash',
  'exit',
  'hang',
  'failNextApply',
  'failNextExport',
] as const;
export type TestHookAction = (typeof TEST_HOOK_ACTIONS)[number];

/** One committed (or the current) effect, as the full-resolution export replays it. */
export interface FullResolutionStep {
  effectId: string;
  settings: EffectSettings;
  /** Smart blur's freehand mask for draw mode, stretched over the image as in the preview. */
  mask?: ImageBitmap;
  /** The user's .cube table its 'Your .cube file' look reads (its hash; the worker has read the file). */
  cube?: string;
}

/**
 * The edit as the worker renders it (src/edit/render-form.ts makes it): the crop of the original, the
 * steps in order, the frame around them. Resources are named: a .cube by its hash, a mask or a collage's
 * picture by its id; the worker keeps each once it has been handed over (`EditResources`).
 */
export type RenderStep =
  | { kind: 'effect'; effectId: string; settings: EffectSettings; cube?: string; mask?: string }
  | { kind: 'image'; image: string; width: number; height: number };

export interface RenderEdit {
  crop: CropGeometry | null;
  steps: RenderStep[];
  frame: FrameChoice;
}

/** The resources of an edit that the worker has not been given yet. */
export interface EditResources {
  cubes?: { id: string; file: Blob }[];
  masks?: { id: string; image: ImageBitmap }[];
  images?: { id: string; image: ImageBitmap }[];
}

export const isWorkerStatus = oneOf(WORKER_STATUSES);
export const isEngineKind = oneOf(ENGINE_KINDS);

export function isSettings(value: unknown): value is EffectSettings {
  if (!isRecord(value)) return false;
  return Object.values(value).every(
    (v) => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean',
  );
}

function isCropGeometry(value: unknown): value is CropGeometry {
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

function isFullResolutionStep(value: unknown): value is FullResolutionStep {
  return (
    isRecord(value) &&
    typeof value.effectId === 'string' &&
    isSettings(value.settings) &&
    (value.mask === undefined || isRecord(value.mask)) &&
    (value.cube === undefined || typeof value.cube === 'string')
  );
}

function isRenderStep(value: unknown): value is RenderStep {
  if (!isRecord(value)) return false;
  if (value.kind === 'image')
    return typeof value.image === 'string' && isPositiveInt(value.width) && isPositiveInt(value.height);
  return (
    value.kind === 'effect' &&
    typeof value.effectId === 'string' &&
    isSettings(value.settings) &&
    (value.cube === undefined || typeof value.cube === 'string') &&
    (value.mask === undefined || typeof value.mask === 'string')
  );
}

export function isRenderEdit(value: unknown): value is RenderEdit {
  return (
    isRecord(value) &&
    (value.crop === null || isCropGeometry(value.crop)) &&
    arrayOf(isRenderStep)(value.steps) &&
    isFrameChoice(value.frame)
  );
}

/** Resources handed over by id: each `{ id, <field> }` with its field passing `guard`. */
function named<K extends string, T>(field: K, guard: Guard<T>): Guard<({ id: string } & Record<K, T>)[]> {
  return arrayOf((value: unknown): value is { id: string } & Record<K, T> => {
    return isRecord(value) && typeof value.id === 'string' && guard(value[field]);
  });
}

function isEditResources(value: unknown): value is EditResources {
  if (!isRecord(value)) return false;
  const { cubes, masks, images } = value;
  return (
    (cubes === undefined || named('file', isBlob)(cubes)) &&
    (masks === undefined || named('image', isRecord)(masks)) &&
    (images === undefined || named('image', isRecord)(images))
  );
}

/** A recipe's step as the .cube export takes it: an effect, its settings, the .cube it reads (its hash). */
export interface ColourStep {
  effectId: string;
  settings: EffectSettings;
  cube?: string;
}

function isColourStep(value: unknown): value is ColourStep {
  return (
    isRecord(value) &&
    typeof value.effectId === 'string' &&
    isSettings(value.settings) &&
    (value.cube === undefined || typeof value.cube === 'string')
  );
}

/** The user's .cube files a recipe carries, by hash: each file's text. */
function isCubeTexts(value: unknown): value is Readonly<Record<string, string>> {
  return isRecord(value) && Object.values(value).every((text) => typeof text === 'string');
}

/** A recipe's thumbnail: its key (`recipe:<id>`) and its effects, run in order on the photo. */
export interface RecipeThumbnailJob {
  key: string;
  steps: { effectId: string; settings: EffectSettings }[];
}

function isRecipeThumbnail(value: unknown): value is RecipeThumbnailJob {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    Array.isArray(value.steps) &&
    value.steps.every(
      (step) => isRecord(step) && typeof step.effectId === 'string' && isSettings(step.settings),
    )
  );
}

/** An object handed over (a bitmap, a canvas, a blob read back): checked to be an object. */
const handed = <T>(): Guard<T> => trusted<T>(isRecord);
const size = { width: optional(isPositiveInt), height: optional(isPositiveInt) };

/** The editor's messages to the worker. */
export const EDITOR_TO_WORKER = {
  init: request(
    {
      canvas: handed<OffscreenCanvas>(),
      /** Forces one backend (`?engine=`); without it the worker prefers WebGPU. */
      engine: optional(isEngineKind),
      /** Accept test hooks (`?testHooks=1`): forced context loss, crashes. Off for users. */
      testHooks: optional(isBoolean),
      /** The iOS limits mode (`?deviceLimits=ios`): canvases capped as Safari caps them, textures at 4096. */
      deviceLimits: optional<DeviceLimits>(isDeviceLimits),
      /** Test hook (`?breakEngine=webgpu,webgl2` with test hooks): those backends' self-tests read back black. */
      breakEngine: optional(arrayOf(isEngineKind)),
      /** Automatic without these backends: their self-tests drew wrong earlier in this session. */
      skip: optional(arrayOf(isEngineKind)),
    },
    'status',
  ),
  loadImage: request(
    {
      image: handed<ImageBitmap>(),
      processingWidth: isPositiveInt,
      processingHeight: isPositiveInt,
      originalWidth: isPositiveInt,
      originalHeight: isPositiveInt,
      /** The day the photo was taken (`YYYY-MM-DD`, its EXIF), for the date stamp; absent: the day it is opened. */
      taken: optional(isString),
      /** An apply follows at once (a look link's or a camera shot's look): no idle work before it. */
      thenApply: optional(isBoolean),
      /** The photo's file, which a crop reads its original pixels from (without it, no crop can be made). */
      file: optional(isBlob),
    },
    'status',
  ),
  /**
   * The look being adjusted, shown: `current` is the edit with it (`effectId`, `settings`), `base` the edit
   * before it (what Compare shows); answered with effectComplete. Without them (the spec's form), the look
   * is shown over the base, with `freehandMaskImageBitmap` as its mask.
   */
  applyEffect: request(
    {
      effectId: isString,
      settings: isSettings,
      freehandMaskImageBitmap: optional(handed<ImageBitmap>()),
      base: optional(isRenderEdit),
      current: optional(isRenderEdit),
      resources: optional(isEditResources),
    },
    'status',
  ),
  /**
   * Not in the spec: shows an edit (after Undo, Redo, a crop, a recipe, a step changed or taken out, a
   * collage, a recovery): `current` on the canvas, `base` the edit without the look being adjusted (the
   * same when none is). Each step's result is kept, so a change re-renders only the steps from the first
   * one that changed. Answered with ImageReady.
   */
  showEdit: request(
    { base: isRenderEdit, current: isRenderEdit, resources: optional(isEditResources) },
    'status',
  ),
  requestImageBitmap: request({ source: optional(oneOf(BITMAP_SOURCES)) }, 'imageBitmapResponse'),
  requestImageData: request(
    {
      format: oneOf(['image/jpeg']),
      quality: isQuality,
      /** Long side of the exported image; the current size when absent. */
      exportLongSide: optional(isPositiveInt),
    },
    'imageData',
  ),
  /**
   * A picture made on the page (the collage) becomes the base: the edit is that picture (`picture`, the id
   * the page's edit names it by; the step's id without one) in the frame the edit had. Answered with
   * ImageReady.
   */
  replaceBaseImage: request(
    {
      image: handed<ImageBitmap>(),
      width: isPositiveInt,
      height: isPositiveInt,
      /** The step that made the image (the collage's effect id): what a save is named after. */
      step: isString,
      picture: optional(isString),
    },
    'status',
  ),
  resetCanvasToBase: message({}),
  /** The edit on screen becomes the base (Apply): the page has made it a version of its history. */
  commitEffect: message({}),
  appVisible: message({}),
  /** Not in the spec: shows the image before the current effect while the user holds before/after. */
  showOriginal: message({ show: isBoolean }),
  /**
   * Not in the spec: the user's own 3D LUT, a .cube file, read and checked in the worker (not on the
   * page's thread: a table can be millions of lines).
   */
  loadCube: request({ file: isBlob }, 'cubeLoaded'),
  /**
   * Not in the spec: the effects of `steps`, in order, run again on the original image at its
   * own size, which the worker decodes from `file`; answered with exportProgress messages, then one
   * fullResolutionImage.
   */
  exportFullResolution: request(
    {
      file: isBlob,
      /** The size the preview processed the original at: camera effects run at it again. */
      processingWidth: isPositiveInt,
      processingHeight: isPositiveInt,
      steps: arrayOf(isFullResolutionStep),
      /** The crop in force: the steps run on the crop of the original. */
      crop: optional(isCropGeometry),
      /** The frame around the photo: the print is saved, the window at the photo's own resolution. */
      frame: optional(isFrameChoice),
      /** The .cube files the steps name that the worker may not have read yet (a batch's recipe's). */
      cubes: optional(named('file', isBlob)),
      quality: isQuality,
      /** Test option: tiles no longer than this a side, so that small images are tiled too. */
      tileLimit: optional(isPositiveInt),
    },
    'fullResolutionImage',
    'exportProgress',
  ),
  /**
   * Not in the spec: the colour of a recipe's steps (their per-pixel colour stages: looks, LUTs,
   * vibrance) as a 33-point .cube, made by running an identity lattice through them; `cubes` are the
   * user's .cube files the steps name. Answered with the file's text and the steps or parts left out.
   */
  exportCube: request(
    { title: isString, steps: arrayOf(isColourStep), cubes: optional(isCubeTexts) },
    'cubeExported',
  ),
  /**
   * The edit's frame changed (a print, a film strip): drawn around the image when it is shown and saved,
   * never into a step's result; the rest of the edit is as it was.
   */
  setFrame: message({ frame: isFrameChoice }),
  /** The masks and collage pictures the page's history no longer names: the worker lets them go. */
  dropResources: message({ masks: arrayOf(isString), images: arrayOf(isString) }),
  /** Stops a running full-resolution export (answered by its fullResolutionImage, cancelled). */
  cancelExport: message({}),
  /** Not in the spec: how many GPU objects the engine holds, for leak checks. */
  requestStats: request({}, 'stats'),
  /** Not in the spec, honoured only with `testHooks`: simulates the failures the editor must survive. */
  testHook: message({ action: oneOf(TEST_HOOK_ACTIONS) }),
  /**
   * Thumbnails of the current base image: rendered a few at a time between the other messages. A newer
   * request replaces what is left of an older one; answers carry `generation`, so that those of an older
   * request are told apart.
   */
  renderThumbnails: message({ generation: isCount, recipes: optional(arrayOf(isRecipeThumbnail)) }),
  /**
   * The effects the user is likely to choose next, most likely first (the one chosen in the link while
   * its photo decodes): the worker makes their programs ahead, while it is idle.
   */
  prepareEffects: message({ effectIds: arrayOf(isString) }),
  /**
   * The page is preparing work for the worker (a photo it decodes): no idle work (the self-test,
   * thumbnails) starts for `ms`, or until the next message.
   */
  holdIdleWork: message({ ms: isPositiveInt }),
} as const;

/**
 * What a .cube export leaves out of a step: the step's name (a catalogue message) and, when only parts of
 * it are left out, their names; the page translates each and puts them together.
 */
export interface LeftOut {
  step: string;
  parts?: string[];
}

function isLeftOut(value: unknown): value is LeftOut {
  return (
    isRecord(value) &&
    isString(value.step) &&
    (value.parts === undefined || (Array.isArray(value.parts) && value.parts.every(isString)))
  );
}

/** A thumbnail's keys: the editor keeps them as they come. */
const isKeys: Guard<readonly string[]> = arrayOf(isString);

/** The worker's messages to the editor. */
export const EDITOR_FROM_WORKER = {
  status: message({
    status: isWorkerStatus,
    effectId: optional(isString),
    newWidth: optional(isPositiveInt),
    newHeight: optional(isPositiveInt),
    message: optional(isShown),
    /** Set with WorkerReady: the backend the worker chose. */
    engine: optional(isEngineKind),
    /** Set with WorkerReady: the backend's self-test is to run, and a selfTest message will say how it went. */
    selfTest: optional(isBoolean),
  }),
  /**
   * Not in the spec: how the backend's self-test went, run once the worker is first idle. On
   * a mismatch the page moves to the next backend. A test that could not run (the CPU's pixels were not
   * had) keeps the backend: `passed`, with the reason it was not tested.
   */
  selfTest: message({ engine: isEngineKind, passed: isBoolean, reason: optional(isShown) }),
  /** A request failed (with its id: its promise is rejected), or a message without a reply did. */
  error: message({ message: isShown }),
  log: message({ level: oneOf(['info', 'warn', 'error']), message: isString }),
  imageData: message({ blob: nullable(handed<Blob>()), format: oneOf(['image/jpeg']), ...size }),
  imageBitmapResponse: message({
    image: nullable(handed<ImageBitmap>()),
    source: oneOf(BITMAP_SOURCES),
    error: optional(isShown),
  }),
  stats: message({ textures: isCount, buffers: isCount, pooled: optional(isCount) }),
  /** How far a full-resolution export has come, 0..1. */
  exportProgress: message({
    progress: (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1,
  }),
  /** The full-resolution JPEG, or null with why (cancelled, or the error). */
  fullResolutionImage: message({
    blob: nullable(handed<Blob>()),
    ...size,
    cancelled: optional(isBoolean),
    error: optional(isShown),
  }),
  /** The .cube file was taken (its title, size and `cube`, the hash steps name it by) or refused (why, for the user). */
  cubeLoaded: message({
    cube: optional(isString),
    title: optional(nullable(isString)),
    size: optional(isPositiveInt),
    error: optional(isShown),
  }),
  /**
   * The .cube of a recipe's colour, or null with why (`error`, for the user); `kept` names the steps
   * whose colour it holds, `left` the steps, or parts of steps, it leaves out (a blur, grain, a vignette).
   */
  cubeExported: message({
    text: nullable(isString),
    kept: arrayOf(isString),
    left: arrayOf(isLeftOut),
    error: optional(isShown),
  }),
  /** One thumbnail: its pixels as the worker read them back (RGBA, row by row), handed over. */
  thumbnail: message(
    {
      generation: isCount,
      /** The job's keys (src/effects/thumbnail-jobs.ts): each names the same image. */
      keys: isKeys,
      width: isPositiveInt,
      height: isPositiveInt,
      pixels: trusted<Uint8Array<ArrayBuffer>>((value) => value instanceof Uint8Array),
    },
    (thumbnail) => thumbnail.pixels.length === thumbnail.width * thumbnail.height * 4,
  ),
} as const;
