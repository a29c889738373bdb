/**
 * The full-resolution export (issue 7): the committed effects and the current one, run again in order on
 * the original image at its own size, then encoded as a JPEG here in the worker, so that the main thread
 * never holds the full-size pixels.
 *
 * Effect parameters are derived from the size they run at (sizes are relative to the image, see
 * relativePixels), so a look holds at every size. How a step runs (planSteps):
 * - whole: the image fits one texture (and one read-back) of this backend; the step runs on all of it.
 * - tiles: it does not, and every stage of the step can run on part of an image (StageDefinition.reach):
 *   the step runs tile by tile, each tile read with a margin as wide as its stages reach together, and
 *   the tiles' cores are put together in a canvas of the full size here in the worker.
 * - scaled, for a camera: a step that resamples the image to its camera's resolution (the JPEG family:
 *   a long side of at most 1080 px, its 8x8 blocks, noise and sharpening at that size) delivers that
 *   many pixels at any input size. It runs as the preview ran it: on the image at the processing size
 *   (or on the previous camera's own pixels, when a camera step follows one), so that its soft lens,
 *   bloom and lens reflection see what the preview's did. Running those at 24 MP only to average them
 *   down to 500 px would take longer and could only drift from the preview's look.
 * - scaled, to fit: a step that neither fits nor can be tiled runs on the largest image that fits. No
 *   effect needs this today (every stage outside the cameras can be tiled); it keeps a future one working.
 * A picture smaller than the full size (a camera's) is scaled up when a full-size step or the encoder
 * needs it, as the preview's own save scales it to 1080 px: a 2D canvas drawImage at high quality.
 */
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import { FREEHAND_MASK } from '../../effects/blur-pixelate.ts';
import type { EffectDefinition, PhotoInput, Settings } from '../../effects/types.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import { COPY, type StageRunner } from '../runner.ts';
import { getStage } from '../stages/index.ts';
import type { StageInvocation } from '../stages/invocation.ts';
import { RESIZE_AREA } from '../stages/resize.ts';
import type { Region, TextureResolver } from '../stages/types.ts';
import { fitsOneTile, fitWithin, planTiles, type Rect, type Tile, type TileLimits } from '../tiling.ts';
import { tagSrgb } from '../../colour/srgb-jpeg.ts';

export interface ImageSize {
  width: number;
  height: number;
}

function sameSize(a: ImageSize, b: ImageSize): boolean {
  return a.width === b.width && a.height === b.height;
}

/**
 * How far the chain reads around a pixel, all its stages together, on an image of this size; null when
 * some stage cannot run on part of an image.
 */
export function chainReach(chain: readonly StageInvocation[], image: ImageSize): number | null {
  let total = 0;
  for (const invocation of chain) {
    const stage = getStage(invocation.stage);
    if (!stage.reach) return null;
    const reach = stage.reach(invocation.params, image);
    if (!Number.isFinite(reach) || reach < 0) return null;
    total += reach;
  }
  return total;
}

/** The size the chain's output has for an input of this size (StageDefinition.outputSize). */
export function chainOutputSize(chain: readonly StageInvocation[], input: ImageSize): ImageSize {
  let size = { width: input.width, height: input.height };
  for (const invocation of chain) {
    const stage = getStage(invocation.stage);
    if (stage.outputSize) size = stage.outputSize(invocation.params, size);
  }
  return size;
}

export type StepPlan =
  | { kind: 'whole' }
  | { kind: 'tiles'; tiles: Tile[] }
  | { kind: 'scaled'; width: number; height: number; why: 'camera' | 'fit' };

export interface PlannedStep {
  effect: EffectDefinition;
  settings: Settings;
  plan: StepPlan;
  /** The stages, for the size the step runs at. */
  chain: StageInvocation[];
  /** What the step delivers: the full size, or less (a camera's pixels). */
  output: ImageSize;
  /** Units of progress: stages run (one more to scale the input), or tiles. */
  units: number;
}

/**
 * How each step runs on an image of `full` size within `limits`; `processing` is the size the preview
 * processed the original at.
 */
