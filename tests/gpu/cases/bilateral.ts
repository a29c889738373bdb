// The bilateral stage's cases (tests/gpu/cases/types.ts says what a case is).
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const bilateralCases: readonly StageCase[] = [
  {
    label: 'webcam default',
    chain: [{ stage: 'bilateral', params: { spatialSigma: 2, luminanceSigma: 0.1 } }],
    ...NEIGHBOURHOOD,
  },
  {
    // Radius 10: the window is sampled every other pixel.
    label: 'wide, strong',
    chain: [{ stage: 'bilateral', params: { spatialSigma: 5, luminanceSigma: 0.25 } }],
    ...NEIGHBOURHOOD,
  },
];
