// The smart-blur stage's cases (tests/gpu/cases/types.ts says what a case is).
import { NEIGHBOURHOOD, type StageCase } from './types.ts';
import { strokeMask } from '../../support/masks.ts';

/** The product's smart blur defaults (sigma 10, pixel size 8, vignette 0.15 / 0.4). */
const SMART_BLUR = { sigma: 10, downsample: 1, pixelSize: 8, vignetteSize: 0.15, vignetteSoftness: 0.4 };

export const smartBlurCases: readonly StageCase[] = [
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
];