export function planSteps(
  steps: readonly { effect: EffectDefinition; settings: Settings }[],
  full: PhotoInput,
  processing: ImageSize,
  limits: TileLimits,
): PlannedStep[] {
  // The picture's size after the previous step, when that is smaller than the full size.
  let small: ImageSize | null = null;
  return steps.map(({ effect, settings }) => {
    const fullChain = effect.stages(settings, full);
    const fullOutput = chainOutputSize(fullChain, full);
    const camera = fullOutput.width < full.width || fullOutput.height < full.height;
    const cameraInput = small ?? processing;
    let planned: Omit<PlannedStep, 'effect' | 'settings'>;
    // The effect run at a smaller size, then scaled up (a resample and the chain).
    const scaled = (size: ImageSize, why: 'camera' | 'fit'): Omit<PlannedStep, 'effect' | 'settings'> => {
      const chain = effect.stages(settings, { ...size, ...(full.taken ? { taken: full.taken } : {}) });
      return {
        plan: { kind: 'scaled', ...size, why },
        chain,
        output: chainOutputSize(chain, size),
        units: Math.max(1, chain.length) + 1,
      };
    };
    if (camera && !sameSize(cameraInput, full)) {
      planned = scaled(cameraInput, 'camera');
    } else if (fitsOneTile(full.width, full.height, limits)) {
      planned = {
        plan: { kind: 'whole' },
        chain: fullChain,
        output: fullOutput,
        units: fullChain.length || 1,
      };
    } else {
      const reach = camera ? null : chainReach(fullChain, full);
      const tiles = reach === null ? null : planTiles(full.width, full.height, reach, limits);
      if (tiles) {
        planned = { plan: { kind: 'tiles', tiles }, chain: fullChain, output: full, units: tiles.length };
      } else {
        planned = scaled(fitWithin(full.width, full.height, limits), 'fit');
      }
    }
    small = sameSize(planned.output, full) ? null : planned.output;
    return { effect, settings, ...planned };
  });
}

export interface RenderStep {
  effectId: string;
  settings: Settings;
  mask?: ImageBitmap;
}

export interface RenderJob {
  /** The original, upright, at its own size; closed here. */
  image: ImageBitmap;
  /** The size the preview processed the original at. */
  processing: ImageSize;
  steps: readonly RenderStep[];
  /** JPEG quality, 0..1. */
  quality: number;
  limits: TileLimits;
  /** The day the photo was taken, for a date stamp. */
  taken?: string;
  /** Called as work completes, with the fraction done. */
  progress: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface RenderResult {
  blob: Blob;
  width: number;
  height: number;
}

/**
 * The image between steps: on the GPU, in the worker's memory, or smaller than the full size (then
 * scaled up when next needed). Whoever holds a picture owns its resources; `none` while it is handed on.
 */
type Picture =
  | { kind: 'gpu'; texture: GpuTexture }
  | { kind: 'cpu'; source: ImageBitmap | OffscreenCanvas }
  | { kind: 'small'; texture: GpuTexture }
  | { kind: 'none' };

const NONE: Picture = { kind: 'none' };

export class FullResolutionRenderer {
  private done = 0;
  private total = 1;

  constructor(
    private readonly backend: Backend,
    private readonly runner: StageRunner,
    /** The engine's shared textures (LUTs); the freehand mask comes from each step instead. */
    private readonly resolveShared: TextureResolver,
  ) {}

  async render(job: RenderJob): Promise<RenderResult> {
    const size = { width: job.image.width, height: job.image.height };
    let picture: Picture = { kind: 'cpu', source: job.image };
    try {
      const fitsInside = job.processing.width <= size.width && job.processing.height <= size.height;
      const processing = fitsInside ? job.processing : size;
      const photo = { ...size, ...(job.taken ? { taken: job.taken } : {}) };
      const steps = planSteps(job.steps.map(resolveStep), photo, processing, job.limits);
      // Decoding (done) and encoding count as a unit each.
      this.total = 2 + steps.reduce((sum, step) => sum + step.units, 0);
      await this.tick(job);
      for (const [index, step] of steps.entries()) {
        const input = picture;
        picture = NONE;
        picture = await this.runStep(step, job.steps[index]?.mask ?? null, input, size, job);
      }
      const last = picture;
      picture = NONE;
      const canvas = await this.toCanvas(last, size);
      picture = { kind: 'cpu', source: canvas };
      job.signal?.throwIfAborted();
      const blob = await tagSrgb(await canvas.convertToBlob({ type: 'image/jpeg', quality: job.quality }));
      await this.tick(job);
      return { blob, width: size.width, height: size.height };
    } finally {
      this.dispose(picture);
      job.image.close();
      for (const step of job.steps) step.mask?.close();
      // Textures of the full size (or of tiles) are not wanted by the preview afterwards.
      this.runner.pool.trim();
    }
  }

