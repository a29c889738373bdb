// The vignette stage's cases (tests/gpu/cases/types.ts says what a case is).
import { POINTWISE, type StageCase } from './types.ts';

export const vignetteCases: readonly StageCase[] = [
  {
    label: 'dark, frame-shaped',
    chain: [
      {
        stage: 'vignette',
        params: { amount: 0.6, size: 0.35, softness: 0.65, roundness: 0, color: [0, 0, 0], blend: 0 },
      },
    ],
    ...POINTWISE,
  },
  {
    label: 'defaults: frame-shaped, multiplied',
    chain: [{ stage: 'vignette', params: { amount: 0.55, size: 0.45, softness: 0.55, color: [0, 0, 0] } }],
    ...POINTWISE,
    photo: 'kodak/kodim05.png',
  },
  {
    label: 'round and hard',
    chain: [
      {
        stage: 'vignette',
        params: { amount: 1, size: 0.6, softness: 0.12, roundness: 1, color: [0, 0, 0], blend: 0 },
      },
    ],
    ...POINTWISE,
  },
  {
    label: 'warm tint, multiplied',
    chain: [
      {
        stage: 'vignette',
        params: { amount: 0.7, size: 0.2, softness: 0.8, roundness: 0.5, color: [1, 0.55, 0.25], blend: 0 },
      },
    ],
    ...POINTWISE,
    photo: 'kodak/kodim03.png',
  },
  {
    label: 'white, painted',
    chain: [
      {
        stage: 'vignette',
        params: { amount: 0.8, size: 0.45, softness: 0.5, roundness: 0.8, color: [1, 1, 1], blend: 1 },
      },
    ],
    ...POINTWISE,
  },
];
