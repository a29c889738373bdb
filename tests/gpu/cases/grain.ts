// The grain stage's cases (tests/gpu/cases/types.ts says what a case is).
import { type StageCase } from './types.ts';

export const grainCases: readonly StageCase[] = [
  {
    label: 'fine grain',
    chain: [{ stage: 'grain', params: { amount: 0.12, size: 1, seed: 7 } }],
    minPsnr: 45,
  },
  {
    label: 'coarse grain',
    chain: [{ stage: 'grain', params: { amount: 0.2, size: 2.7, seed: 12345 } }],
    minPsnr: 45,
  },
];
