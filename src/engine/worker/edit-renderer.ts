/**
 * Renders an edit on the photo at the processing size: its crop of the original, then each step in
 * order (from the last collage picture on, which stands for everything before it). It keeps few results,
 * the ones a next change needs: the edit on screen's and its base's (what is shown and compared), and the
 * result the two share before they part (the input of the look being adjusted). So a slider of the last
 * look runs that look alone, a slider of the first of three runs the three, Undo of the last look runs
 * nothing; and the textures held are the same whatever the history, never one per step.
 */
import { croppedSize } from '../../crop/model/geometry.ts';
import { type CropGeometry } from '../../edit/crop.ts';
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import { stepStages } from '../../effects/strength.ts';
import { processingSize } from '../../pixels/processing-size.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import type { RenderEdit, RenderStep } from '../protocol.ts';
import type { StageRunner } from '../runner.ts';
import { cropAtSize, type ScalableOriginal } from './crop.ts';
import type { EngineResources } from './resources.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';

interface Kept {
  texture: GpuTexture;
  /** Released to the pool when let go (the photo and a collage's picture are not the renderer's to free). */
  owned: boolean;
}

/** The photo an edit is rendered on. */
export interface RenderPhoto {
  /** The photo as loaded, at the processing size (the renderer's from now on). */
  texture: GpuTexture;
  /** Its file, which a crop decodes the original from. */
  file: Blob;
  /** The day it was taken, for the date stamp. */
  taken: string;
}

/** An edit's result: its texture (kept by the renderer) and the key it is kept under. */
export interface Rendered {
  texture: GpuTexture;
  key: string;
}

export class EditRenderer {
  private photo: RenderPhoto | null = null;
  private kept = new Map<string, Kept>();

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

  /** A new photo (its texture taken over): every kept result is let go. */
  setPhoto(photo: RenderPhoto): void {
    this.clear();
    this.photo = photo;
  }

  /**
   * The results of `current` (what is shown) and `base` (the edit without the look being adjusted): made
   * from what is kept, and kept until the next call, with the result the two share before they part.
   */
  async render(base: RenderEdit, current: RenderEdit): Promise<{ base: Rendered; current: Rendered }> {
    const photo = this.requirePhoto();
    const currentKeys = chainKeys(current);
    const baseKeys = chainKeys(base);
    let shared = 0;
    while (shared < currentKeys.length && currentKeys[shared] === baseKeys[shared]) shared++;
    const keep = new Set([currentKeys.at(-1)!, baseKeys.at(-1)!]);
    if (shared > 0) keep.add(currentKeys[shared - 1]!);
    const made = new Map<string, Kept>();
    try {
      const shown = await this.make(photo, current, currentKeys, keep, made);
      const compared = await this.make(photo, base, baseKeys, keep, made);
      // What the next call needs stays; the rest (the results the last call kept) goes back to the pool.
      for (const [key, entry] of this.kept) if (!keep.has(key)) release(this.runner, entry);
      this.kept = new Map([...this.kept, ...made].filter(([key]) => keep.has(key)));
      return { current: shown, base: compared };
    } catch (error) {
      for (const [key, entry] of made) if (!this.kept.has(key)) release(this.runner, entry);
      throw error;
    }
  }

  /** Lets go of every kept result and the photo. */
  clear(): void {
    for (const entry of this.kept.values()) release(this.runner, entry);
    this.kept.clear();
    if (this.photo) this.runner.pool.release(this.photo.texture);
    this.photo = null;
  }

  /** How many results are kept (tests count GPU objects at rest). */
  get keptCount(): number {
    return this.kept.size;
  }

  /** An edit's result, from the last result kept along its chain; what `keep` names goes into `made`. */
  private async make(
    photo: RenderPhoto,
    edit: RenderEdit,
    keys: readonly string[],
    keep: ReadonlySet<string>,
    made: Map<string, Kept>,
  ): Promise<Rendered> {
    const found = (key: string) => made.get(key) ?? this.kept.get(key);
    let at = keys.length - 1;
    while (at >= 0 && !found(keys[at]!)) at--;
    const start = startOf(edit);
    let input: Kept;
    if (at >= 0) input = found(keys[at]!)!;
    else {
      at = 0;
      if (start.image) input = { texture: this.resources.image(start.image), owned: false };
      else if (edit.crop) input = { texture: await this.crop(photo, edit.crop), owned: true };
      else input = { texture: photo.texture, owned: false };
      if (keep.has(keys[0]!)) made.set(keys[0]!, input);
    }
    const steps = edit.steps.slice(start.from);
    for (let i = at + 1; i < keys.length; i++) {
      const step = steps[i - 1]!;
      const output: Kept = { texture: await this.runStep(step, input.texture, photo.taken), owned: true };
      // A step's input that nothing keeps goes back to the pool once the step has run.
      const key = keys[i - 1]!;
      if (input.owned && !keep.has(key) && !this.kept.has(key) && !made.has(key)) release(this.runner, input);
      if (keep.has(keys[i]!)) made.set(keys[i]!, output);
      input = output;
    }
    const key = keys.at(-1)!;
    if (!found(key)) made.set(key, input);
    return { texture: input.texture, key };
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

function release(runner: StageRunner, entry: Kept): void {
  if (entry.owned) runner.pool.release(entry.texture);
}

/** The keys of an edit's results along its chain: where it starts, then after each step. */
function chainKeys(edit: RenderEdit): string[] {
  const start = startOf(edit);
  const keys = [start.key];
  for (const step of edit.steps.slice(start.from)) keys.push(`${keys.at(-1)!}|${stepKey(step)}`);
  return keys;
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
