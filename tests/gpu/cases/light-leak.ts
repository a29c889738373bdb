// The light-leak stage's cases (tests/gpu/cases/types.ts says what a case is).
import { POINTWISE, type StageCase } from './types.ts';

export const lightLeakCases: readonly StageCase[] = [
  {
    label: 'strong, seed 1',
    chain: [{ stage: 'light-leak', params: { amount: 0.9, seed: 1 } }],
    ...POINTWISE,
  },
  {
    label: 'subtle, seed 2024',
    chain: [{ stage: 'light-leak', params: { amount: 0.4, seed: 2024 } }],
    ...POINTWISE,
    photo: 'kodak/kodim03.png',
  },
  {
    label: 'full, seed 77, portrait photo',
    chain: [{ stage: 'light-leak', params: { amount: 1, seed: 77 } }],
    ...POINTWISE,
    photo: 'kodak/kodim04.png',
  },
];
