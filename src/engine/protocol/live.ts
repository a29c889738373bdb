/**
 * The live viewfinder's protocol: the camera page's messages to its effect worker and the
 * worker's answers, in the same form as the editor's (schema.ts). Worker-safe: no DOM, no React.
 */
import { isShown } from '../../i18n/msg.ts';
import { isSettings, type EffectSettings } from './editor.ts';
import {
  arrayOf,
  isBoolean,
  isCount,
  isNumber,
  isPositiveInt,
  isRecord,
  isString,
  message,
  nullable,
  oneOf,
  optional,
  request,
  trusted,
} from './schema.ts';

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

/** One effect step of a recipe the viewfinder shoots through. */
export interface LiveStep {
  effectId: string;
  settings: EffectSettings;
}

function isLiveStep(value: unknown): value is LiveStep {
  return isRecord(value) && typeof value.effectId === 'string' && isSettings(value.settings);
}

/** The camera page's messages to the worker. */
export const LIVE_TO_WORKER = {
  /**
   * The look the viewfinder shows from now on (`effectId` null: the frames as they come), and its size: a
   * fixed long side (a test or bench option), or the worker's own choice from what each frame costs.
   */
  liveLook: message({
    effectId: nullable(isString),
    settings: isSettings,
    /**
     * A recipe's effect steps, run in order in place of `effectId` (each through its strength, as a still
     * photo's steps are).
     */
    steps: optional(arrayOf(isLiveStep)),
    longSide: optional(isPositiveInt),
    /** The camera's frame interval in ms: the preview is made smaller when frames take longer. */
    frameInterval: optional((value: unknown): value is number => typeof value === 'number' && value > 0),
  }),
  /**
   * One frame from the page, with when it arrived there (ms since the epoch, `epochNow()`). Not queued
   * behind other messages: the worker keeps only the newest frame.
   */
  liveFrame: message({ frame: trusted<LiveImage>(isRecord), arrived: isNumber }),
  /** The camera's frames as a stream (MediaStreamTrackProcessor's readable, transferred): read in the worker. */
  liveStream: message({ stream: trusted<ReadableStream<VideoFrame>>(isRecord) }),
  /** The newest frame at the camera's own size, as a JPEG. */
  liveShutter: request({}, 'liveShot'),
  /**
   * The viewfinder's last processed frame, read back (tests compare it with a still); with `pair`, the
   * next frame's instead, with the frame it was made from.
   */
  liveRead: request({ pair: optional(isBoolean) }, 'livePixels'),
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
    arrived: isNumber,
    shown: isNumber,
    cost: isNumber,
    upload: oneOf(LIVE_UPLOADS),
    width: isPositiveInt,
    height: isPositiveInt,
  }),
  /** The shutter's frame at the camera's size, or null with why. */
  liveShot: message({
    blob: nullable(trusted<Blob>(isRecord)),
    width: optional(isPositiveInt),
    height: optional(isPositiveInt),
    error: optional(isShown),
  }),
  /** The viewfinder's last processed frame (RGBA rows from the top), or null before the first. */
  livePixels: message({
    width: isCount,
    height: isCount,
    pixels: nullable(trusted<Uint8Array<ArrayBuffer>>((value) => value instanceof Uint8Array)),
    /** With `pair`: the frame as it went to the GPU, and the size the look ran at. */
    source: optional(
      nullable(trusted<{ width: number; height: number; pixels: Uint8Array<ArrayBuffer> }>(isRecord)),
    ),
    live: optional(nullable(trusted<{ width: number; height: number }>(isRecord))),
  }),
} as const;
