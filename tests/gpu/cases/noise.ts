// The noise stage's cases (tests/gpu/cases/types.ts says what a case is).
import { POINTWISE, type StageCase } from './types.ts';

export const noiseCases: readonly StageCase[] = [
  noiseCase('add, colour', { amount: 0.2, monochrome: 0, blendMode: 0, shadowAmount: 0, seed: 1 }),
  noiseCase('add, mono, shadows', { amount: 0.25, monochrome: 1, blendMode: 0, shadowAmount: 1, seed: 99 }),
  noiseCase('overlay, colour, shadows', {
    amount: 0.3,
    monochrome: 0,
    blendMode: 1,
    shadowAmount: 0.5,
    seed: 4242,
  }),
  noiseCase('overlay, mono, CCD strength', {
    amount: 0.5,
    monochrome: 1,
    blendMode: 1,
    shadowAmount: 0,
    seed: 0xdeadbeef,
  }),
];

function noiseCase(
  label: string,
  params: { amount: number; monochrome: number; blendMode: number; shadowAmount: number; seed: number },
): StageCase {
  return { label, chain: [{ stage: 'noise', params }], minPsnr: POINTWISE.minPsnr };
}
