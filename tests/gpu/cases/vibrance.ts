// The vibrance stage's cases (tests/gpu/cases/types.ts says what a case is).
import { type StageCase } from './types.ts';

export const vibranceCases: readonly StageCase[] = [
  { label: 'vibrance 0.5', chain: [{ stage: 'vibrance', params: { vibrance: 0.5 } }], minPsnr: 45 },
  { label: 'vibrance -0.8', chain: [{ stage: 'vibrance', params: { vibrance: -0.8 } }], minPsnr: 45 },
];
