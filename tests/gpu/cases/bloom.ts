// The bloom stage's cases (tests/gpu/cases/types.ts says what a case is).
import { BLOOM_TINTS } from '../../../src/grading/bloom-tints.ts';
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const bloomCases: readonly StageCase[] = [
  {
    label: 'violet, threshold 0.6, radius 48',
    chain: [
      {
        stage: 'bloom',
        params: { threshold: 0.6, knee: 0.2, amount: 1.2, tint: BLOOM_TINTS.violet, radius: 48 },
      },
    ],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'orange, threshold 0.8, hard knee, radius 20',
    chain: [
      {
        stage: 'bloom',
        params: { threshold: 0.8, knee: 0, amount: 2, tint: BLOOM_TINTS.orange, radius: 20 },
      },
    ],
    ...NEIGHBOURHOOD,
    photo: 'kodak/kodim05.png',
  },
  {
    label: 'white, threshold 0.3, wide radius 300',
    chain: [
      {
        stage: 'bloom',
        params: { threshold: 0.3, knee: 0.15, amount: 0.8, tint: BLOOM_TINTS.white, radius: 300 },
      },
    ],
    ...NEIGHBOURHOOD,
    photo: 'kodak/kodim03.png',
  },
  {
    label: 'magenta, threshold 0.5, one level',
    chain: [
      {
        stage: 'bloom',
        params: { threshold: 0.5, knee: 0.1, amount: 1, tint: BLOOM_TINTS.magenta, radius: 2 },
      },
    ],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'highlight bloom (iPhone 3G), threshold 0.85, radius 10',
    chain: [
      {
        stage: 'bloom',
        params: { threshold: 0.85, knee: 0.08, amount: 1.5, tint: [1, 0.97, 0.92], radius: 10 },
      },
    ],
    ...NEIGHBOURHOOD,
    photo: 'kodak/kodim05.png',
  },
];
