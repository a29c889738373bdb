/**
 * What the editor keeps so that it can rebuild the worker's images from scratch: the loaded image (at the
 * processing size), every committed step in order with the undo position, and the applied but
 * uncommitted effect. When the GPU is lost or the worker dies, a fresh worker replays this log and the
 * user's image and history come back. The bitmaps here are copies owned by the log.
 */
import type { CropChoice } from '../crop/crop-choice.ts';
import type { FullResolutionStep } from '../engine/protocol.ts';
import { type SettingsRecord } from './state/editor-state.ts';

export interface EffectStep {
  kind: 'effect';
  effectId: string;
  settings: SettingsRecord;
  /** Smart blur's freehand mask, for draw mode. */
  mask: ImageBitmap | null;
}

/** An image made on the main thread (a collage) that became the base. */
export interface ImageStep {
  kind: 'image';
  image: ImageBitmap;
  width: number;
  height: number;
  /** The effect id that made it (the collage's). */
  step: string;
}

/**
 * A crop: made from the original, the effects committed before it run again on it. The latest
 * crop applied is the one in force (each is made from the original, not from the crop before it).
 */
export interface CropStep {
  kind: 'crop';
  choice: CropChoice;
  /** Its history step id ('crop-4-5'). */
  step: string;
}

/**
 * A recipe applied (one step of the history): the whole edit made again from the photo as loaded, its
 * crop (fitted to this photo) and then its effects. What came before it is replaced, not built on.
 */
export interface RecipeLogStep {
  kind: 'recipe';
  /** Its history step id ('recipe:Party 2005'). */
  step: string;
  crop: CropChoice | null;
  effects: EffectStep[];
}

export type Step = EffectStep | ImageStep | CropStep | RecipeLogStep;

export interface Source {
  image: ImageBitmap;
  processing: { width: number; height: number };
  original: { width: number; height: number };
  /**
   * The file itself (compressed, as chosen), which the full-resolution export decodes again in the
   * worker: the page never holds the original's pixels.
   */
  file: Blob;
  /** The day the photo was taken, where its EXIF says (the date stamp's date). */
  taken?: string;
}

/**
 * The effects as the worker replays them (a save, a batch's photo, a crop), with copies of their masks
 * for the worker to take: the log keeps its own.
 */
export function workerSteps(effects: readonly EffectStep[]): Promise<FullResolutionStep[]> {
  return Promise.all(
    effects.map(async (step) => ({
      effectId: step.effectId,
      settings: step.settings,
      ...(step.mask ? { mask: await createImageBitmap(step.mask) } : {}),
    })),
  );
}

function close(step: Step | null | undefined): void {
  if (!step) return;
  if (step.kind === 'effect') step.mask?.close();
  else if (step.kind === 'image') step.image.close();
}

/** The steps from the last recipe on (a recipe replaces what came before it). */
function sinceRecipe(steps: Step[]): Step[] {
  for (let index = steps.length - 1; index >= 0; index--) {
    if (steps[index]?.kind === 'recipe') return steps.slice(index);
  }
  return steps;
}

export class RecoveryLog {
  source: Source | null = null;
  /** Committed steps; the first `position` are applied, the rest can be redone. */
  steps: Step[] = [];
  position = 0;
  /** The effect on screen but not committed. */
  current: EffectStep | null = null;
  /** An apply sent but not yet confirmed by the worker. */
  private pending: EffectStep | null = null;

  loaded(source: Source): void {
    this.clear();
    this.source = source;
  }

  applying(step: EffectStep): void {
    close(this.pending);
    this.pending = step;
  }

  /** The worker finished the apply: it is now what the canvas shows. */
  applied(): void {
    if (!this.pending) return;
    if (this.current !== this.pending) close(this.current);
    this.current = this.pending;
    this.pending = null;
  }

  /** The apply failed: the worker still shows what it showed before. */
  applyFailed(): void {
    close(this.pending);
    this.pending = null;
  }

  /** The current effect became the base. Steps that could have been redone are gone. */
  committed(): void {
    if (!this.current) return;
    this.commitStep(this.current);
    this.current = null;
  }

  /** An image from the main thread became the base (a collage). */
  replaced(step: ImageStep): void {
    close(this.current);
    this.current = null;
    this.commitStep(step);
  }

  /**
   * The effects the image on screen has been through, committed ones first, then the current one: what a
   * full-resolution export replays on the original (on its crop, when one is in force). Null when a
   * collage is among them (it was made on the page, at the preview size, and cannot be made again at
   * another).
   */
  effectsSinceLoad(): EffectStep[] | null {
    const effects = this.effectsBefore(this.position);
    if (!effects) return null;
    return this.current ? [...effects, this.current] : effects;
  }

  /** The committed effects among the first `count` steps; null when a collage is among them. */
  effectsBefore(count: number): EffectStep[] | null {
    const applied = sinceRecipe(this.steps.slice(0, count));
    if (applied.some((step) => step.kind === 'image')) return null;
    return applied.flatMap((step) =>
      step.kind === 'effect' ? [step] : step.kind === 'recipe' ? step.effects : [],
    );
  }

  /** The crop in force: the last one applied (a recipe's own, when it was last), if any. */
  crop(): CropChoice | null {
    const applied = sinceRecipe(this.steps.slice(0, this.position));
    for (const step of applied.toReversed()) {
      if (step.kind === 'crop') return step.choice;
      if (step.kind === 'recipe') return step.crop;
    }
    return null;
  }

  /** A recipe became the base: the effect on screen is let go, as the worker let it go. */
  recipeApplied(step: RecipeLogStep): void {
    close(this.current);
    this.current = null;
    this.commitStep(step);
  }

  /**
   * A crop became the base. The worker committed the current effect first (the crop is made with it),
   * so the log does too.
   */
  cropped(step: CropStep): void {
    this.committed();
    this.commitStep(step);
  }

  reset(): void {
    close(this.current);
    this.current = null;
  }

  undone(): void {
    if (this.position > 0) this.position--;
    close(this.current);
    this.current = null;
  }

  redone(): void {
    if (this.position < this.steps.length) this.position++;
    close(this.current);
    this.current = null;
  }

  clear(): void {
    this.source?.image.close();
    this.source = null;
    for (const step of this.steps) close(step);
    this.steps = [];
    this.position = 0;
    close(this.current);
    this.current = null;
    close(this.pending);
    this.pending = null;
  }

  private commitStep(step: Step): void {
    for (const dropped of this.steps.splice(this.position)) close(dropped);
    this.steps.push(step);
    this.position = this.steps.length;
  }
}
