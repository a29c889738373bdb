/**
 * Parameters each stage is checked (and benchmarked) with. Every registered stage needs at least one
 * case here; a unit test holds that.
 */
import type { StageInvocation } from '../../src/engine/stages/types.ts';
import type { RgbaImage } from '../reference/image.ts';

/** Pointwise stages must reach 45 dB against the reference; neighbourhood stages 40 dB and 1 level MAE. */
export const POINTWISE = { minPsnr: 45 } as const;
export const NEIGHBOURHOOD = { minPsnr: 40, maxMeanError: 1 } as const;

export interface StageCase {
  /** A short label for test titles and the benchmark table. */
  label: string;
  chain: StageInvocation[];
  /** The least PSNR, in dB, against the CPU reference. */
  minPsnr: number;
  /** The largest mean absolute error, in 8-bit levels, against the CPU reference. */
  maxMeanError?: number;
  /** Extra textures the chain names (resource key -> RGBA image), made on demand. */
  resources?: () => Record<string, RgbaImage>;
  /** Fixture photo to run on (default kodak/kodim23.png). */
  photo?: string;
}

export const STAGE_CASES: Readonly<Record<string, readonly StageCase[]>> = {
  copy: [{ label: 'identity', chain: [{ stage: 'copy', params: {} }], minPsnr: Infinity }],
  vibrance: [
    { label: 'vibrance 0.5', chain: [{ stage: 'vibrance', params: { vibrance: 0.5 } }], minPsnr: 45 },
    { label: 'vibrance -0.8', chain: [{ stage: 'vibrance', params: { vibrance: -0.8 } }], minPsnr: 45 },
  ],
  grain: [
    {
      label: 'fine grain',
      chain: [{ stage: 'grain', params: { amount: 0.12, size: 1, seed: 7 } }],
      minPsnr: 45,
    },
    {
      label: 'coarse grain',
      chain: [{ stage: 'grain', params: { amount: 0.2, size: 2.7, seed: 12345 } }],
      minPsnr: 45,
    },
  ],
  resize: [
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
      label: 'nearest 2x to 1536x1024',
      chain: [{ stage: 'resize', params: { width: 1536, height: 1024, mode: 1 } }],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'nearest 768x512 to 333x222',
      chain: [{ stage: 'resize', params: { width: 333, height: 222, mode: 1 } }],
      ...NEIGHBOURHOOD,
    },
  ],
  // A JPEG round trip is a neighbourhood stage (8x8 blocks, chroma across 2x2 and its neighbours). The
  // GPU keeps the transforms' intermediates in half floats, so a few coefficients near a rounding edge
  // quantise the other way (the same effect gpu-notes describes against libjpeg): PSNR and mean error,
  // never max error.
  jpeg: [
    { label: 'quality 10', chain: [{ stage: 'jpeg', params: { quality: 10 } }], ...NEIGHBOURHOOD },
    { label: 'quality 50', chain: [{ stage: 'jpeg', params: { quality: 50 } }], ...NEIGHBOURHOOD },
    { label: 'quality 90', chain: [{ stage: 'jpeg', params: { quality: 90 } }], ...NEIGHBOURHOOD },
    {
      label: 'quality 100 (4:4:4)',
      chain: [{ stage: 'jpeg', params: { quality: 100 } }],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'quality 75 at 401x267 (partial blocks and MCUs)',
      chain: [
        { stage: 'resize', params: { width: 401, height: 267, mode: 0 } },
        { stage: 'jpeg', params: { quality: 75 } },
      ],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'quality 50 at 13x7 (less than one MCU)',
      chain: [
        { stage: 'resize', params: { width: 13, height: 7, mode: 0 } },
        { stage: 'jpeg', params: { quality: 50 } },
      ],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'quality 30 at 97x63, after nearest 2x',
      chain: [
        { stage: 'resize', params: { width: 97, height: 63, mode: 0 } },
        { stage: 'jpeg', params: { quality: 30 } },
        { stage: 'resize', params: { width: 194, height: 126, mode: 1 } },
      ],
      ...NEIGHBOURHOOD,
    },
  ],
};
