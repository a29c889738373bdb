/**
 * The live viewfinder's protocol: the camera page's messages to its effect worker and the
 * worker's answers, in the same form as the editor's (schema.ts). Worker-safe: no DOM, no React.
 */
import * as v from 'valibot';
import { settings, type EffectSettings } from './editor.ts';
import { blob, count, handed, message, positiveInt, request, shown, trusted } from './schema.ts';

/** Milliseconds since the epoch: the time base of live frames, the same in the page and its workers. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** A camera frame: a VideoFrame where the browser has them, else an ImageBitmap; handed over. */
export type LiveImage = VideoFrame | ImageBitmap;

/**
 * 'frame': the frame itself to the backend (a WebGPU external texture, a WebGL2 texture source);
 * 'pixels': `VideoFrame.copyTo` as RGBA, uploaded as pixels; 'canvas': drawn on a 2D canvas at the
 * preview's size (the way that works everywhere, tried when the others fail).
 */
export const LIVE_UPLOADS = ['frame', 'pixels', 'canvas'] as const;
export type LiveUpload = (typeof LIVE_UPLOADS)[number];

/** One effect step of a recipe the viewfinder shoots through (`cube`: the hash of the .cube it reads). */
export interface LiveStep {
  effectId: string;
  settings: EffectSettings;
  cube?: string;
}

const liveStep: v.GenericSchema<LiveStep> = v.object({
  effectId: v.string(),
  settings,
  cube: v.optional(v.string()),
});

/** A .cube file a look's steps read, under the hash of its text (as an edit's resources carry one). */
const liveCube = v.object({ id: v.string(), file: blob });

/** The camera page's messages to the worker. */
export const LIVE_TO_WORKER = {
  /**
   * The look the viewfinder shows from now on (`effectId` null: the frames as they come), and its size: a
   * fixed long side (a test or bench option), or the worker's own choice from what each frame costs.
   */
  liveLook: message({
    effectId: v.nullable(v.string()),
    settings: settings,
    /**
     * A recipe's effect steps, run in order in place of `effectId` (each through its strength, as a still
     * photo's steps are).
     */
    steps: v.optional(v.array(liveStep)),
    /** The .cube files the steps read: the worker keeps each once read. */
    cubes: v.optional(v.array(liveCube)),
    longSide: v.optional(positiveInt),
    /** The camera's frame interval in ms: the preview is made smaller when frames take longer. */
    frameInterval: v.optional(v.pipe(v.number(), v.gtValue(0))),
  }),
  /**
   * One frame from the page, with when it arrived there (ms since the epoch, `epochNow()`). Not queued
   * behind other messages: the worker keeps only the newest frame.
   */
  liveFrame: message({ frame: handed<LiveImage>('a VideoFrame or an ImageBitmap'), arrived: v.number() }),
  /** The camera's frames as a stream (MediaStreamTrackProcessor's readable, transferred): read in the worker. */
  liveStream: message({ stream: handed<ReadableStream<VideoFrame>>('a ReadableStream') }),
  /** The newest frame at the camera's own size, as a JPEG. */
  liveShutter: request({}, 'liveShot'),
  /**
   * The viewfinder's last processed frame, read back (tests compare it with a still); with `pair`, the
   * next frame's instead, with the frame it was made from.
   */
  liveRead: request({ pair: v.optional(v.boolean()) }, 'livePixels'),
  /** Leaves the viewfinder: frames are closed, the stream cancelled, the viewfinder's textures freed. */
  liveStop: message({}),
} as const;

/** The worker's messages to the camera page. */
export const LIVE_FROM_WORKER = {
  /**
   * A viewfinder frame is on the canvas: when its frame arrived and when it was shown (ms since the
   * epoch), what the engine spent on it (ms), how it went to the GPU (upload-trial.ts), and its size.
   */
  liveShown: message({
    arrived: v.number(),
    shown: v.number(),
    cost: v.number(),
    upload: v.picklist(LIVE_UPLOADS),
    width: positiveInt,
    height: positiveInt,
  }),
  /** The shutter's frame at the camera's size, or null with why. */
  liveShot: message({
    blob: v.nullable(handed<Blob>('a Blob')),
    width: v.optional(positiveInt),
    height: v.optional(positiveInt),
    error: v.optional(shown),
  }),
  /** The viewfinder's last processed frame (RGBA rows from the top), or null before the first. */
  livePixels: message({
    width: count,
    height: count,
    pixels: v.nullable(
      trusted<Uint8Array<ArrayBuffer>>((value) => value instanceof Uint8Array, 'a Uint8Array'),
    ),
    /** With `pair`: the frame as it went to the GPU, and the size the look ran at. */
    source: v.optional(
      v.nullable(
        handed<{ width: number; height: number; pixels: Uint8Array<ArrayBuffer> }>('a frame read back'),
      ),
    ),
    live: v.optional(v.nullable(handed<{ width: number; height: number }>('a size'))),
  }),
} as const;
