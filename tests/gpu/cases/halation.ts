// The halation stage's cases (tests/gpu/cases/types.ts says what a case is): photos with bright areas,
// and each radius path of the gaussian: full resolution (0.002 of 768 px) and low resolution.
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const halationCases: readonly StageCase[] = [
  {
    label: 'amount 1, radius 0.008, threshold 0.8',
    chain: [{ stage: 'halation', params: { amount: 1, radius: 0.008, threshold: 0.8 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'amount 0.5, radius 0.002, threshold 0.9',
    chain: [{ stage: 'halation', params: { amount: 0.5, radius: 0.002, threshold: 0.9 } }],
    ...NEIGHBOURHOOD,
    photo: 'kodak/kodim03.png',
  },
  {
    label: 'amount 0.8, radius 0.02, threshold 0.6',
    chain: [{ stage: 'halation', params: { amount: 0.8, radius: 0.02, threshold: 0.6 } }],
    ...NEIGHBOURHOOD,
    photo: 'kodak/kodim05.png',
  },
];
