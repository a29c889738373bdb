/**
 * Thumbnails of the user's photo with each effect and look (issue 23). Each effect runs on the photo
 * reduced to the thumbnail's size (a camera effect, whose resolution is in image pixels, on three times
 * that, with its resolution scaled alike), a result of another size is reduced by area, and the thumbnail
 * is encoded here in the worker. One thumbnail per call: the worker's queue runs them between its other
 * messages, so an apply waits for one thumbnail at most.
 */
import { findEffect } from '../../effects/index.ts';
import { THUMBNAIL_SIZE, thumbnailJobs, thumbnailSize, type ThumbnailJob } from '../../effects/thumbnails.ts';
import type { EffectDefinition, SettingValue, Settings } from '../../effects/types.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import { StageRunner } from '../runner.ts';
import { RESIZE_AREA } from '../stages/resize.ts';
import type { TextureResolver } from '../stages/types.ts';

/** How many times the thumbnail's size an effect with a resolution of its own runs at. */
const CAMERA_OVERSAMPLE = 3;

export interface Thumbnail {
  generation: number;
  key: string;
  image: Blob;
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
    // A camera's resolution (its blocks, its pixels) needs room: such effects run at a larger size.
    const oversample = effect.settings.some((setting) => setting.kind === 'range' && setting.imagePixels)
      ? CAMERA_OVERSAMPLE
      : 1;
    const scale = Math.min(1, (oversample * THUMBNAIL_SIZE) / Math.max(base.width, base.height));
    const source = this.source(work, base, scale);
    const size = thumbnailSize(base.width, base.height);
    const output = await this.runner.backend.validate(() => {
      const made = this.runner.run(
        source,
        effect.stages(inImagePixels(effect, job.settings, scale), source),
        this.resolve,
      );
      if (made.width === size.width && made.height === size.height) return made;
      // An effect that changed the size (a camera's resolution, its 2x upscale): reduced by area.
      const reduced = this.runner.run(made, [{ stage: 'resize', params: { ...size, mode: RESIZE_AREA } }]);
      this.runner.pool.release(made);
      return reduced;
    });
    try {
      return { generation: work.generation, key: job.key, image: await this.encode(output) };
    } finally {
      this.runner.pool.release(output);
    }
  }

  /** Forgets the request and frees the set's textures (done, a new request, a lost context, the end). */
  drop(): void {
    for (const texture of this.work?.sources.values() ?? []) this.runner.pool.release(texture);
    this.work = null;
    this.runner.pool.trim();
  }

  /** The photo reduced by `scale`, made once per set (and again if the base changed meanwhile). */
  private source(work: Work, base: GpuTexture, scale: number): GpuTexture {
    if (work.of !== base) {
      for (const texture of work.sources.values()) this.runner.pool.release(texture);
      work.sources.clear();
      work.of = base;
    }
    let texture = work.sources.get(scale);
    if (!texture) {
      const width = Math.max(1, Math.round(base.width * scale));
      const height = Math.max(1, Math.round(base.height * scale));
      texture = this.runner.run(base, [{ stage: 'resize', params: { width, height, mode: RESIZE_AREA } }]);
      work.sources.set(scale, texture);
    }
    return texture;
  }

  private async encode(texture: GpuTexture): Promise<Blob> {
    const pixels = await this.runner.backend.readPixels(texture);
    const canvas = new OffscreenCanvas(texture.width, texture.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context for thumbnails');
    context.putImageData(
      new ImageData(new Uint8ClampedArray(pixels.buffer), texture.width, texture.height),
      0,
      0,
    );
    return canvas.convertToBlob({ type: 'image/png' });
  }
}

/**
 * The settings measured in the image's pixels (a camera's resolution) scaled with the image, so that the
 * reduced photo is processed as the whole one is, relative to its size (and at a thumbnail's cost).
 */
function inImagePixels(effect: EffectDefinition, settings: Settings, scale: number): Settings {
  const scaled: Record<string, SettingValue> = { ...settings };
  for (const setting of effect.settings) {
    const value = settings[setting.name];
    if (setting.kind === 'range' && setting.imagePixels && typeof value === 'number') {
      scaled[setting.name] = Math.max(1, Math.round(value * scale));
    }
  }
  return scaled;
}
