/**
 * The live viewfinder: camera frames through the chosen effect (or a recipe's steps), on the
 * same runner, stages and resources as a still photo. Frames are dropped, never queued: while one renders,
 * only the newest waits (an older waiting frame is closed), so a frame is shown at most two frame costs
 * after it arrived. The preview's long side follows what frames cost: lowered when they take longer than
 * the camera's frame interval, raised when there is room.
 */
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import { today } from '../../effects/date-stamp.ts';
import { uploadSize, type Backend, type GpuTexture } from '../backend.ts';
import {
  epochNow,
  type FromWorkerMessage,
  type LiveImage,
  type LiveLookMessage,
  type LiveUpload,
} from '../protocol.ts';
import type { StageRunner } from '../runner.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';
import { RESIZE_AREA } from '../../pipeline/stages/resize/stage.ts';
import { UploadTrial } from './upload-trial.ts';
import type { TextureResolver } from '../../pipeline/stages/types.ts';
import { stepStages } from '../../effects/strength.ts';
import { chainOutputSize } from './export-step-plan.ts';
import { withOwnCube } from './resources.ts';

/** The preview's long side never goes below this, nor above this, nor above the camera's own. */
export const LIVE_MIN_LONG_SIDE = 240;
export const LIVE_MAX_LONG_SIDE = 1080;
/** Where the adaptive preview starts. */
export const LIVE_START_LONG_SIDE = 640;
/** Frames between two changes of the preview's size, so that one slow frame does not shrink it. */
const FRAMES_PER_ADJUSTMENT = 8;
/** The shutter's JPEG quality: the shot is the editor's original, so near-lossless. */
export const SHOT_QUALITY = 0.95;
/** How long the shutter waits for a frame when none is waiting. */
const SHOT_WAIT_MS = 3000;

interface Size {
  width: number;
  height: number;
}

/** A processed frame read back, and the frame it was made from as it went to the GPU (tests compare them). */
export interface LivePair {
  width: number;
  height: number;
  pixels: Uint8Array<ArrayBuffer> | null;
  source: { width: number; height: number; pixels: Uint8Array<ArrayBuffer> } | null;
  /** The size the look ran at (the preview's). */
  live: Size | null;
}

interface Waiting {
  image: LiveImage;
  arrived: number;
}

/** A frame drawn at its own size on a canvas of its own (the shutter's copy; the frame can then close). */
function drawn(image: LiveImage): OffscreenCanvas {
  const { width, height } = uploadSize(image);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas to take the shot with');
  context.drawImage(image, 0, 0, width, height);
  return canvas;
}

/** The size a frame is processed at: its own, scaled down to `longSide` (never up), the aspect kept. */
export function liveSize(frame: Size, longSide: number): Size {
  const scale = Math.min(1, longSide / Math.max(frame.width, frame.height));
  return {
    width: Math.max(1, Math.round(frame.width * scale)),
    height: Math.max(1, Math.round(frame.height * scale)),
  };
}

/**
 * The next long side from the average frame cost: 20 % smaller when frames cost more than 1.25 frame
 * intervals, 20 % larger when under 0.6 of one, within the limits and the camera's own long side.
 */
export function adaptLongSide(
  longSide: number,
  cost: number,
  interval: number,
  cameraLongSide: number,
): number {
  const ceiling = Math.min(LIVE_MAX_LONG_SIDE, cameraLongSide);
  if (cost > interval * 1.25)
    return Math.max(Math.min(LIVE_MIN_LONG_SIDE, ceiling), Math.round(longSide * 0.8));
  if (cost < interval * 0.6) return Math.min(ceiling, Math.round(longSide * 1.2));
  return Math.min(longSide, ceiling);
}

/**
 * The look's stages from the preview's size: a recipe's steps in order, else the one effect, each step
 * through its strength and told the size the step before made (an effect may make its own, as a still
 * photo's steps are), each reading its own .cube; effects that do not run in the worker are left out.
 */