  /** Runs one step on `picture` (taken over) and returns the new picture. */
  private async runStep(
    step: PlannedStep,
    maskImage: ImageBitmap | null,
    picture: Picture,
    size: ImageSize,
    job: RenderJob,
  ): Promise<Picture> {
    const mask = maskImage ? this.backend.uploadImage(maskImage) : null;
    const resolve: TextureResolver = (key) => {
      if (key !== FREEHAND_MASK) return this.resolveShared(key);
      if (!mask) throw new Error('This step has no freehand mask');
      return mask;
    };
    let held: Picture = picture;
    const take = () => {
      const taken = held;
      held = NONE;
      return taken;
    };
    const plan = step.plan;
    try {
      switch (plan.kind) {
        case 'whole': {
          const input = await this.toTexture(take(), size);
          const output = await this.runWhole(input, step.chain, resolve, job);
          return sameSize(output, size)
            ? { kind: 'gpu', texture: output }
            : { kind: 'small', texture: output };
        }
        case 'tiles': {
          const source = await this.toCanvas(take(), size);
          try {
            const canvas = await runInTiles(this.runner, source, step.chain, plan.tiles, resolve, () =>
              this.tick(job),
            );
            return { kind: 'cpu', source: canvas };
          } finally {
            release(source);
          }
        }
        case 'scaled': {
          const input = await this.toScaled(take(), plan, size, job);
          const output = await this.runWhole(input, step.chain, resolve, job);
          return sameSize(output, size)
            ? { kind: 'gpu', texture: output }
            : { kind: 'small', texture: output };
        }
        default:
          throw new Error('Unknown step plan');
      }
    } catch (error) {
      this.dispose(held);
      throw error;
    } finally {
      if (mask) this.backend.destroyTexture(mask);
    }
  }

  /** Runs the chain on `input` (released here) a stage at a time, so progress moves and work is paced. */
  private async runWhole(
    input: GpuTexture,
    chain: readonly StageInvocation[],
    resolve: TextureResolver,
    job: RenderJob,
  ): Promise<GpuTexture> {
    let current = input;
    try {
      for (const invocation of chain.length > 0 ? chain : [COPY]) {
        job.signal?.throwIfAborted();
        const from = current;
        const next = await this.backend.validate(() => this.runner.run(from, [invocation], resolve));
        this.runner.pool.release(current);
        current = next;
        await this.backend.finish();
        await this.tick(job);
      }
      return current;
    } catch (error) {
      this.runner.pool.release(current);
      throw error;
    }
  }

  private upload(image: ImageBitmap): GpuTexture {
    try {
      return this.runner.pool.adopt(this.backend.uploadImage(image));
    } finally {
      image.close();
    }
  }

  /**
   * The picture at a smaller size, as a texture (taking over the picture's resources): a camera's own
   * pixels as they are, a full-size texture through the area resize, anything else through the browser's
   * high-quality resize, as the original became the preview's image.
   */
  private async toScaled(
    picture: Picture,
    target: ImageSize,
    size: ImageSize,
    job: RenderJob,
  ): Promise<GpuTexture> {
    if (picture.kind === 'none') throw new Error('No picture');
    let scaled: GpuTexture;
    if (picture.kind === 'small' && sameSize(picture.texture, target)) {
      scaled = picture.texture;
    } else if (picture.kind === 'gpu') {
      const resize: StageInvocation = { stage: 'resize', params: { ...target, mode: RESIZE_AREA } };
      try {
        scaled = await this.backend.validate(() => this.runner.run(picture.texture, [resize]));
      } finally {
        this.runner.pool.release(picture.texture);
      }
    } else {
      const source = await this.toSource(picture, size);
      let bitmap: ImageBitmap;
      try {
        bitmap = await createImageBitmap(source, {
          resizeWidth: target.width,
          resizeHeight: target.height,
          resizeQuality: 'high',
        });
      } finally {
        release(source);
      }
      scaled = this.upload(bitmap);
    }
    await this.tick(job);
    return scaled;
  }

  /** The picture as a full-size texture (taking over the picture's resources). */
  private async toTexture(picture: Picture, size: ImageSize): Promise<GpuTexture> {
    if (picture.kind === 'none') throw new Error('No picture');
    if (picture.kind === 'gpu') return picture.texture;
    const canvas = await this.toCanvas(picture, size);
    try {
      return uploadPart(this.runner, canvas, { x: 0, y: 0, ...size });
    } finally {
      release(canvas);
    }
  }

  /** The picture as a full-size bitmap or canvas in this worker (taking over its resources). */
  private async toSource(picture: Picture, size: ImageSize): Promise<ImageBitmap | OffscreenCanvas> {
    if (picture.kind === 'none') throw new Error('No picture');
    return picture.kind === 'cpu' ? picture.source : this.toCanvas(picture, size);
  }

