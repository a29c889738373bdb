// The blur stage's cases (tests/gpu/cases/types.ts says what a case is).
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const blurCases: readonly StageCase[] = [
  { label: 'sigma 2', chain: [{ stage: 'blur', params: { sigma: 2 } }], ...NEIGHBOURHOOD },
  { label: 'sigma 0.7', chain: [{ stage: 'blur', params: { sigma: 0.7 } }], ...NEIGHBOURHOOD },
  {
    // The first automatic factor, 1.41: a resampling grid that is not whole pixels.
    label: 'sigma 3.5',
    chain: [{ stage: 'blur', params: { sigma: 3.5 } }],
    ...NEIGHBOURHOOD,
  },
  { label: 'sigma 20', chain: [{ stage: 'blur', params: { sigma: 20 } }], ...NEIGHBOURHOOD },
  {
    // Asked-for downsampling at a sigma too small to hide it: the low resolution shows, as intended.
    label: 'sigma 1 at 1/3 resolution',
    chain: [{ stage: 'blur', params: { sigma: 1, downsample: 3 } }],
    ...NEIGHBOURHOOD,
  },
];