export function lookStages(look: LiveLookMessage, size: Size): StageInvocation[] {
  const steps = look.steps ?? (look.effectId ? [{ effectId: look.effectId, settings: look.settings }] : []);
  const taken = today();
  let input = size;
  return steps.flatMap((step) => {
    const effect = findEffect(step.effectId);
    if (!effect || effect.runsOn !== 'worker') return [];
    const chain = stepStages(effect, resolveSettings(effect, step.settings), { ...input, taken });
    input = chainOutputSize(chain, input);
    return withOwnCube(chain, step.cube);
  });
}

export class LiveView {
  private look: LiveLookMessage = { type: 'liveLook', effectId: null, settings: {} };
  private longSide = LIVE_START_LONG_SIDE;
  /**
   * The newest frame not yet rendered. A frame is closed as soon as it is in the input texture: a camera
   * has few buffers, and one held too long stalls it (Chromium's fake camera stopped after one frame).
   */
  private waiting: Waiting | null = null;
  /** Shutters waiting for the next frame, each given it drawn at the camera's size. */
  private shots: ((canvas: OffscreenCanvas) => void)[] = [];
  private rendering = false;
  private stopped = false;
  private input: GpuTexture | null = null;
  /** The last processed frame, kept until the next replaces it (read back by tests). */
  private result: GpuTexture | null = null;
  private scaler: OffscreenCanvas | null = null;
  /** Which way frames go to the GPU (src/engine/worker/upload-trial.ts), and the 'pixels' way's buffer. */
  private trial: UploadTrial | null = null;
  private pixels: Uint8ClampedArray<ArrayBuffer> | null = null;
  private reader: ReadableStreamDefaultReader<VideoFrame> | null = null;
  /** The average cost of recent frames (ms), and frames since the size last changed. */
  private averageCost: number | null = null;
  private sinceAdjustment = 0;
  /** The chain's programs are made before its first frame, once per look, input size and preview size. */
  private prepared = new Set<string>();
  /** Counts looks set, so that a frame tells a new look from the one prepared without comparing settings. */
  private lookVersion = 0;
  /** Reads waiting for the next frame's result together with the input it was made from (a test hook). */
  private pairReads: ((pair: LivePair) => void)[] = [];

  constructor(
    private readonly backend: Backend,
    private readonly runner: StageRunner,
    private readonly resolve: TextureResolver,
    private readonly post: (message: FromWorkerMessage) => void,
    /** Makes a chain's programs ahead of its first frame. */
    private readonly prepare: (chain: readonly StageInvocation[], size: Size) => Promise<void>,
  ) {}

  setLook(look: LiveLookMessage): void {
    this.stopped = false;
    this.look = look;
    this.lookVersion++;
    this.prepared.clear();
    if (look.longSide) this.longSide = look.longSide;
    this.averageCost = null;
    this.sinceAdjustment = 0;
  }

  /** A frame from the page or the stream: it replaces any frame still waiting, which is closed. */
  offer(image: LiveImage, arrived: number): void {
    if (this.stopped) {
      image.close();
      return;
    }
    if (this.shots.length > 0) {
      const canvas = drawn(image);
      for (const shot of this.shots.splice(0)) shot(canvas);
    }
    this.waiting?.image.close();
    this.waiting = { image, arrived };
    if (!this.rendering) void this.pump();
  }

