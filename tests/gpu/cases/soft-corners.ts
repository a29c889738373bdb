// The soft-corners stage's cases (tests/gpu/cases/types.ts says what a case is).
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const softCornersCases: readonly StageCase[] = [
  {
    // 0.004 of kodim23's 768 px: sigma 3 px, the full-resolution path.
    label: 'amount 1, radius 0.004',
    chain: [{ stage: 'soft-corners', params: { amount: 1, radius: 0.004 } }],
    ...NEIGHBOURHOOD,
  },
  {
    // Sigma 9 px: the low-resolution path.
    label: 'amount 0.6, radius 0.012',
    chain: [{ stage: 'soft-corners', params: { amount: 0.6, radius: 0.012 } }],
    ...NEIGHBOURHOOD,
  },
];
