// The dual-vignette stage's cases (tests/gpu/cases/types.ts says what a case is).
import { POINTWISE, type StageCase } from './types.ts';

export const dualVignetteCases: readonly StageCase[] = [
  {
    label: 'rose glow inside a dark rim',
    chain: [
      {
        stage: 'dual-vignette',
        params: {
          innerSize: 0.3,
          innerStrength: 0.35,
          innerColor: [1, 0.55, 0.65],
          innerSoftness: 0.35,
          outerSize: 0.7,
          outerStrength: 0.9,
          outerColor: [0, 0, 0],
          outerSoftness: 0.3,
          roundness: 0.3,
        },
      },
    ],
    ...POINTWISE,
  },
  {
    label: 'cyan band, navy edge, round',
    chain: [
      {
        stage: 'dual-vignette',
        params: {
          innerSize: 0.45,
          innerStrength: 0.5,
          innerColor: [0.3, 0.85, 1],
          innerSoftness: 0.15,
          outerSize: 0.8,
          outerStrength: 1,
          outerColor: [0.05, 0.05, 0.2],
          outerSoftness: 0.12,
          roundness: 1,
        },
      },
    ],
    ...POINTWISE,
    photo: 'kodak/kodim05.png',
  },
];
