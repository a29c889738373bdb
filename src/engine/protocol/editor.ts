/**
 * The editor's protocol with the effect worker (product spec section 7): one entry per message, its
 * fields' guards and, for a request, the type of its reply. Worker-safe: no DOM, no React.
 */
import * as v from 'valibot';
import type { EffectSettings, SettingValue } from '../../pipeline/settings.ts';
import { MAX_STRAIGHTEN, type CropGeometry } from '../../edit/crop.ts';
import { FRAME_CHOICE_SCHEMA } from '../../edit/frame.ts';
import type { RenderEdit, RenderStep } from '../../edit/render-form.ts';
import { blob, count, handed, message, positiveInt, quality, request, shown, trusted } from './schema.ts';

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

export type { EffectSettings, SettingValue };

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

export type { RenderEdit, RenderStep };

/** The resources of an edit that the worker has not been given yet. */
export interface EditResources {
  cubes?: { id: string; file: Blob }[];
  masks?: { id: string; image: ImageBitmap }[];
  images?: { id: string; image: ImageBitmap }[];
}

const workerStatus = v.picklist(WORKER_STATUSES);
const engineKind = v.picklist(ENGINE_KINDS);
export const isWorkerStatus = (value: unknown): value is WorkerStatus => v.is(workerStatus, value);
export const isEngineKind = (value: unknown): value is EngineKind => v.is(engineKind, value);

/** An effect's settings as messages carry them. */
export const settings: v.GenericSchema<EffectSettings> = v.record(
  v.string(),
  v.union([v.number(), v.string(), v.boolean()]),
);

const finite = v.pipe(v.number(), v.finite());
/** A side of the cut: at least a pixel. */
const side = v.pipe(v.number(), v.finite(), v.minValue(1));

const cropGeometry: v.GenericSchema<CropGeometry> = v.object({
  turns: v.picklist([0, 1, 2, 3]),
  flipH: v.boolean(),
  flipV: v.boolean(),
  angle: v.pipe(v.number(), v.finite(), v.minValue(-MAX_STRAIGHTEN), v.maxValue(MAX_STRAIGHTEN)),
  rect: v.object({ x: finite, y: finite, width: side, height: side }),
});

const fullResolutionStep: v.GenericSchema<FullResolutionStep> = v.object({
  effectId: v.string(),
  settings,
  mask: v.optional(handed<ImageBitmap>('a mask (an ImageBitmap)')),
  cube: v.optional(v.string()),
});

const renderStep: v.GenericSchema<RenderStep> = v.variant('kind', [
  v.object({
    kind: v.literal('effect'),
    effectId: v.string(),
    settings,
    cube: v.optional(v.string()),
    mask: v.optional(v.string()),
  }),
  v.object({ kind: v.literal('image'), image: v.string(), width: positiveInt, height: positiveInt }),
]);

const renderEdit: v.GenericSchema<RenderEdit> = v.object({
  crop: v.nullable(cropGeometry),
  steps: v.array(renderStep),
  frame: FRAME_CHOICE_SCHEMA,
});

export function isRenderEdit(value: unknown): value is RenderEdit {
  return v.is(renderEdit, value);
}

/** Resources handed over by id: each `{ id, <field> }` with its field passing `schema`. */
function named<K extends string, T>(field: K, schema: v.GenericSchema<T>) {
  return v.array(
    v.object({ id: v.string(), [field]: schema } as Record<'id', v.GenericSchema<string>> &
      Record<K, v.GenericSchema<T>>),
  );
}

const bitmap = handed<ImageBitmap>('an ImageBitmap');

const editResources: v.GenericSchema<EditResources> = v.object({
  cubes: v.optional(named('file', blob)),
  masks: v.optional(named('image', bitmap)),
  images: v.optional(named('image', bitmap)),
});

/** A recipe's step as the .cube export takes it: an effect, its settings, the .cube it reads (its hash). */
export interface ColourStep {
  effectId: string;
  settings: EffectSettings;
  cube?: string;
}

const colourStep: v.GenericSchema<ColourStep> = v.object({
  effectId: v.string(),
  settings,
  cube: v.optional(v.string()),
});

/** The user's .cube files a recipe carries, by hash: each file's text. */
const cubeTexts = v.record(v.string(), v.string());

/** A recipe's thumbnail: its key (`recipe:<id>`) and its effects, run in order on the photo. */
export interface RecipeThumbnailJob {
  key: string;
  steps: { effectId: string; settings: EffectSettings }[];
}

const recipeThumbnail: v.GenericSchema<RecipeThumbnailJob> = v.object({
  key: v.string(),
  steps: v.array(v.object({ effectId: v.string(), settings })),
});

const size = { width: v.optional(positiveInt), height: v.optional(positiveInt) };

