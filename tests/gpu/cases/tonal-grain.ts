// The tonal-grain stage's cases (tests/gpu/cases/types.ts says what a case is).
import { POINTWISE, type StageCase } from './types.ts';

export const tonalGrainCases: readonly StageCase[] = [
  {
    label: 'film, fine, no colour',
    chain: [{ stage: 'tonal-grain', params: { amount: 0.15, chroma: 0, size: 0.0015, seed: 3, curve: 0 } }],
    minPsnr: POINTWISE.minPsnr,
  },
  {
    label: 'digital, coarse, colour',
    chain: [
      { stage: 'tonal-grain', params: { amount: 0.3, chroma: 0.2, size: 0.004, seed: 0xc0ffee, curve: 1 } },
    ],
    minPsnr: POINTWISE.minPsnr,
  },
];
