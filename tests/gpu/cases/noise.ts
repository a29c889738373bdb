// The noise stage's cases (tests/gpu/cases/types.ts says what a case is).
import type { NoiseReferenceParams } from '../../reference/noise.ts';
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
  noiseCase('sensor: overlay, colour half the grey, grain 1 and 2 px', {
    amount: 0.06,
    monochrome: 0,
    blendMode: 1,
    shadowAmount: 0.3,
    seed: 20050101,
    sensor: 1,
    chroma: 0.5,
    lumaGrain: 1,
    chromaGrain: 2,
  }),
  noiseCase('sensor: add, strong colour, grain 1.6 and 3.3 px', {
    amount: 0.2,
    monochrome: 0,
    blendMode: 0,
    shadowAmount: 1,
    seed: 7,
    sensor: 1,
    chroma: 1.5,
    lumaGrain: 1.6,
    chromaGrain: 3.3,
  }),
  noiseCase('sensor: mono (no colour), grain 2.5 px', {
    amount: 0.3,
    monochrome: 1,
    blendMode: 0,
    shadowAmount: 0,
    seed: 11,
    sensor: 1,
    chroma: 1,
    lumaGrain: 2.5,
    chromaGrain: 1,
  }),
  noiseCase('overlay, mono, CCD strength', {
    amount: 0.5,
    monochrome: 1,
    blendMode: 1,
    shadowAmount: 0,
    seed: 0xdeadbeef,
  }),
];

function noiseCase(label: string, params: NoiseReferenceParams): StageCase {
  return { label, chain: [{ stage: 'noise', params }], minPsnr: POINTWISE.minPsnr };
}
