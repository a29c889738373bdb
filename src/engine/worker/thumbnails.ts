/**
 * Thumbnails of the user's photo with each effect and look (issue 23). The photo is reduced once to three times
 * the thumbnail size; each effect runs on that and its result is reduced to the thumbnail by area, then
 * encoded here in the worker. One thumbnail per call: the worker's queue runs them between its other
 * messages, so an apply waits for one thumbnail at most.
 */
import { findEffect } from '../../effects/index.ts';
import { THUMBNAIL_SIZE, thumbnailJobs, thumbnailSize, type ThumbnailJob } from '../../effects/thumbnails.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import type { StageRunner } from '../runner.ts';
import type { TextureResolver } from '../stages/types.ts';
import { RESIZE_AREA } from '../stages/resize.ts';

/** The effects run on the photo at this many times the thumbnail's size, then are reduced. */
const OVERSAMPLE = 3;

export interface Thumbnail {
  generation: number;
  key: string;
  image: Blob;
}

interface Work {
  generation: number;
  jobs: ThumbnailJob[];
  /** The photo reduced for thumbnails, and the base it was made from. */
  source: { texture: GpuTexture; of: GpuTexture } | null;
}

export class ThumbnailRenderer {
  private work: Work | null = null;

  constructor(
    private readonly runner: StageRunner,
    private readonly backend: Backend,
    private readonly resolve: TextureResolver,
  ) {}

  /** A new request: what is left of an older one is dropped. */
  queue(generation: number): void {
    this.drop();
    this.work = { generation, jobs: thumbnailJobs(), source: null };
  }

  get pending(): boolean {
    return this.work !== null;
  }

  /** Renders the next thumbnail of `base`; null once none is left. */
  async next(base: GpuTexture): Promise<Thumbnail | null> {
    const work = this.work;
    const job = work?.jobs.shift();
    if (!work || !job) {
      this.drop();
      return null;
    }
    if (work.source?.of !== base) {
      if (work.source) this.runner.pool.release(work.source.texture);
      work.source = { texture: this.reduce(base), of: base };
    }
    const effect = findEffect(job.effectId);
    if (!effect) return this.next(base);
    const source = work.source.texture;
    const size = thumbnailSize(base.width, base.height);
    const output = await this.backend.validate(() =>
      this.runner.run(
        source,
        [...effect.stages(job.settings, source), { stage: 'resize', params: { ...size, mode: RESIZE_AREA } }],
        this.resolve,
      ),
    );
    try {
      return { generation: work.generation, key: job.key, image: await this.encode(output) };
    } finally {
      this.runner.pool.release(output);
    }
  }

  /** Forgets the request and frees its texture (a new photo, a lost context, the engine's end). */
  drop(): void {
    if (this.work?.source) this.runner.pool.release(this.work.source.texture);
    this.work = null;
  }

  private reduce(base: GpuTexture): GpuTexture {
    const scale = Math.min(1, (OVERSAMPLE * THUMBNAIL_SIZE) / Math.max(base.width, base.height));
    const width = Math.max(1, Math.round(base.width * scale));
    const height = Math.max(1, Math.round(base.height * scale));
    return this.runner.run(base, [{ stage: 'resize', params: { width, height, mode: RESIZE_AREA } }]);
  }

  private async encode(texture: GpuTexture): Promise<Blob> {
    const pixels = await this.backend.readPixels(texture);
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
