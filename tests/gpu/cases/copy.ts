// The copy stage's cases (tests/gpu/cases/types.ts says what a case is).
import { type StageCase } from './types.ts';

export const copyCases: readonly StageCase[] = [
  { label: 'identity', chain: [{ stage: 'copy', params: {} }], minPsnr: Infinity },
];