/** The editor's messages to the worker. */
export const EDITOR_TO_WORKER = {
  init: request(
    {
      canvas: handed<OffscreenCanvas>('an OffscreenCanvas'),
      /** Forces one backend (`?engine=`); without it the worker prefers WebGPU. */
      engine: v.optional(engineKind),
      /** Accept test hooks (`?testHooks=1`): forced context loss, crashes. Off for users. */
      testHooks: v.optional(v.boolean()),
      /** The iOS limits mode (`?deviceLimits=ios`): canvases capped as Safari caps them, textures at 4096. */
      deviceLimits: v.optional(v.picklist(['ios'])),
      /** Test hook (`?breakEngine=webgpu,webgl2` with test hooks): those backends' self-tests read back black. */
      breakEngine: v.optional(v.array(engineKind)),
      /** Automatic without these backends: their self-tests drew wrong earlier in this session. */
      skip: v.optional(v.array(engineKind)),
    },
    'status',
  ),
  loadImage: request(
    {
      image: handed<ImageBitmap>('an ImageBitmap'),
      processingWidth: positiveInt,
      processingHeight: positiveInt,
      originalWidth: positiveInt,
      originalHeight: positiveInt,
      /** The day the photo was taken (`YYYY-MM-DD`, its EXIF), for the date stamp; absent: the day it is opened. */
      taken: v.optional(v.string()),
      /** An apply follows at once (a look link's or a camera shot's look): no idle work before it. */
      thenApply: v.optional(v.boolean()),
      /** The photo's file, which a crop reads its original pixels from (without it, no crop can be made). */
      file: v.optional(blob),
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
      effectId: v.string(),
      settings: settings,
      freehandMaskImageBitmap: v.optional(handed<ImageBitmap>('an ImageBitmap')),
      base: v.optional(renderEdit),
      current: v.optional(renderEdit),
      resources: v.optional(editResources),
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
    { base: renderEdit, current: renderEdit, resources: v.optional(editResources) },
    'status',
  ),
  requestImageBitmap: request({ source: v.optional(v.picklist(BITMAP_SOURCES)) }, 'imageBitmapResponse'),
  requestImageData: request(
    {
      format: v.picklist(['image/jpeg']),
      quality: quality,
      /** Long side of the exported image; the current size when absent. */
      exportLongSide: v.optional(positiveInt),
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
      image: handed<ImageBitmap>('an ImageBitmap'),
      width: positiveInt,
      height: positiveInt,
      /** The step that made the image (the collage's effect id): what a save is named after. */
      step: v.string(),
      picture: v.optional(v.string()),
    },
    'status',
  ),
  resetCanvasToBase: message({}),
  /** The edit on screen becomes the base (Apply): the page has made it a version of its history. */
  commitEffect: message({}),
  appVisible: message({}),
  /** Not in the spec: shows the image before the current effect while the user holds before/after. */
  showOriginal: message({ show: v.boolean() }),
  /**
   * Not in the spec: the user's own 3D LUT, a .cube file, read and checked in the worker (not on the
   * page's thread: a table can be millions of lines).
   */
  loadCube: request({ file: blob }, 'cubeLoaded'),
  /**
   * Not in the spec: the effects of `steps`, in order, run again on the original image at its
   * own size, which the worker decodes from `file`; answered with exportProgress messages, then one
   * fullResolutionImage.
   */
  exportFullResolution: request(
    {
      file: blob,
      /** The size the preview processed the original at: camera effects run at it again. */
      processingWidth: positiveInt,
      processingHeight: positiveInt,
      steps: v.array(fullResolutionStep),
      /** The crop in force: the steps run on the crop of the original. */
      crop: v.optional(cropGeometry),
      /** The frame around the photo: the print is saved, the window at the photo's own resolution. */
      frame: v.optional(FRAME_CHOICE_SCHEMA),
      /** The .cube files the steps name that the worker may not have read yet (a batch's recipe's). */
      cubes: v.optional(named('file', blob)),
      quality: quality,
      /** Test option: tiles no longer than this a side, so that small images are tiled too. */
      tileLimit: v.optional(positiveInt),
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
    { title: v.string(), steps: v.array(colourStep), cubes: v.optional(cubeTexts) },
    'cubeExported',
  ),
  /**
   * The edit's frame changed (a print, a film strip): drawn around the image when it is shown and saved,
   * never into a step's result; the rest of the edit is as it was.
   */
  setFrame: message({ frame: FRAME_CHOICE_SCHEMA }),
  /** The masks and collage pictures the page's history no longer names: the worker lets them go. */
  dropResources: message({ masks: v.array(v.string()), images: v.array(v.string()) }),
  /** Stops a running full-resolution export (answered by its fullResolutionImage, cancelled). */
  cancelExport: message({}),
  /** Not in the spec: how many GPU objects the engine holds, for leak checks. */
  requestStats: request({}, 'stats'),
  /** Not in the spec, honoured only with `testHooks`: simulates the failures the editor must survive. */
  testHook: message({ action: v.picklist(TEST_HOOK_ACTIONS) }),
  /**
   * Thumbnails of the current base image: rendered a few at a time between the other messages. A newer
   * request replaces what is left of an older one; answers carry `generation`, so that those of an older
   * request are told apart.
   */
  renderThumbnails: message({ generation: count, recipes: v.optional(v.array(recipeThumbnail)) }),
  /**
   * The effects the user is likely to choose next, most likely first (the one chosen in the link while
   * its photo decodes): the worker makes their programs ahead, while it is idle.
   */
  prepareEffects: message({ effectIds: v.array(v.string()) }),
  /**
   * The page is preparing work for the worker (a photo it decodes): no idle work (the self-test,
   * thumbnails) starts for `ms`, or until the next message.
   */
  holdIdleWork: message({ ms: positiveInt }),
} as const;

/**
 * What a .cube export leaves out of a step: the step's name (a catalogue message) and, when only parts of
 * it are left out, their names; the page translates each and puts them together.
 */
export interface LeftOut {
  step: string;
  parts?: string[];
}

const leftOut: v.GenericSchema<LeftOut> = v.object({
  step: v.string(),
  parts: v.optional(v.array(v.string())),
});

/** A thumbnail's keys: the editor keeps them as they come. */
const keys: v.GenericSchema<readonly string[]> = v.array(v.string());

/** The worker's messages to the editor. */
export const EDITOR_FROM_WORKER = {
  status: message({
    status: workerStatus,
    effectId: v.optional(v.string()),
    newWidth: v.optional(positiveInt),
    newHeight: v.optional(positiveInt),
    message: v.optional(shown),
    /** Set with WorkerReady: the backend the worker chose. */
    engine: v.optional(engineKind),
    /** Set with WorkerReady: the backend's self-test is to run, and a selfTest message will say how it went. */
    selfTest: v.optional(v.boolean()),
  }),
  /**
   * Not in the spec: how the backend's self-test went, run once the worker is first idle. On
   * a mismatch the page moves to the next backend. A test that could not run (the CPU's pixels were not
   * had) keeps the backend: `passed`, with the reason it was not tested.
   */
  selfTest: message({ engine: engineKind, passed: v.boolean(), reason: v.optional(shown) }),
  /** A request failed (with its id: its promise is rejected), or a message without a reply did. */
  error: message({ message: shown }),
  log: message({ level: v.picklist(['info', 'warn', 'error']), message: v.string() }),
  imageData: message({
    blob: v.nullable(handed<Blob>('a Blob')),
    format: v.picklist(['image/jpeg']),
    ...size,
  }),
  imageBitmapResponse: message({
    image: v.nullable(handed<ImageBitmap>('an ImageBitmap')),
    source: v.picklist(BITMAP_SOURCES),
    error: v.optional(shown),
  }),
  stats: message({ textures: count, buffers: count, pooled: v.optional(count) }),
  /** How far a full-resolution export has come, 0..1. */
  exportProgress: message({
    progress: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  }),
  /** The full-resolution JPEG, or null with why (cancelled, or the error). */
  fullResolutionImage: message({
    blob: v.nullable(handed<Blob>('a Blob')),
    ...size,
    cancelled: v.optional(v.boolean()),
    error: v.optional(shown),
  }),
  /** The .cube file was taken (its title, size and `cube`, the hash steps name it by) or refused (why, for the user). */
  cubeLoaded: message({
    cube: v.optional(v.string()),
    title: v.optional(v.nullable(v.string())),
    size: v.optional(positiveInt),
    error: v.optional(shown),
  }),
  /**
   * The .cube of a recipe's colour, or null with why (`error`, for the user); `kept` names the steps
   * whose colour it holds, `left` the steps, or parts of steps, it leaves out (a blur, grain, a vignette).
   */
  cubeExported: message({
    text: v.nullable(v.string()),
    kept: v.array(v.string()),
    left: v.array(leftOut),
    error: v.optional(shown),
  }),
  /** One thumbnail: its pixels as the worker read them back (RGBA, row by row), handed over. */
  thumbnail: message(
    {
      generation: count,
      /** The job's keys (src/effects/thumbnail-jobs.ts): each names the same image. */
      keys: keys,
      width: positiveInt,
      height: positiveInt,
      pixels: trusted<Uint8Array<ArrayBuffer>>((value) => value instanceof Uint8Array, 'a Uint8Array'),
    },
    (thumbnail) => thumbnail.pixels.length === thumbnail.width * thumbnail.height * 4,
  ),
} as const;
