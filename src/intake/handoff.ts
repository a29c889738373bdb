/**
 * The landing page hands the chosen file to the editor in memory (nothing is stored or sent anywhere):
 * the file, the formats it was accepted under, and its decoded image when the preview already made one.
 */
import type { DecodedImage } from './decode.ts';
import type { AcceptedFormat } from './formats.ts';
import type { Recipe } from '../edit/recipe.ts';

/**
 * A look to apply to the photo as its first step (a camera shot's), kept as a step so Undo takes it back:
 * one effect, or a recipe (applied whole, its crop and frame too, as one step 'Recipe: <name>').
 */
export type FirstStep = EffectFirstStep | { recipe: Recipe };

export interface EffectFirstStep {
  effectId: string;
  settings: Readonly<Record<string, string | number | boolean>>;
}

/** A camera shot's look as its first step: its recipe, else its effect, else none (the frame as taken). */
export function firstStepOf(look: {
  effectId: string | null;
  settings: EffectFirstStep['settings'];
  recipe?: Recipe;
}): FirstStep | null {
  if (look.recipe) return { recipe: look.recipe };
  return look.effectId ? { effectId: look.effectId, settings: look.settings } : null;
}

export interface Handoff {
  file: Blob;
  formats: readonly AcceptedFormat[];
  decoded?: DecodedImage;
  firstStep?: FirstStep;
  /** Every photo chosen together with `file` (it first), for the editor's batch. */
  together?: readonly File[];
}

let pending: Handoff | null = null;

export function handOver(handoff: Handoff): void {
  if (pending?.decoded && pending.decoded !== handoff.decoded) pending.decoded.bitmap.close();
  pending = handoff;
}

/** The handed-over file, once: the editor takes it when it starts. */
export function takeHandoff(): Handoff | null {
  const taken = pending;
  pending = null;
  return taken;
}