  /** Reads the camera's stream here in the worker, frame after frame, until it ends or the view stops. */
  async attach(stream: ReadableStream<VideoFrame>): Promise<void> {
    await this.detach();
    this.stopped = false;
    // Another camera may want another way to the GPU.
    this.trial = null;
    const reader = stream.getReader();
    this.reader = reader;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        if (this.reader !== reader) {
          value.close();
          return;
        }
        this.offer(value, epochNow());
      }
    } catch {
      // Cancelled, or the track ended: nothing more comes.
    }
  }

  /** The newest frame (the one waiting, else the next to come) at its own size, as a JPEG. */
  async shoot(): Promise<{ blob: Blob; width: number; height: number }> {
    const canvas = this.waiting
      ? drawn(this.waiting.image)
      : await new Promise<OffscreenCanvas>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.shots = this.shots.filter((shot) => shot !== take);
            reject(new Error('no frame came from the camera'));
          }, SHOT_WAIT_MS);
          const take = (drawnFrame: OffscreenCanvas) => {
            clearTimeout(timer);
            resolve(drawnFrame);
          };
          this.shots.push(take);
        });
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: SHOT_QUALITY });
    return { blob, width: canvas.width, height: canvas.height };
  }

  /** Leaves the viewfinder: frames closed, the stream cancelled, the textures given back. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const read of this.pairReads.splice(0))
      read({ width: 0, height: 0, pixels: null, source: null, live: null });
    await this.detach();
    this.waiting?.image.close();
    this.waiting = null;
    // A frame still rendering lets go of the input itself when it ends.
    if (!this.rendering) this.freeInput();
    this.scaler = null;
    this.pixels = null;
    this.trial = null;
  }

  private async detach(): Promise<void> {
    const reader = this.reader;
    this.reader = null;
    if (reader) await reader.cancel().catch(() => undefined);
  }

  /** The last processed frame's pixels, or null before the first. */
  async read(): Promise<{ width: number; height: number; pixels: Uint8Array<ArrayBuffer> | null }> {
    const result = this.result;
    if (!result) return { width: 0, height: 0, pixels: null };
    return { width: result.width, height: result.height, pixels: await this.backend.readPixels(result) };
  }

  /**
   * The next frame's result and its input, read between that frame and the one after, so that the two
   * belong together (the input texture takes each new frame).
   */
  readPair(): Promise<LivePair> {
    return new Promise((resolve) => this.pairReads.push(resolve));
  }

  private async answerPairReads(result: GpuTexture, input: GpuTexture, live: Size): Promise<void> {
    const reads = this.pairReads.splice(0);
    if (reads.length === 0) return;
    const pair: LivePair = {
      width: result.width,
      height: result.height,
      pixels: await this.backend.readPixels(result),
      source: { width: input.width, height: input.height, pixels: await this.backend.readPixels(input) },
      live,
    };
    for (const read of reads) read(pair);
  }

  private freeInput(): void {
    if (this.input) this.backend.destroyTexture(this.input);
    this.input = null;
    if (this.result) this.runner.pool.release(this.result);
    this.result = null;
  }

  private async pump(): Promise<void> {
    this.rendering = true;
    try {
      while (this.waiting && !this.stopped) {
        const frame = this.waiting;
        this.waiting = null;
        try {
          await this.render(frame);
        } catch (error) {
          frame.image.close();
          this.post({
            type: 'log',
            level: 'error',
            message: `A viewfinder frame failed: ${error instanceof Error ? error.message : String(error)}`,
          });
        }
      }
    } finally {
      this.rendering = false;
      if (this.stopped) this.freeInput();
    }
  }

  private async render(frame: Waiting): Promise<void> {
    const started = performance.now();
    const camera = uploadSize(frame.image);
    const size = liveSize(camera, this.longSide);
    const { input, scale, way } = await this.uploadAnyWay(frame.image, camera, size);
    frame.image.close();
    const chain = [...scale, ...lookStages(this.look, size)];
    const key = `${this.lookVersion}:${input.width}x${input.height}:${size.width}x${size.height}`;
    const cold = !this.prepared.has(key);
    if (cold) {
      await this.prepare(chain, input);
      this.prepared.add(key);
    }
    const result = await this.backend.validate(() => this.runner.run(input, chain, this.resolve));
    if (this.result) this.runner.pool.release(this.result);
    this.result = result;
    await this.backend.present(result);
    await this.backend.finish();
    const cost = performance.now() - started;
    this.trial?.record(way, cost, !cold);
    this.post({ type: 'liveShown', arrived: frame.arrived, shown: epochNow(), cost, upload: way, ...size });
    await this.answerPairReads(result, input, size);
    this.adjust(cost, Math.max(camera.width, camera.height));
  }

  /**
   * The frame into the input texture the given way, and the stages that bring it to the preview's size
   * on the GPU ('canvas' draws it at that size already).
   */
  private async upload(
    image: LiveImage,
    camera: Size,
    size: Size,
    way: LiveUpload,
  ): Promise<{ input: GpuTexture; scale: StageInvocation[] }> {
    const scaled = camera.width !== size.width || camera.height !== size.height;
    const scale: StageInvocation[] = scaled
      ? [{ stage: 'resize', params: { ...size, mode: RESIZE_AREA } }]
      : [];
    if (way === 'frame') {
      return { input: this.backend.uploadImage(image, this.inputOf(camera)), scale };
    }
    if (way === 'pixels') {
      if (!('copyTo' in image)) throw new Error('only a VideoFrame copies out its pixels');
      const { width, height } = image.visibleRect ?? camera;
      if (width !== camera.width || height !== camera.height) throw new Error('the frame is shown scaled');
      const bytes = width * height * 4;
      const options: VideoFrameCopyToOptions = { format: 'RGBA', colorSpace: 'srgb' };
      // A browser that ignores the format option would copy the frame's own planes (YUV) instead.
      if (image.allocationSize(options) !== bytes) throw new Error('frames are not converted to RGBA');
      if (this.pixels?.length !== bytes) this.pixels = new Uint8ClampedArray(bytes);
      const pixels = this.pixels;
      const planes = await image.copyTo(pixels, options);
      if (planes.length !== 1) throw new Error('frames are not converted to RGBA');
      return {
        input: this.backend.uploadImage(new ImageData(pixels, width, height), this.inputOf(camera)),
        scale,
      };
    }
    if (!this.scaler || this.scaler.width !== size.width || this.scaler.height !== size.height) {
      this.scaler = new OffscreenCanvas(size.width, size.height);
    }
    const context = this.scaler.getContext('2d');
    if (!context) throw new Error('no 2D canvas to scale the frame with');
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, size.width, size.height);
    return { input: this.backend.uploadImage(this.scaler, this.inputOf(size)), scale: [] };
  }

  /** The frame uploaded the way the trial gives; a way that throws is dropped and the next one tried. */
  private async uploadAnyWay(
    image: LiveImage,
    camera: Size,
    size: Size,
  ): Promise<{ input: GpuTexture; scale: StageInvocation[]; way: LiveUpload }> {
    const trial = (this.trial ??= new UploadTrial(
      'copyTo' in image ? ['frame', 'pixels', 'canvas'] : ['frame', 'canvas'],
    ));
    for (;;) {
      const way = trial.next();
      try {
        return { ...(await this.upload(image, camera, size, way)), way };
      } catch (error) {
        if (way === 'canvas') throw error;
        trial.fail(way);
        this.post({
          type: 'log',
          level: 'warn',
          message: `Camera frames cannot go to the GPU as '${way}' here: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
  }

  /** The input texture at this size (made again when the size changes). */
  private inputOf(size: Size): GpuTexture {
    if (this.input && (this.input.width !== size.width || this.input.height !== size.height))
      this.freeInput();
    return (this.input ??= this.backend.createTexture(size.width, size.height, 'rgba8unorm'));
  }

  private adjust(cost: number, cameraLongSide: number): void {
    this.averageCost = this.averageCost === null ? cost : this.averageCost * 0.7 + cost * 0.3;
    if (this.look.longSide) return;
    if (++this.sinceAdjustment < FRAMES_PER_ADJUSTMENT) return;
    const next = adaptLongSide(
      this.longSide,
      this.averageCost,
      this.look.frameInterval ?? 1000 / 30,
      cameraLongSide,
    );
    if (next !== this.longSide) {
      this.longSide = next;
      this.averageCost = null;
      this.sinceAdjustment = 0;
    }
  }
}
