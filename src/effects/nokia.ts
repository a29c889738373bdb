import { adjustJpeg, GENERAL_JPEG, jpegDisabledReason, jpegSettings, jpegStages } from './jpeg-family.ts';
import { lutKey } from '../grading/look-names.ts';
import type { EffectDefinition } from './types.ts';

/**
 * A mid-2000s Nokia phone camera: a tiny fixed-focus lens that vignettes, a greenish washed-out sensor,
 * heavy noise and sharpening, and a small JPEG, blown up 2x when the resolution is low enough.
 */
export const nokiaEffect: EffectDefinition = {
  id: 'nokiaEffect',
  name: 'Nokia',
  runsOn: 'worker',
  settings: jpegSettings('jpeg', {
    ...GENERAL_JPEG,
    quality: 80,
    longSidePixels: 640,
    upscale2x: true,
    noiseAmount: 0.25,
    sharpenAmount: 0.3,
  }),
  adjust: (settings) => adjustJpeg('jpeg', settings),
  disabledReason: (name, settings) => jpegDisabledReason('jpeg', name, settings),
  stages: (settings, input) => [
    { stage: 'lut', params: { intensity: 1 }, textures: { lut: lutKey('nokia') } },
    { stage: 'vignette', params: { amount: 0.35, size: 0.5, softness: 0.6, color: [0, 0, 0] } },
    ...jpegStages('jpeg', settings, input),
  ],
};
