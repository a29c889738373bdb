// The dust-scratches stage's cases (tests/gpu/cases/types.ts says what a case is).
import { POINTWISE, type StageCase } from './types.ts';

export const dustScratchesCases: readonly StageCase[] = [
  {
    label: 'a few specks',
    chain: [{ stage: 'dust-scratches', params: { amount: 0.3, seed: 11 } }],
    minPsnr: POINTWISE.minPsnr,
  },
  {
    label: 'a neglected print',
    chain: [{ stage: 'dust-scratches', params: { amount: 1, seed: 2024 } }],
    minPsnr: POINTWISE.minPsnr,
  },
];
