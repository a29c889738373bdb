/**
 * The edit: what the user has made of the photo, as one value. Its crop (made from the original, so it
 * comes first), its steps in order (looks with their settings and strength, a collage made on the page),
 * and its frame (drawn last, around everything). The resources the steps need are named by content or by
 * id, never held here: a `.cube` by a hash of its text, a painted mask or a collage's picture by an id the
 * editor's resource store keeps. Every consumer reads this one value: the preview, the saves, a batch,
 * the links, the recipes, recovery. Pure and worker-safe.
 */
import type { SettingValue } from '../pipeline/settings.ts';
import type { CropChoice } from './crop.ts';
import { NO_FRAME, type FrameChoice } from './frame.ts';

export type StepSettings = Readonly<Record<string, SettingValue>>;

/** A look: an effect with its settings (its strength among them). */
export interface EffectStep {
  readonly kind: 'effect';
  /** Unique within the photo's edit: what the step list, Undo and the worker's cache know it by. */
  readonly id: string;
  readonly effectId: string;
  readonly settings: StepSettings;
  /** The user's `.cube` table the step's 'Your .cube file' look reads: a hash of its text. */
  readonly cube?: string;
  /** The freehand mask painted for Blur/Pixelate's draw mode: its id in the resource store. */
  readonly mask?: string;
}

/** A picture made on the page (a collage) that replaced everything before it. */
export interface ImageStep {
  readonly kind: 'image';
  readonly id: string;
  /** Its picture's id in the resource store. */
  readonly image: string;
  readonly width: number;
  readonly height: number;
  /** The effect that made it (the collage's id): what a saved file is named after. */
  readonly effectId: string;
}

export type BodyStep = EffectStep | ImageStep;

export interface Edit {
  /** The crop of the original, made before every step; null for the whole photo. */
  readonly crop: CropChoice | null;
  readonly steps: readonly BodyStep[];
  /** The frame around the result; NO_FRAME for none. */
  readonly frame: FrameChoice;
}

export const EMPTY_EDIT: Edit = { crop: null, steps: [], frame: NO_FRAME };

/** The step ids of the fixed places: the crop's and the frame's. */
export const CROP_STEP_ID = 'crop';
export const FRAME_STEP_ID = 'frame';

export function findStep(edit: Edit, id: string): BodyStep | undefined {
  return edit.steps.find((step) => step.id === id);
}

/** The effect steps that run on the photo: those after the last collage, which made its own picture. */
export function effectsAfterImage(edit: Edit): { image: ImageStep | null; effects: EffectStep[] } {
  let image: ImageStep | null = null;
  let effects: EffectStep[] = [];
  for (const step of edit.steps) {
    if (step.kind === 'image') {
      image = step;
      effects = [];
    } else effects.push(step);
  }
  return { image, effects };
}

/** Whether a collage is part of the edit (its picture was made at the preview's size, once). */
export function hasImage(edit: Edit): boolean {
  return edit.steps.some((step) => step.kind === 'image');
}

/** The edit with `step` in place of the step of the same id, or added at the end when it has none. */
export function withStep(edit: Edit, step: BodyStep): Edit {
  const at = edit.steps.findIndex((s) => s.id === step.id);
  const steps = at < 0 ? [...edit.steps, step] : edit.steps.map((s, i) => (i === at ? step : s));
  return { ...edit, steps };
}

export function withoutStep(edit: Edit, id: string): Edit {
  if (id === CROP_STEP_ID) return { ...edit, crop: null };
  if (id === FRAME_STEP_ID) return { ...edit, frame: NO_FRAME };
  return { ...edit, steps: edit.steps.filter((step) => step.id !== id) };
}

export function withCrop(edit: Edit, crop: CropChoice | null): Edit {
  return { ...edit, crop };
}

export function withFrame(edit: Edit, frame: FrameChoice): Edit {
  return { ...edit, frame };
}

/**
 * A step id not used by any of `edits`: 's1', 's2', ... (the crop's and the frame's are fixed), so that a
 * step keeps its id through every version of the edit the history holds.
 */
export function newStepId(edits: readonly Edit[]): string {
  let highest = 0;
  for (const edit of edits) {
    for (const step of edit.steps) {
      const n = /^s(\d+)$/.exec(step.id)?.[1];
      if (n) highest = Math.max(highest, Number(n));
    }
  }
  return `s${highest + 1}`;
}

/** Successive step ids unused by any of `edits` (for the steps of a recipe taken as a whole). */
export function stepIds(edits: readonly Edit[]): () => string {
  let next = Number(newStepId(edits).slice(1));
  return () => `s${next++}`;
}

/** The resources an edit names: its .cube hashes, mask ids and picture ids. */
export function resourcesOf(edit: Edit): { cubes: string[]; masks: string[]; images: string[] } {
  const cubes = new Set<string>();
  const masks = new Set<string>();
  const images = new Set<string>();
  for (const step of edit.steps) {
    if (step.kind === 'image') images.add(step.image);
    else {
      if (step.cube) cubes.add(step.cube);
      if (step.mask) masks.add(step.mask);
    }
  }
  return { cubes: [...cubes], masks: [...masks], images: [...images] };
}
