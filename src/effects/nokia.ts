import {
  adjustJpeg,
  GENERAL_JPEG,
  jpegDisabledReason,
  jpegSettings,
  jpegStages,
  type JpegCamera,
} from './jpeg-family.ts';
import { lutKey } from '../grading/look-names.ts';
import { amountSetting, colorGrainStages, purpleEdgeStages, softCornerStages } from './artefacts.ts';
import { dateStampSettings, dateStampStages } from './date-stamp.ts';
import type { EffectDefinition } from './types.ts';

const NOKIA_SEED = 6230;

/**
 * The phones' own processing, as their files show it (docs/fidelity.md): heavy noise reduction that
 * leaves little grey noise and as much colour noise, spread over a few pixels; sharpening of a pixel's
 * radius; 4:2:2 (or 4:4:0) chroma; at the spec's quality 80, tables as fine as the Nokia 3110 classic's
 * own (libjpeg quality 89).
 */
const PHONE_CAMERA: JpegCamera = {
  noiseScale: 0.03,
  sensor: { chroma: 0.8, lumaGrain: 1, chromaGrain: 2 },
  sharpenScale: 1,
  sharpenRadius: 1,
  subsampling: 1,
  quality: { at: 80, codes: 89 },
};

/**
 * A mid-2000s Nokia phone camera: a tiny fixed-focus lens that vignettes, tints the edges purple and goes
 * soft in the corners, a greenish washed-out sensor with coarse colour grain in the shadows, then the
 * phone's processing: its noise, its sharpening and its JPEG as strong as the era's phones' own files show
 * them, small, blown up 2x when the resolution is low enough. The green cast and the washed-out tones are
 * a light exaggeration the real phones' files do not show (theirs are near neutral and full range);
 * the purple edges and soft corners exaggerate too (Colour grain and Soft corners 0 leave them out).
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
    { stage: 'lut', params: { intensity: 0.4 }, textures: { lut: lutKey('nokia') } },
    { stage: 'vignette', params: { amount: 0.55, size: 0.5, softness: 0.6, color: [0, 0, 0] } },
    ...purpleEdgeStages(0.3),
    ...softCornerStages(settings, 'softCorners'),
    ...colorGrainStages(settings, 'colorGrain', 640, NOKIA_SEED),
    ...dateStampStages(settings, input, 'nokia'),
    ...jpegStages('jpeg', settings, input, PHONE_CAMERA),
  ],
};
