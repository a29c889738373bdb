/**
 * Parameters each stage is checked (and benchmarked) with. Every registered stage needs at least one
 * case here; a unit test holds that.
 */
import { BLOOM_TINTS } from '../../src/grading/bloom-tints.ts';
import { parseCube } from '../../src/grading/cube.ts';
import { bakeLook } from '../../src/grading/looks/index.ts';
import type { StageInvocation } from '../../src/engine/stages/invocation.ts';
import type { RgbaImage } from '../reference/image.ts';
import { strokeMask } from '../support/masks.ts';

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

/** The product's smart blur defaults (sigma 10, pixel size 8, vignette 0.15 / 0.4). */
const SMART_BLUR = { sigma: 10, downsample: 1, pixelSize: 8, vignetteSize: 0.15, vignetteSoftness: 0.4 };

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
  blur: [
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
  ],
  pixelate: [
    { label: '8 px blocks', chain: [{ stage: 'pixelate', params: { pixelSize: 8 } }], ...NEIGHBOURHOOD },
    {
      // 768 x 512 leaves partial blocks of 9 pixels at the right, and the offset partial ones at every edge.
      label: '13 px blocks, offset grid',
      chain: [{ stage: 'pixelate', params: { pixelSize: 13, offsetX: 5, offsetY: -3 } }],
      ...NEIGHBOURHOOD,
    },
  ],
  'smart-blur': [
    {
      label: 'gaussian, uniform',
      chain: [{ stage: 'smart-blur', params: { ...SMART_BLUR, blurType: 0, maskMode: 0 } }],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'pixelate, uniform',
      chain: [{ stage: 'smart-blur', params: { ...SMART_BLUR, blurType: 1, maskMode: 0 } }],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'gaussian, drawn mask',
      chain: [
        {
          stage: 'smart-blur',
          params: { ...SMART_BLUR, blurType: 0, maskMode: 1 },
          textures: { mask: 'mask:strokes' },
        },
      ],
      resources: () => ({ 'mask:strokes': strokeMask() }),
      ...NEIGHBOURHOOD,
    },
    {
      label: 'pixelate 12, drawn mask',
      chain: [
        {
          stage: 'smart-blur',
          params: { ...SMART_BLUR, blurType: 1, pixelSize: 12, maskMode: 1 },
          textures: { mask: 'mask:strokes' },
        },
      ],
      resources: () => ({ 'mask:strokes': strokeMask() }),
      ...NEIGHBOURHOOD,
    },
    {
      // Full resolution: main blurs the columns itself, and skips them inside the clear centre.
      label: 'vignette, sigma 1.5',
      chain: [
        {
          stage: 'smart-blur',
          params: {
            ...SMART_BLUR,
            sigma: 1.5,
            blurType: 0,
            maskMode: 2,
            vignetteSize: 0.4,
            vignetteSoftness: 0,
          },
        },
      ],
      ...NEIGHBOURHOOD,
    },
    {
      // Vignette mode blurs with the gaussian even when pixelate is chosen.
      label: 'vignette',
      chain: [{ stage: 'smart-blur', params: { ...SMART_BLUR, blurType: 1, maskMode: 2 } }],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'gaussian sigma 3 at 1/4 resolution',
      chain: [
        { stage: 'smart-blur', params: { ...SMART_BLUR, sigma: 3, downsample: 4, blurType: 0, maskMode: 0 } },
      ],
      ...NEIGHBOURHOOD,
    },
  ],
  bilateral: [
    {
      label: 'webcam default',
      chain: [{ stage: 'bilateral', params: { spatialSigma: 2, luminanceSigma: 0.1 } }],
      ...NEIGHBOURHOOD,
    },
    {
      // Radius 10: the window is sampled every other pixel.
      label: 'wide, strong',
      chain: [{ stage: 'bilateral', params: { spatialSigma: 5, luminanceSigma: 0.25 } }],
      ...NEIGHBOURHOOD,
    },
  ],
  sharpen: [
    {
      label: 'amount 1, radius 1',
      chain: [{ stage: 'sharpen', params: { amount: 1, radius: 1 } }],
      ...NEIGHBOURHOOD,
    },
    {
      label: 'amount 0.3, radius 0.6',
      chain: [{ stage: 'sharpen', params: { amount: 0.3, radius: 0.6 } }],
      ...NEIGHBOURHOOD,
    },
    {
      // A wide radius goes through the low-resolution path.
      label: 'amount 0.5, radius 4',
      chain: [{ stage: 'sharpen', params: { amount: 0.5, radius: 4 } }],
      ...NEIGHBOURHOOD,
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
