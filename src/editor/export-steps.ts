/**
 * The edit's looks as a full-resolution save (and a batch's photo) replays them in the worker: each with
 * its settings, its .cube's hash and a copy of its painted mask (the worker takes the copy; the page
 * keeps its own for the history).
 */
import type { EffectStep } from '../edit/edit.ts';
import type { FullResolutionStep } from '../engine/protocol.ts';

export function exportSteps(
  steps: readonly Pick<EffectStep, 'effectId' | 'settings' | 'cube' | 'mask'>[],
  maskCopy: (id: string) => Promise<ImageBitmap | null>,
): Promise<FullResolutionStep[]> {
  return Promise.all(
    steps.map(async (step) => {
      const mask = step.mask ? await maskCopy(step.mask) : null;
      return {
        effectId: step.effectId,
        settings: step.settings,
        ...(step.cube ? { cube: step.cube } : {}),
        ...(mask ? { mask } : {}),
      };
    }),
  );
}
