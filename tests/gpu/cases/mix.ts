// The mix stage's cases (tests/gpu/cases/types.ts says what a case is): a step's strength, the step's
// output over its input, after per-pixel and neighbourhood stages, a resize, and two steps in one chain.
import { stepInputKey } from '../../../src/pipeline/stages/mix/stage.ts';
import type { StageInvocation } from '../../../src/pipeline/stages/invocation.ts';
import { bakeLook } from '../../../src/grading/looks/index.ts';
import { NEIGHBOURHOOD, POINTWISE, type StageCase } from './types.ts';

/** The step's chain, then its mix at `amount` with the step's input. */
function step(chain: StageInvocation[], amount: number): StageInvocation[] {
  return [...chain, { stage: 'mix', params: { amount }, textures: { input: stepInputKey(chain.length) } }];
}

const VIBRANCE: StageInvocation = { stage: 'vibrance', params: { vibrance: 1 } };

export const mixCases: readonly StageCase[] = [
  { label: 'vibrance at half strength', chain: step([VIBRANCE], 0.5), ...POINTWISE },
  { label: 'vibrance at strength 0', chain: step([VIBRANCE], 0), ...POINTWISE },
  {
    label: 'a Filters LUT at 0.3, after a blur',
    chain: step(
      [
        { stage: 'blur', params: { sigma: 2 } },
        { stage: 'lut', params: { intensity: 1, size: 33 }, textures: { lut: 'lut:nuke' } },
      ],
      0.3,
    ),
    ...NEIGHBOURHOOD,
    resources: () => ({ 'lut:nuke': bakeLook('nuke') }),
  },
  {
    label: 'a reduction at 0.6 (the input resized to match)',
    chain: step([{ stage: 'resize', params: { width: 384, height: 256, mode: 0 } }, VIBRANCE], 0.6),
    minPsnr: 40,
    maxMeanError: 1,
  },
  {
    label: 'two steps, each with its strength',
    chain: [...step([VIBRANCE], 0.5), ...step([{ stage: 'vibrance', params: { vibrance: -1 } }], 0.25)],
    ...POINTWISE,
  },
];
