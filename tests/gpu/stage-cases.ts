/**
 * Parameters each stage is checked (and benchmarked) with. Every registered stage needs at least one
 * case here; a unit test holds that.
 */
import { parseCube } from '../../src/effects/cube.ts';
import { bakeLook } from '../../src/effects/looks/index.ts';
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
  lut: [
    lutCase('nashville', 1),
    lutCase('nashville', 0.5),
    lutCase('nashville', 0),
    lutCase('b&w', 1),
    lutCase('nuke', 1),
    lutCase('pandora', 0.5),
    lutCase('2014', 1, 'kodak/kodim03.png'),
    lutCase('phreshboy', 0.75, 'kodak/kodim03.png'),
    {
      label: '.cube file, size 17, channel swap and gamma',
      chain: [{ stage: 'lut', params: { intensity: 1, size: 17 }, textures: { lut: 'lut:cube' } }],
      minPsnr: POINTWISE.minPsnr,
      resources: () => ({ 'lut:cube': parseCube(swapCube(17)).atlas }),
    },
  ],
  noise: [
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
  ],
};

function lutCase(look: string, intensity: number, photo?: string): StageCase {
  const key = `lut:${look}`;
  return {
    label: `${look} at ${intensity}${photo ? ` on ${photo}` : ''}`,
    chain: [{ stage: 'lut', params: { intensity, size: 33 }, textures: { lut: key } }],
    minPsnr: POINTWISE.minPsnr,
    resources: () => ({ [key]: bakeLook(look) }),
    ...(photo ? { photo } : {}),
  };
}

/** A .cube text whose output is (b, r, g) with a gamma on each: a grade far from identity in every axis. */
function swapCube(size: number): string {
  const lines = ['TITLE "swap"', `LUT_3D_SIZE ${size}`];
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        const v = (i: number) => ((i / (size - 1)) ** 0.7).toFixed(6);
        lines.push(`${v(b)} ${v(r)} ${v(g)}`);
      }
    }
  }
  return lines.join('\n');
}

function noiseCase(
  label: string,
  params: { amount: number; monochrome: number; blendMode: number; shadowAmount: number; seed: number },
): StageCase {
  return { label, chain: [{ stage: 'noise', params }], minPsnr: POINTWISE.minPsnr };
}
