/**
 * The full-resolution export: the committed effects and the current one, run again in order on
 * the original image at its own size, then encoded as a JPEG here in the worker, so that the main thread
 * never holds the full-size pixels.
 *
 * Effect parameters are derived from the size they run at (sizes are relative to the image, see
 * relativePixels), so a look holds at every size. How a step runs (planSteps):
 * - whole: the image fits one texture (and one read-back) of this backend; the step runs on all of it.
 * - tiles: it does not, and every stage of the step can run on part of an image (StageDefinition.reach):
 *   the step runs tile by tile, each tile read with a margin as wide as its stages reach together, and
 *   the tiles' cores are written back into the picture in memory (tiles.ts).
 * - scaled, for a camera: a step that resamples the image to its camera's resolution (the JPEG family:
 *   a long side of at most 1080 px, its 8x8 blocks, noise and sharpening at that size) delivers that
 *   many pixels at any input size. It runs as the preview ran it: on the image at the processing size
 *   (or on the previous camera's own pixels, when a camera step follows one), so that its soft lens,
 *   bloom and lens reflection see what the preview's did. Running those at 24 MP only to average them
 *   down to 500 px would take longer and could only drift from the preview's look. The steps before a
 *   camera run at that size too (the camera reads no more), as the preview ran them, so the photo is
 *   never held at full size for work a camera then reduces.
 * - scaled, to fit: a step that neither fits nor can be tiled runs on the largest image that fits. No
 *   effect needs this today (every stage outside the cameras can be tiled); it keeps a future one working.
 * Consecutive tiled steps run as one pass over tiles planned for their reach together (stepRuns): each
 * tile goes through all of them, so no step's output is held at full size in between.
 * A picture smaller than the full size (a camera's) is scaled up when a full-size step or the encoder
 * needs it, as the preview's own save scales it to 1080 px: a 2D canvas drawImage at high quality.
 *
 * Within iOS Safari's limits: between steps the picture is a texture that fits the device, or
 * plain pixels in memory, never a canvas of the whole photo; the JPEG is encoded a strip of rows at a
 * time (StripJpegEncoder), and a scaled-up picture is drawn a strip at a time (drawInStrips).
 */
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import { FREEHAND_MASK } from '../../effects/blur-pixelate.ts';
import type { EffectDefinition, Settings } from '../../effects/types.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import { COPY, type StageRunner } from '../runner.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';
import { stepInputBack } from '../../pipeline/stages/mix/stage.ts';
import type { TextureResolver } from '../../pipeline/stages/types.ts';
import { stepInputUses } from '../step-inputs.ts';
import { tagSrgb } from '../../colour/srgb-jpeg.ts';
import { StripJpegEncoder } from '../../jpeg-encoder/strip-encoder.ts';
import {
  drawInStrips,
  pixelsReader,
  stripRows,
  type PictureReader,
  type Pixels,
} from '../../pixels/strips.ts';
import {
  planSteps,
  sameSize,
  stepRuns,
  stepTexture,
  type ImageSize,
  type StepRun,
} from './export-step-plan.ts';
import { into, runInTiles, type RowSink } from './tiles.ts';
import { FrameRenderer } from './frame.ts';
import type { FrameChoice } from '../../edit/frame.ts';
import type { RenderJob, RenderResult, RenderStep } from './render-job.ts';
import { NONE, Pictures, type Picture } from './picture.ts';
import { framedSize } from '../../frames/model/layout.ts';
import { framePieceCount } from './frame-plan.ts';

export type { Original, RenderJob, RenderResult, RenderStep } from './render-job.ts';

export class FullResolutionRenderer {
  private done = 0;
  private total = 1;
  private readonly pictures: Pictures;

  constructor(
    private readonly backend: Backend,
    private readonly runner: StageRunner,
    /** A step's textures (the looks' LUTs, its .cube); its freehand mask comes with the step instead. */
    private readonly resolveFor: (step: { cube?: string | undefined }) => TextureResolver,
  ) {
    this.pictures = new Pictures(backend, runner, (job) => this.tick(job));
  }

