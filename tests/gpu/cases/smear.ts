// The smear stage's cases (tests/gpu/cases/types.ts says what a case is). Each photo clips somewhere:
// kodim23 3.5 % of its pixels, kodim04 a few specular points (0.3 %), kodim20 half its sky.
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const smearCases: readonly StageCase[] = [
  {
    label: 'amount 1',
    chain: [{ stage: 'smear', params: { amount: 1 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'amount 0.4, a few clipped points',
    chain: [{ stage: 'smear', params: { amount: 0.4 } }],
    ...NEIGHBOURHOOD,
    photo: 'kodak/kodim04.png',
  },
  {
    label: 'amount 0.7, a blown sky',
    chain: [{ stage: 'smear', params: { amount: 0.7 } }],
    ...NEIGHBOURHOOD,
    photo: 'kodak/kodim20.png',
  },
];
