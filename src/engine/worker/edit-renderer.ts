/**
 * Renders an edit on the photo at the processing size: its crop of the original, then each step in
 * order (from the last collage picture on, which stands for everything before it). Each step's result
 * is kept under the steps that made it, so a change re-renders only the steps from the first one that
 * differs: a slider of the first of three looks runs three steps, Undo of the last look runs none. The
 * kept results are few (the least recently used go back to the texture pool), and the ones the engine
 * shows are never let go while shown.
 */
import { croppedSize, type CropGeometry } from '../../crop/model/geometry.ts';
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import { stepStages } from '../../effects/strength.ts';
import { processingSize } from '../../pixels/processing-size.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import type { RenderEdit, RenderStep } from '../protocol.ts';
import type { StageRunner } from '../runner.ts';
import { cropAtSize, type ScalableOriginal } from './crop.ts';
import type { EngineResources } from './resources.ts';
import type { StageInvocation } from '../stages/invocation.ts';

/** Step results kept besides the ones shown. */
export const KEPT_RESULTS = 6;

interface Kept {
  texture: GpuTexture;
  /** Released to the pool when let go (a collage's picture belongs to the resources instead). */
  owned: boolean;
  used: number;
}

/** The photo an edit is rendered on. */
export interface RenderPhoto {
  /** The photo as loaded, at the processing size. */
  texture: GpuTexture;
  /** Its file, which a crop decodes the original from. */
  file: Blob;
  /** The day it was taken, for the date stamp. */
  taken: string;
}

export class EditRenderer {
  private photo: RenderPhoto | null = null;
  private readonly kept = new Map<string, Kept>();
  private clock = 0;
  /** The keys of the results shown now (the edit on screen's and its base's): never let go. */
  private pinned = new Set<string>();

  constructor(
    private readonly runner: StageRunner,
    private readonly backend: Backend,
    private readonly resources: EngineResources,
    private readonly decode: (file: Blob) => Promise<ScalableOriginal>,
    /** Makes a chain's programs ahead of its first run (the engine's warmer). */
    private readonly warm: (chain: StageInvocation[], size: GpuTexture) => Promise<void> = async () => {},
  ) {}

  get taken(): string | null {
    return this.photo?.taken ?? null;
  }

  get hasPhoto(): boolean {
    return this.photo !== null;
  }

  /** A new photo (its texture taken over): every kept result is let go. */
  setPhoto(photo: RenderPhoto): void {
    this.clear();
    this.photo = photo;
  }

  /**
   * The result of `edit`'s crop and steps (its frame is drawn when it is shown). It stays valid until it
   * is no longer among the `keep` results of a later call: pass the keys of everything still shown.
   */
  async render(edit: RenderEdit): Promise<{ texture: GpuTexture; key: string }> {
    const photo = this.requirePhoto();
    const start = startOf(edit);
    let key = start.key;
    let texture = this.reuse(key);
    if (!texture) {
      if (start.image) texture = this.keep(key, this.resources.image(start.image), false);
      else if (edit.crop) texture = this.keep(key, await this.crop(photo, edit.crop), true);
      else texture = this.keep(key, photo.texture, false);
    }
    for (const step of edit.steps.slice(start.from)) {
      key = `${key}|${stepKey(step)}`;
      const cached = this.reuse(key);
      texture = cached ?? this.keep(key, await this.runStep(step, texture, photo.taken), true);
      // A long edit rendered afresh holds no more results at once than the limit.
      this.trim();
    }
    return { texture, key };
  }

  /** The results shown now: kept whatever else is let go. */
  pin(keys: readonly string[]): void {
    this.pinned = new Set(keys);
    this.trim();
  }

  /** Lets go of the least recently used results beyond the limit, never a pinned one. */
  private trim(): void {
    const loose = [...this.kept]
      .filter(([key]) => !this.pinned.has(key))
      .sort((a, b) => a[1].used - b[1].used);
    for (const [key, entry] of loose.slice(0, Math.max(0, loose.length - KEPT_RESULTS))) {
      this.letGo(key, entry);
    }
  }

  /** Lets go of every kept result and the photo. */
  clear(): void {
    for (const [key, entry] of this.kept) this.letGo(key, entry);
    this.pinned.clear();
    if (this.photo) this.runner.pool.release(this.photo.texture);
    this.photo = null;
  }

  /** How many step results are kept (tests count GPU objects at rest). */
  get keptCount(): number {
    return this.kept.size;
  }

  private reuse(key: string): GpuTexture | null {
    const entry = this.kept.get(key);
    if (!entry) return null;
    entry.used = ++this.clock;
    return entry.texture;
  }

  private keep(key: string, texture: GpuTexture, owned: boolean): GpuTexture {
    this.kept.set(key, { texture, owned, used: ++this.clock });
    return texture;
  }

  private letGo(key: string, entry: Kept): void {
    this.kept.delete(key);
    if (entry.owned) this.runner.pool.release(entry.texture);
  }

  private async crop(photo: RenderPhoto, geometry: CropGeometry): Promise<GpuTexture> {
    const original = await this.decode(photo.file);
    const crop = croppedSize(geometry);
    return cropAtSize(this.runner, this.backend, original, geometry, processingSize(crop.width, crop.height));
  }

  private async runStep(step: RenderStep, input: GpuTexture, taken: string): Promise<GpuTexture> {
    if (step.kind !== 'effect') throw new Error('A collage picture cannot follow the steps it replaced');
    const effect = findEffect(step.effectId);
    if (!effect || effect.runsOn !== 'worker') throw new Error(`Unknown effect: ${step.effectId}`);
    const size = { width: input.width, height: input.height, taken };
    const chain = stepStages(effect, resolveSettings(effect, step.settings), size);
    await this.warm(chain, input);
    const resolve = this.resources.forStep(step);
    return this.backend.validate(() => this.runner.run(input, chain, resolve));
  }

  private requirePhoto(): RenderPhoto {
    if (!this.photo) throw new Error('No image is loaded');
    return this.photo;
  }
}

/** Where rendering starts: the last collage's picture, else the crop, else the photo. */
function startOf(edit: RenderEdit): { key: string; image: string | null; from: number } {
  for (let i = edit.steps.length - 1; i >= 0; i--) {
    const step = edit.steps[i];
    if (step?.kind === 'image') return { key: `image:${step.image}`, image: step.image, from: i + 1 };
  }
  return { key: edit.crop ? `crop:${JSON.stringify(edit.crop)}` : 'photo', image: null, from: 0 };
}

/** What a step's result depends on besides its input. */
function stepKey(step: RenderStep): string {
  if (step.kind === 'image') return `image:${step.image}`;
  const settings = Object.keys(step.settings)
    .sort()
    .map((name) => `${name}=${String(step.settings[name])}`)
    .join('&');
  return `${step.effectId}?${settings}#${step.cube ?? ''}#${step.mask ?? ''}`;
}