  async render(job: RenderJob): Promise<RenderResult> {
    const size = { width: job.original.width, height: job.original.height };
    const fitsInside = job.processing.width <= size.width && job.processing.height <= size.height;
    const processing = fitsInside ? job.processing : size;
    let picture: Picture = { kind: 'original', original: job.original, processing };
    const framed = job.frame && job.frame.id !== 'none' ? job.frame : null;
    try {
      const photo = { ...size, ...(job.taken ? { taken: job.taken } : {}) };
      const planned = planSteps(job.steps.map(resolveStep), photo, processing, job.limits);
      const runs = stepRuns(planned, size, job.limits);
      // Decoding (done) and encoding count as a unit each, and each piece the frame is drawn in as one.
      const framePieces = framed ? framePieceCount(framedSize(framed, size), job.limits) : 0;
      this.total = 2 + framePieces + runs.reduce((sum, run) => sum + run.units, 0);
      await this.tick(job);
      for (const [index, run] of runs.entries()) {
        const input = picture;
        picture = NONE;
        // The last run, in tiles, hands its rows straight to the encoder (unless a frame goes around them).
        const last = index === runs.length - 1 && !framed;
        const encoder = last && run.plan.kind === 'tiles' ? this.encoder(size, job) : null;
        picture = await this.runStep(run, job.steps, input, size, job, encoder);
      }
      const last = picture;
      picture = NONE;
      const saved = framed
        ? await this.encodeFramed(last, size, framed, job)
        : { blob: await this.encode(last, size, job), ...size };
      const blob = await tagSrgb(saved.blob);
      await this.tick(job);
      return { blob, width: saved.width, height: saved.height };
    } finally {
      this.pictures.dispose(picture);
      for (const step of job.steps) step.mask?.close();
      // Textures of the full size (or of tiles) are not wanted by the preview afterwards.
      this.runner.pool.trim();
    }
  }

