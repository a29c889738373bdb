/**
 * The edit as the worker renders it: the crop's geometry, the steps without their ids, the frame. The
 * worker keeps each step's result under what made it, so the ids (which the page's history needs) are
 * left out: a step changed back to what it was is the same step to the worker.
 */
import type { EffectSettings } from '../pipeline/settings.ts';
import type { CropGeometry } from './crop.ts';
import type { Edit } from './edit.ts';
import type { FrameChoice } from './frame.ts';

/**
 * The steps in order, the crop of the original before them, the frame around them. Resources are named:
 * a .cube by its hash, a mask or a collage's picture by its id; the worker keeps each once it has been
 * handed over (the protocol's `EditResources`).
 */
export type RenderStep =
  | { kind: 'effect'; effectId: string; settings: EffectSettings; cube?: string; mask?: string }
  | { kind: 'image'; image: string; width: number; height: number };

export interface RenderEdit {
  crop: CropGeometry | null;
  steps: RenderStep[];
  frame: FrameChoice;
}

export function renderForm(edit: Edit): RenderEdit {
  const steps = edit.steps.map((step): RenderStep => {
    if (step.kind === 'image') {
      return { kind: 'image', image: step.image, width: step.width, height: step.height };
    }
    return {
      kind: 'effect',
      effectId: step.effectId,
      settings: step.settings,
      ...(step.cube ? { cube: step.cube } : {}),
      ...(step.mask ? { mask: step.mask } : {}),
    };
  });
  return { crop: edit.crop?.geometry ?? null, steps, frame: edit.frame };
}
