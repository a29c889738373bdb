// The resize stage's cases (tests/gpu/cases/types.ts says what a case is).
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const resizeCases: readonly StageCase[] = [
  {
    label: 'area 768x512 to 401x267',
    chain: [{ stage: 'resize', params: { width: 401, height: 267, mode: 0 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'area 768x512 to 97x64',
    chain: [{ stage: 'resize', params: { width: 97, height: 64, mode: 0 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'area upscale 768x512 to 1001x677',
    chain: [{ stage: 'resize', params: { width: 1001, height: 677, mode: 0 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'smooth (cubic) upscale 768x512 to 1080x720, as a save',
    chain: [{ stage: 'resize', params: { width: 1080, height: 720, mode: 2 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'smooth reduction 768x512 to 401x267 (area)',
    chain: [{ stage: 'resize', params: { width: 401, height: 267, mode: 2 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'nearest 2x to 1536x1024',
    chain: [{ stage: 'resize', params: { width: 1536, height: 1024, mode: 1 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'nearest 768x512 to 333x222',
    chain: [{ stage: 'resize', params: { width: 333, height: 222, mode: 1 } }],
    ...NEIGHBOURHOOD,
  },
];
// A JPEG round trip is a neighbourhood stage (8x8 blocks, chroma across 2x2 and its neighbours). The
// GPU keeps the transforms' intermediates in half floats, so a few coefficients near a rounding edge
// quantise the other way (the same effect gpu-notes describes against libjpeg): PSNR and mean error,
// never max error.;
