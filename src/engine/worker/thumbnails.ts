/**
 * Thumbnails of the user's photo with each effect and look. Each effect runs on the photo
 * reduced to the thumbnail's size (or its `thumbnailDetail` times that; a camera's resolution is scaled
 * as if the photo were CAMERA_OVERSAMPLE times the thumbnail's size), a result of another size is
 * reduced by area, and the result is copied into its cell of an atlas. The atlas of a group (the
 * effects, then the looks) is read back once, when its last cell is made (one read-back a
 * group, not one a thumbnail), and its cells handed over as they are: no encoding. A call renders one
 * camera effect or a few looks (PASSES_PER_CALL), its GPU work finished before it ends: the worker's
 * queue runs calls between its other messages, so an apply waits for one call at most, and the worker's
 * rest after a call is as long as the call took.
 */
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import {
  THUMBNAIL_SIZE,
  recipeThumbnailJob,
  thumbnailSet,
  thumbnailSize,
  type ThumbnailJob,
} from '../../effects/thumbnail-jobs.ts';
import type { RecipeThumbnailJob } from '../protocol.ts';
import type { EffectDefinition, SettingValue, Settings } from '../../effects/types.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import { StageRunner } from '../runner.ts';
import { RESIZE_AREA } from '../../pipeline/stages/resize/stage.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';
import type { TextureResolver } from '../../pipeline/stages/types.ts';
import { stepStages } from '../../effects/strength.ts';

/**
 * A camera's resolution is scaled as if the photo were this many times the thumbnail's size: its JPEG
 * blocks and pixels are then, relative to the thumbnail, near what they are on the photo reduced. The
 * stages before the camera's resize run on the photo at the thumbnail's size all the same (its
 * `thumbnailDetail` times that): the resize takes its detail from there, and running them on the larger
 * photo would cost the set's time for no difference a thumbnail shows.
 */
const CAMERA_OVERSAMPLE = 2.25;

/**
 * A call renders jobs until it has run this many passes (a camera effect alone, or a handful of looks of
 * one pass each), then finishes its GPU work: a call ends with its work done, so the worker's rest after
 * it is as long as it took, and no queue of thumbnail work is left for an apply to wait behind.
 */
const PASSES_PER_CALL = 10;

export interface Thumbnail {
  generation: number;
  keys: readonly string[];
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8Array<ArrayBuffer>;
}

/** A job of a call, its stages made for the photo reduced for it (`source`). */
interface Run {
  job: ThumbnailJob;
  source: GpuTexture;
  stages: StageInvocation[];
}

interface Work {
  generation: number;
  jobs: ThumbnailJob[];
  /** The group being gathered: its atlas and the keys of its cells so far, in order. */
  atlas: { texture: GpuTexture; columns: number; cells: (readonly string[])[] } | null;
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
  queue(generation: number, recipes: readonly RecipeThumbnailJob[] = []): void {
    this.drop();
    const jobs = thumbnailSet(recipes.map((recipe) => recipeThumbnailJob(recipe.key, recipe.steps)));
    this.work = { generation, jobs, atlas: null, sources: new Map(), of: null };
  }

  get pending(): boolean {
    return this.work !== null;
  }

  /** GPU passes run for thumbnails so far. */
  get passCount(): number {
    return this.runner.passCount;
  }

  /**
   * Renders the next few thumbnails of `base` (one camera effect, or looks up to PASSES_PER_CALL) into
   * their group's atlas: the group's thumbnails once it is complete, none before; null once none is left
   * (and the set's textures are freed).
   */
  async next(base: GpuTexture): Promise<Thumbnail[] | null> {
    const work = this.work;
    if (!work?.jobs.length) {
      this.drop();
      return null;
    }
    const size = thumbnailSize(base.width, base.height);
    const runs = this.plan(work, base, size);
    for (const run of runs) await this.prepare(run.stages, run.source);
    // Checked for errors once for the call, not once a thumbnail (each check waits on the GPU process).
    await this.runner.backend.validate(() => {
      for (const run of runs) this.place(work, run, size);
    });
    const done = runs.at(-1)?.job;
    const following = work.jobs[0];
    if (done && (!following || group(following) !== group(done))) return this.readBack(work, size);
    await this.runner.backend.finish();
    return [];
  }

  /** The jobs of this call, taken from the set: one at least, of one group, within PASSES_PER_CALL. */
  private plan(work: Work, base: GpuTexture, size: { width: number; height: number }): Run[] {
    work.atlas ??= this.atlas(work.jobs, size);
    const runs: Run[] = [];
    let stageCount = 0;
    for (let job = work.jobs[0]; job; job = work.jobs[0]) {
      const first = runs[0]?.job;
      if (first && group(job) !== group(first)) break;
      const { source, stages } = this.stagesOf(work, job, base);
      if (first && stageCount + stages.length > PASSES_PER_CALL) break;
      work.jobs.shift();
      stageCount += stages.length;
      runs.push({ job, source, stages });
    }
    return runs;
  }

