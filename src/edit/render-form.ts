/**
 * The edit as the worker renders it: the crop's geometry, the steps without their ids, the frame. The
 * worker keeps each step's result under what made it, so the ids (which the page's history needs) are
 * left out: a step changed back to what it was is the same step to the worker.
 */
import type { RenderEdit, RenderStep } from '../engine/protocol.ts';
import type { Edit } from './edit.ts';

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
