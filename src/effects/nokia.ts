import { adjustJpeg, GENERAL_JPEG, jpegDisabledReason, jpegSettings, jpegStages } from './jpeg-family.ts';
import { lutKey } from '../grading/look-names.ts';
import { amountSetting, colorGrainStages, purpleEdgeStages, softCornerStages } from './artefacts.ts';
import { dateStampSettings, dateStampStages } from './date-stamp.ts';
import type { EffectDefinition } from './types.ts';

const NOKIA_SEED = 6230;

/**
 * A mid-2000s Nokia phone camera: a tiny fixed-focus lens that vignettes, tints the edges purple and goes
 * soft in the corners, a greenish washed-out sensor with coarse colour grain in the shadows, heavy noise
 * and sharpening, and a small JPEG, blown up 2x when the resolution is low enough.
 */
export const nokiaEffect: EffectDefinition = {
  id: 'nokiaEffect',
  name: 'Nokia',
  runsOn: 'worker',
  settings: [
    amountSetting('colorGrain', 'Colour grain', 0.5),
    amountSetting('softCorners', 'Soft corners', 0.6),
    ...dateStampSettings('nokia'),
    ...jpegSettings('jpeg', {
      ...GENERAL_JPEG,
      quality: 80,
      longSidePixels: 640,
      upscale2x: true,
      noiseAmount: 0.25,
      sharpenAmount: 0.3,
    }),
  ],
  adjust: (settings) => adjustJpeg('jpeg', settings),
  disabledReason: (name, settings) => jpegDisabledReason('jpeg', name, settings),
  stages: (settings, input) => [
    { stage: 'lut', params: { intensity: 1 }, textures: { lut: lutKey('nokia') } },
    { stage: 'vignette', params: { amount: 0.35, size: 0.5, softness: 0.6, color: [0, 0, 0] } },
    ...purpleEdgeStages(0.3),
    ...softCornerStages(settings, 'softCorners'),
    ...colorGrainStages(settings, 'colorGrain', 640, NOKIA_SEED),
    ...dateStampStages(settings, input, 'nokia'),
    ...jpegStages('jpeg', settings, input),
  ],
};