  /** A job's stages, and the photo reduced for it (a recipe's: for the most detailed of its effects). */
  private stagesOf(work: Work, job: ThumbnailJob, base: GpuTexture) {
    const chain = (job.chain ?? [job]).flatMap((step) => {
      const effect = findEffect(step.effectId);
      return effect?.runsOn === 'worker' ? [{ effect, settings: step.settings }] : [];
    });
    const detail = Math.max(1, ...chain.map(({ effect }) => effect.thumbnailDetail ?? 1));
    // Reductions are kept for the set: one made here for a job left to the next call is not wasted.
    const source = this.source(work, base, scaleFor(chain.length > 0 ? detail : 1, base));
    const stages = chain.flatMap(({ effect, settings }) => {
      const given = job.chain ? resolveSettings(effect, settings) : settings;
      return stepStages(effect, inImagePixels(effect, given, cameraScale(effect, base)), source);
    });
    return { source, stages };
  }

  /** Renders a job and copies its thumbnail into the next cell of its group's atlas. */
  private place(work: Work, run: Run, size: { width: number; height: number }): void {
    if (run.stages.length === 0) return;
    const atlas = work.atlas;
    if (!atlas) return;
    const made = this.render(run, size);
    const cell = atlas.cells.length;
    const x = (cell % atlas.columns) * size.width;
    this.runner.backend.copyInto(made, atlas.texture, x, Math.floor(cell / atlas.columns) * size.height);
    this.runner.pool.release(made);
    atlas.cells.push(run.job.keys);
  }

  /** The atlas of the group `jobs` begins with: a cell for each, in rows no wider than the device allows. */
  private atlas(jobs: readonly ThumbnailJob[], size: { width: number; height: number }) {
    const first = jobs[0];
    const end = jobs.findIndex((other) => first && group(other) !== group(first));
    const count = Math.max(1, end < 0 ? jobs.length : end);
    const columns = Math.max(1, Math.min(count, Math.floor(this.runner.backend.maxTextureSize / size.width)));
    const rows = Math.ceil(count / columns);
    const texture = this.runner.pool.acquire(columns * size.width, rows * size.height, 'rgba8unorm');
    return { texture, columns, cells: [] };
  }

  /** The group's atlas read back once and cut into its thumbnails. */
  private async readBack(work: Work, size: { width: number; height: number }): Promise<Thumbnail[]> {
    const atlas = work.atlas;
    if (!atlas) return [];
    work.atlas = null;
    try {
      const pixels = await this.runner.backend.readPixels(atlas.texture);
      const stride = atlas.texture.width * 4;
      const row = size.width * 4;
      return atlas.cells.map((keys, cell) => {
        const left = (cell % atlas.columns) * row;
        const top = Math.floor(cell / atlas.columns) * size.height;
        const own = new Uint8Array(row * size.height);
        for (let y = 0; y < size.height; y++) {
          const start = (top + y) * stride + left;
          own.set(pixels.subarray(start, start + row), y * row);
        }
        return { generation: work.generation, keys, ...size, pixels: own };
      });
    } finally {
      this.runner.pool.release(atlas.texture);
    }
  }

  /** One job's thumbnail, a texture of the set's own at the thumbnail's size. */
  private render({ source, stages }: Run, size: { width: number; height: number }): GpuTexture {
    // A last resize (a camera's pixelated 2x) of an image already larger than the thumbnail is left to
    // the reduction: reducing its input by area gives the same thumbnail, for one pass fewer.
    const last = stages.at(-1);
    const resized = last?.stage === 'resize' && stages.length > 1;
    let made = this.runner.run(source, resized ? stages.slice(0, -1) : stages, this.resolve);
    if (resized && (made.width < size.width || made.height < size.height)) made = this.then(made, [last]);
    if (made.width === size.width && made.height === size.height) return made;
    // An effect that changed the size (a camera's resolution): reduced by area.
    return this.then(made, [{ stage: 'resize', params: { ...size, mode: RESIZE_AREA } }]);
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
    if (this.work?.atlas) this.runner.pool.release(this.work.atlas.texture);
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

/** A job's group: its atlas is read back when the group's last thumbnail is made. */
function group(job: ThumbnailJob): string {
  return job.keys[0]?.split(':')[0] ?? '';
}

/**
 * The scale of a job's settings in image pixels (a camera's resolution): as if the photo were
 * CAMERA_OVERSAMPLE times the thumbnail's size. At the thumbnail's own size its JPEG blocks and pixels
 * would be far larger, relative to the thumbnail, than on the photo.
 */
function cameraScale(effect: EffectDefinition, base: GpuTexture): number {
  const camera = effect.settings.some((setting) => setting.kind === 'range' && setting.imagePixels);
  return scaleFor(camera ? CAMERA_OVERSAMPLE : 1, base);
}

/** The scale of the photo at `times` the thumbnail's size (never enlarged). */
function scaleFor(times: number, base: GpuTexture): number {
  return Math.min(1, (times * THUMBNAIL_SIZE) / Math.max(base.width, base.height));
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
