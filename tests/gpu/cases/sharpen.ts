// The sharpen stage's cases (tests/gpu/cases/types.ts says what a case is).
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const sharpenCases: readonly StageCase[] = [
  {
    label: 'amount 1, radius 1',
    chain: [{ stage: 'sharpen', params: { amount: 1, radius: 1 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'amount 0.3, radius 0.6',
    chain: [{ stage: 'sharpen', params: { amount: 0.3, radius: 0.6 } }],
    ...NEIGHBOURHOOD,
  },
  {
    // A wide radius goes through the low-resolution path.
    label: 'amount 0.5, radius 4',
    chain: [{ stage: 'sharpen', params: { amount: 0.5, radius: 4 } }],
    ...NEIGHBOURHOOD,
  },
];
