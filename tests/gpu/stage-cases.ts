/**
 * Parameters each stage is checked (and benchmarked) with. Every registered stage needs at least one
 * case here; a unit test holds that.
 */
import { BLOOM_TINTS } from '../../src/effects/bloom-tints.ts';
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
  bloom: [
    {
      label: 'violet, threshold 0.6, radius 48',
      chain: [
        {
          stage: 'bloom',
          params: { threshold: 0.6, knee: 0.2, amount: 1.2, tint: BLOOM_TINTS.violet, radius: 48 },
        },
      ],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'orange, threshold 0.8, hard knee, radius 20',
      chain: [
        {
          stage: 'bloom',
          params: { threshold: 0.8, knee: 0, amount: 2, tint: BLOOM_TINTS.orange, radius: 20 },
        },
      ],
      ...NEIGHBOURHOOD,
      photo: 'kodak/kodim05.png',
    },
    {
      label: 'white, threshold 0.3, wide radius 300',
      chain: [
        {
          stage: 'bloom',
          params: { threshold: 0.3, knee: 0.15, amount: 0.8, tint: BLOOM_TINTS.white, radius: 300 },
        },
      ],
      ...NEIGHBOURHOOD,
      photo: 'kodak/kodim03.png',
    },
    {
      label: 'magenta, threshold 0.5, one level',
      chain: [
        {
          stage: 'bloom',
          params: { threshold: 0.5, knee: 0.1, amount: 1, tint: BLOOM_TINTS.magenta, radius: 2 },
        },
      ],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'highlight bloom (iPhone 3G), threshold 0.85, radius 10',
      chain: [
        {
          stage: 'bloom',
          params: { threshold: 0.85, knee: 0.08, amount: 1.5, tint: [1, 0.97, 0.92], radius: 10 },
        },
      ],
      ...NEIGHBOURHOOD,
      photo: 'kodak/kodim05.png',
    },
  ],
  'lens-reflection': Array.from({ length: 10 }, (_, i): StageCase => {
    const id = i + 1;
    return {
      label: `reflection ${id}`,
      chain: [{ stage: 'lens-reflection', params: { id, strength: id % 3 === 0 ? 1 : 0.45 } }],
      ...NEIGHBOURHOOD,
      photo: ['kodak/kodim03.png', 'kodak/kodim05.png', 'kodak/kodim23.png'][i % 3],
    };
  }),
  vignette: [
    {
      label: 'dark, frame-shaped',
      chain: [
        {
          stage: 'vignette',
          params: { amount: 0.6, size: 0.35, softness: 0.65, roundness: 0, color: [0, 0, 0], blend: 0 },
        },
      ],
      ...POINTWISE,
    },
    {
      label: 'defaults: frame-shaped, multiplied',
      chain: [{ stage: 'vignette', params: { amount: 0.55, size: 0.45, softness: 0.55, color: [0, 0, 0] } }],
      ...POINTWISE,
      photo: 'kodak/kodim05.png',
    },
    {
      label: 'round and hard',
      chain: [
        {
          stage: 'vignette',
          params: { amount: 1, size: 0.6, softness: 0.12, roundness: 1, color: [0, 0, 0], blend: 0 },
        },
      ],
      ...POINTWISE,
    },
    {
      label: 'warm tint, multiplied',
      chain: [
        {
          stage: 'vignette',
          params: { amount: 0.7, size: 0.2, softness: 0.8, roundness: 0.5, color: [1, 0.55, 0.25], blend: 0 },
        },
      ],
      ...POINTWISE,
      photo: 'kodak/kodim03.png',
    },
    {
      label: 'white, painted',
      chain: [
        {
          stage: 'vignette',
          params: { amount: 0.8, size: 0.45, softness: 0.5, roundness: 0.8, color: [1, 1, 1], blend: 1 },
        },
      ],
      ...POINTWISE,
    },
  ],
  'dual-vignette': [
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
  ],
};
