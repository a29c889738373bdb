// The fringing stage's cases (tests/gpu/cases/types.ts says what a case is): photos with clipped
// highlights (kodim23, kodim05 and kodim03 clip 1.5 to 3.5 % of their pixels), each radius path of the
// gaussian: full resolution (0.001 of 768 px) and low resolution (0.003 and 0.008).
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const fringingCases: readonly StageCase[] = [
  {
    label: 'amount 1, radius 0.003',
    chain: [{ stage: 'fringing', params: { amount: 1, radius: 0.003 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'amount 0.6, radius 0.008',
    chain: [{ stage: 'fringing', params: { amount: 0.6, radius: 0.008 } }],
    ...NEIGHBOURHOOD,
    photo: 'kodak/kodim05.png',
  },
  {
    label: 'amount 1, radius 0.001',
    chain: [{ stage: 'fringing', params: { amount: 1, radius: 0.001 } }],
    ...NEIGHBOURHOOD,
    photo: 'kodak/kodim03.png',
  },
];
