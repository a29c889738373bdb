/**
 * Thumbnails of the user's photo with each effect and look (issue 23). Each effect runs on the photo
 * reduced to the thumbnail's size (a camera effect at its own resolution scaled as if the photo were three
 * times the thumbnail's size; see `detailScale`), a result of another size is reduced by area, and its pixels
 * are read back and handed over as they are: no encoding. One thumbnail per call: the worker's queue runs
 * them between its other messages, so an apply waits for one thumbnail at most.
 */
import { findEffect } from '../../effects/index.ts';
import { THUMBNAIL_SIZE, thumbnailJobs, thumbnailSize, type ThumbnailJob } from '../../effects/thumbnails.ts';
import type { EffectDefinition, SettingValue, Settings } from '../../effects/types.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import { StageRunner } from '../runner.ts';
import { RESIZE_AREA } from '../stages/resize.ts';
import type { StageInvocation } from '../stages/invocation.ts';
import type { TextureResolver } from '../stages/types.ts';

/** How many times the thumbnail's size an effect with a resolution of its own is rendered at. */
const CAMERA_OVERSAMPLE = 3;

export interface Thumbnail {
  generation: number;
  keys: readonly string[];
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8Array<ArrayBuffer>;
}

interface Work {
  generation: number;
  jobs: ThumbnailJob[];
  /** The photo reduced for thumbnails, by scale, and the base they were made from. */
  sources: Map<number, GpuTexture>;
  of: GpuTexture | null;
}

/**
 * A set's textures come from a pool of its own, emptied when the set is done or dropped: the main
 * preview's pool is not filled with thumbnail sizes, and at rest the engine holds what it held before.
 * The looks' LUTs are the engine's own (baked once, used by the preview too).
 */
export class ThumbnailRenderer {
  private work: Work | null = null;
  private readonly runner: StageRunner;

  constructor(
    backend: Backend,
    private readonly resolve: TextureResolver,
    /** Makes a chain's programs before it runs (src/engine/worker/warm-up.ts). */
    private readonly prepare: (chain: readonly StageInvocation[], size: GpuTexture) => Promise<void> = () =>
      Promise.resolve(),
  ) {
    this.runner = new StageRunner(backend);
  }

  /** A new request: what is left of an older one is dropped. */
  queue(generation: number): void {
    this.drop();
    this.work = { generation, jobs: thumbnailJobs(), sources: new Map(), of: null };
  }

  get pending(): boolean {
    return this.work !== null;
  }

  /** GPU passes run for thumbnails so far. */
  get passCount(): number {
    return this.runner.passCount;
  }

  /** Renders the next thumbnail of `base`; null once none is left (and the set's textures are freed). */
  async next(base: GpuTexture): Promise<Thumbnail | null> {
    const work = this.work;
    const job = work?.jobs.shift();
    if (!work || !job) {
      this.drop();
      return null;
    }
    const effect = findEffect(job.effectId);
    if (!effect) return this.next(base);
    const detail = detailScale(effect, base);
    const source = this.source(work, base, detail);
    const size = thumbnailSize(base.width, base.height);
    const stages = effect.stages(inImagePixels(effect, job.settings, detail), source);
    await this.prepare(stages, source);
    const output = await this.runner.backend.validate(() => {
      // A last resize (a camera's pixelated 2x) of an image already larger than the thumbnail is left to
      // the reduction: reducing its input by area gives the same thumbnail, for one pass fewer.
      const last = stages.at(-1);
      const resized = last?.stage === 'resize' && stages.length > 1;
      let made = this.runner.run(source, resized ? stages.slice(0, -1) : stages, this.resolve);
      if (resized && (made.width < size.width || made.height < size.height)) made = this.then(made, [last]);
      if (made.width === size.width && made.height === size.height) return made;
      // An effect that changed the size (a camera's resolution): reduced by area.
      return this.then(made, [{ stage: 'resize', params: { ...size, mode: RESIZE_AREA } }]);
    });
    try {
      const pixels = await this.runner.backend.readPixels(output);
      return { generation: work.generation, keys: job.keys, ...size, pixels };
    } finally {
      this.runner.pool.release(output);
    }
  }

  /** Runs `stages` on a texture of the set's own, which is released. */
  private then(texture: GpuTexture, stages: StageInvocation[]): GpuTexture {
    const made = this.runner.run(texture, stages, this.resolve);
    this.runner.pool.release(texture);
    return made;
  }

  /** Forgets the request and frees the set's textures (done, a new request, a lost context, the end). */
  drop(): void {
    for (const texture of this.work?.sources.values() ?? []) this.runner.pool.release(texture);
    this.work = null;
    this.runner.pool.trim();
  }

  /**
   * The photo reduced by `scale`, made once per set (and again if the base changed meanwhile), from the
   * smallest reduction already made that is larger: a 12 MP photo is read once, not once per scale.
   */
  private source(work: Work, base: GpuTexture, scale: number): GpuTexture {
    if (work.of !== base) {
      for (const texture of work.sources.values()) this.runner.pool.release(texture);
      work.sources.clear();
      work.of = base;
    }
    let texture = work.sources.get(scale);
    if (!texture) {
      const larger = [...work.sources].filter(([made]) => made > scale).sort(([a], [b]) => a - b)[0];
      const width = Math.max(1, Math.round(base.width * scale));
      const height = Math.max(1, Math.round(base.height * scale));
      texture = this.runner.run(larger?.[1] ?? base, [
        { stage: 'resize', params: { width, height, mode: RESIZE_AREA } },
      ]);
      work.sources.set(scale, texture);
    }
    return texture;
  }
}

/**
 * How a job runs. An effect with a setting in image pixels (a camera's resolution) is rendered as if the
 * photo were three times the thumbnail's size (`detail`, which scales those settings): at the thumbnail's
 * own size its JPEG blocks, its pixels and the lens reflection's coarse grids would be far larger,
 * relative to the thumbnail, than on the photo. Any other effect runs at the thumbnail's size.
 */
function detailScale(effect: EffectDefinition, base: GpuTexture): number {
  const oversample = effect.settings.some((setting) => setting.kind === 'range' && setting.imagePixels)
    ? CAMERA_OVERSAMPLE
    : 1;
  return Math.min(1, (oversample * THUMBNAIL_SIZE) / Math.max(base.width, base.height));
}

/** A length in image pixels at a scale, as the effect will be given it. */
function scaledPixels(value: number, scale: number): number {
  return Math.max(1, Math.round(value * scale));
}

/**
 * The settings measured in the image's pixels (a camera's resolution) scaled with the image, so that the
 * reduced photo is processed as the whole one is, relative to its size (and at a thumbnail's cost).
 */
function inImagePixels(effect: EffectDefinition, settings: Settings, scale: number): Settings {
  const scaled: Record<string, SettingValue> = { ...settings };
  for (const setting of effect.settings) {
    const value = settings[setting.name];
    if (setting.kind !== 'range' || typeof value !== 'number') continue;
    if (setting.imagePixels) scaled[setting.name] = scaledPixels(value, scale);
    if (setting.pixelNoise) scaled[setting.name] = value * scale;
  }
  return scaled;
}