  /**
   * The picture as a canvas of the full size. A smaller picture is scaled up as the preview's export
   * scales its image to 1080 px: drawImage at high quality.
   */
  private async toCanvas(picture: Picture, size: ImageSize): Promise<OffscreenCanvas> {
    if (picture.kind === 'none') throw new Error('No picture');
    if (picture.kind === 'cpu' && picture.source instanceof OffscreenCanvas) return picture.source;
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('2D canvas unavailable');
    if (picture.kind === 'cpu') {
      context.drawImage(picture.source, 0, 0);
      release(picture.source);
      return canvas;
    }
    const { texture } = picture;
    let pixels: Uint8Array<ArrayBuffer>;
    try {
      pixels = await this.backend.readPixels(texture);
    } finally {
      this.runner.pool.release(texture);
    }
    const image = new ImageData(new Uint8ClampedArray(pixels.buffer), texture.width, texture.height);
    if (picture.kind === 'gpu') {
      context.putImageData(image, 0, 0);
      return canvas;
    }
    const small = await createImageBitmap(image);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(small, 0, 0, size.width, size.height);
    small.close();
    return canvas;
  }

  private dispose(picture: Picture): void {
    if (picture.kind === 'cpu') release(picture.source);
    else if (picture.kind !== 'none') this.runner.pool.release(picture.texture);
  }

  /**
   * One unit of work is done: reports progress, then lets the worker's event loop run, so that a cancel
   * message gets in (a WebGL2 backend otherwise answers every await without a task in between).
   */
  private async tick(job: RenderJob): Promise<void> {
    this.done = Math.min(this.total, this.done + 1);
    job.progress(this.done / this.total);
    await new Promise((resolve) => setTimeout(resolve, 0));
    job.signal?.throwIfAborted();
  }
}

/**
 * Runs `chain` over `source` tile by tile, each tile placed in the whole image for the stages (Region);
 * the tiles' cores are put together in a new canvas of the source's size. `afterTile` runs after each
 * (progress, a cancel check).
 */
export async function runInTiles(
  runner: StageRunner,
  source: OffscreenCanvas,
  chain: readonly StageInvocation[],
  tiles: readonly Tile[],
  resolve: TextureResolver,
  afterTile: () => Promise<void> = () => Promise.resolve(),
): Promise<OffscreenCanvas> {
  const { backend, pool } = runner;
  const canvas = new OffscreenCanvas(source.width, source.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  try {
    for (const { core, region } of tiles) {
      const input = uploadPart(runner, source, region);
      const place: Region = { x: region.x, y: region.y, fullWidth: source.width, fullHeight: source.height };
      let output: GpuTexture;
      try {
        output = await backend.validate(() => runner.run(input, chain, resolve, place));
      } finally {
        pool.release(input);
      }
      let pixels: Uint8Array<ArrayBuffer>;
      try {
        pixels = await backend.readPixels(output);
      } finally {
        pool.release(output);
      }
      const image = new ImageData(new Uint8ClampedArray(pixels.buffer), region.width, region.height);
      const [dx, dy] = [core.x - region.x, core.y - region.y];
      context.putImageData(image, region.x, region.y, dx, dy, core.width, core.height);
      await afterTile();
    }
    // Regions differ in size: their textures would only wait in the pool.
    pool.trim();
    return canvas;
  } catch (error) {
    release(canvas);
    throw error;
  }
}

/**
 * Uploads part of a canvas from its pixels. Large ImageBitmaps reach WebGPU through
 * copyExternalImageToTexture, which SwiftShader takes seconds over at 24 MP; pixel data is as quick as a
 * WebGL2 upload everywhere.
 */
function uploadPart(runner: StageRunner, canvas: OffscreenCanvas, rect: Rect): GpuTexture {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  const pixels = context.getImageData(rect.x, rect.y, rect.width, rect.height);
  return runner.pool.adopt(runner.backend.uploadImage(pixels));
}

function resolveStep(step: RenderStep): { effect: EffectDefinition; settings: Settings } {
  const effect = findEffect(step.effectId);
  if (!effect || effect.runsOn !== 'worker') throw new Error(`Unknown effect: ${step.effectId}`);
  return { effect, settings: resolveSettings(effect, step.settings) };
}

/** Lets go of a full-size image now rather than when the collector gets to it. */
function release(image: ImageBitmap | OffscreenCanvas): void {
  if (image instanceof ImageBitmap) {
    image.close();
  } else {
    image.width = 0;
    image.height = 0;
  }
}