  /** Runs one run of steps on `picture` (taken over) and returns the new picture. */
  private async runStep(
    step: StepRun,
    all: readonly RenderStep[],
    picture: Picture,
    size: ImageSize,
    job: RenderJob,
    encoder: StripJpegEncoder | null,
  ): Promise<Picture> {
    // Each step's freehand mask, under the name the run's chain gives it.
    const masks = new Map<string, GpuTexture>();
    for (const index of step.steps) {
      const image = all[index]?.mask;
      if (image) masks.set(stepTexture(FREEHAND_MASK, index), this.backend.uploadImage(image));
    }
    const resolve: TextureResolver = (named) => {
      const mask = masks.get(named);
      if (mask) return mask;
      const at = named.lastIndexOf('@');
      const key = at < 0 ? named : named.slice(0, at);
      if (key === FREEHAND_MASK) throw new Error('This step has no freehand mask');
      const owner = at < 0 ? undefined : all[Number(named.slice(at + 1))];
      return this.resolveFor({ cube: owner?.cube })(key);
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
        case 'whole':
        case 'scaled': {
          const input =
            plan.kind === 'whole'
              ? await this.pictures.toTexture(take(), size)
              : await this.pictures.toScaled(take(), plan, job);
          const output = await this.runWhole(input, step.chain, resolve, job);
          return sameSize(output, size)
            ? { kind: 'gpu', texture: output }
            : { kind: 'small', texture: output };
        }
        case 'tiles': {
          // Read from the original as decoded, or from the pixels in memory (then written in place).
          const source = take();
          let pixels: Pixels | null = null;
          let reader: PictureReader;
          if (source.kind === 'original') {
            reader = await source.original.open();
          } else {
            pixels = await this.pictures.toPixels(source, size);
            reader = pixelsReader(pixels);
          }
          try {
            const tick = () => this.tick(job);
            if (encoder) {
              const toEncoder: RowSink = {
                write: async (_top, rows) => {
                  encoder.addRows(rows, rows.length / (size.width * 4));
                  await pace(job);
                },
                inPlace: false,
              };
              await runInTiles(this.runner, reader, toEncoder, step.chain, plan.tiles, resolve, tick);
              return { kind: 'encoded', encoder };
            }
            const out = pixels ?? { ...size, data: new Uint8ClampedArray(size.width * size.height * 4) };
            await runInTiles(
              this.runner,
              reader,
              into(out, out === pixels),
              step.chain,
              plan.tiles,
              resolve,
              tick,
            );
            return { kind: 'pixels', pixels: out };
          } finally {
            reader.close();
          }
        }
        default:
          throw new Error('Unknown step plan');
      }
    } catch (error) {
      this.pictures.dispose(held);
      throw error;
    } finally {
      for (const mask of masks.values()) this.backend.destroyTexture(mask);
    }
  }

  /**
   * Runs the chain on `input` (released here) a stage at a time, so progress moves and work is paced.
   * What a later stage reads back (a step's input, for its strength) is kept until that stage has run.
   */
  private async runWhole(
    input: GpuTexture,
    chain: readonly StageInvocation[],
    resolve: TextureResolver,
    job: RenderJob,
  ): Promise<GpuTexture> {
    const steps = chain.length > 0 ? chain : [COPY];
    const uses = stepInputUses(steps);
    const kept = new Map<number, GpuTexture>();
    const release = (texture: GpuTexture) => {
      if (![...kept.values()].includes(texture)) this.runner.pool.release(texture);
    };
    let current = input;
    try {
      for (const [index, invocation] of steps.entries()) {
        job.signal?.throwIfAborted();
        if (uses.has(index)) kept.set(index, current);
        const from = current;
        // This invocation's step-input keys name what the chain ran on that many stages back.
        const own: TextureResolver = (key) => {
          const back = stepInputBack(key);
          if (back === null) return resolve(key);
          const texture = kept.get(index - back);
          if (!texture) throw new Error(`No step input ${key} for ${invocation.stage}`);
          return texture;
        };
        const next = await this.backend.validate(() => this.runner.run(from, [invocation], own));
        release(current);
        current = next;
        for (const [at, texture] of kept) {
          if ((uses.get(at) ?? -1) > index) continue;
          kept.delete(at);
          release(texture);
        }
        await this.backend.finish();
        await this.tick(job);
      }
      return current;
    } catch (error) {
      for (const texture of new Set([current, ...kept.values()])) this.runner.pool.release(texture);
      throw error;
    }
  }

  /** A JPEG encoder for the job's picture. */
  private encoder(size: ImageSize, job: RenderJob): StripJpegEncoder {
    return new StripJpegEncoder(size.width, size.height, Math.round(job.quality * 100));
  }

  /** Encodes the picture (taken over) as a JPEG, a strip of rows at a time. */
  private async encode(picture: Picture, size: ImageSize, job: RenderJob): Promise<Blob> {
    const encoder = picture.kind === 'encoded' ? picture.encoder : this.encoder(size, job);
    if (picture.kind === 'small') {
      const small = await this.pictures.toBitmap(picture.texture);
      try {
        await drawInStrips(small, size, async (strip) => {
          encoder.addRows(strip.data, strip.height);
          await pace(job);
        });
      } finally {
        small.close();
      }
    } else if (picture.kind !== 'encoded') {
      const reader = await this.pictures.toReader(picture, size);
      try {
        const rows = stripRows(size.width);
        for (let top = 0; top < size.height; top += rows) {
          const strip = await reader.read({
            x: 0,
            y: top,
            width: size.width,
            height: Math.min(rows, size.height - top),
          });
          encoder.addRows(strip.data, strip.height);
          await pace(job);
        }
      } finally {
        reader.close();
      }
    }
    return new Blob(encoder.finish() as BlobPart[], { type: 'image/jpeg' });
  }

  /** The print of the picture (taken over) in its frame, encoded a band of rows at a time. */
  private async encodeFramed(picture: Picture, size: ImageSize, frame: FrameChoice, job: RenderJob) {
    const reader = await this.pictures.toReader(picture, size);
    try {
      const print = framedSize(frame, size);
      const encoder = this.encoder(print, job);
      await new FrameRenderer(this.backend, this.runner).frameRows(
        reader,
        frame,
        job.taken ?? '',
        job.limits,
        async (rows, count) => {
          encoder.addRows(rows, count);
          await pace(job);
        },
        // Each piece is progress: the page hears from the worker while a large print is drawn.
        () => this.tick(job),
      );
      return { blob: new Blob(encoder.finish() as BlobPart[], { type: 'image/jpeg' }), ...print };
    } finally {
      reader.close();
    }
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

/** Lets the worker's event loop run between strips, so that a cancel gets in. */
async function pace(job: RenderJob): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  job.signal?.throwIfAborted();
}

function resolveStep(step: RenderStep): { effect: EffectDefinition; settings: Settings } {
  const effect = findEffect(step.effectId);
  if (!effect || effect.runsOn !== 'worker') throw new Error(`Unknown effect: ${step.effectId}`);
  return { effect, settings: resolveSettings(effect, step.settings) };
}
