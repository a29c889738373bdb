import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import {
  adjustJpeg,
  GENERAL_JPEG,
  jpegDisabledReason,
  jpegSettings,
  jpegStages,
  type JpegCamera,
} from './jpeg-family.ts';
import { lutKey } from '../grading/look-names.ts';
import { iphone3HighlightBloomParams } from './light-presets.ts';
import { numberSetting } from './settings.ts';
import { amountSetting, colorGrainStages, softCornerStages } from './artefacts.ts';
import { dateStampSettings, dateStampStages } from './date-stamp.ts';
import type { EffectDefinition } from './types.ts';

const IPHONE_SEED = 2008;

/**
 * A phone sensor's noise after its processing, as the era's camera phones' files show it (no iPhone
 * 3G original was found to measure): little grey noise, colour noise about as strong, spread over a
 * few pixels. Its JPEG stays the general one (4:2:0, the slider's quality) until one is measured.
 */
const IPHONE_CAMERA: JpegCamera = {
  noiseScale: 0.03,
  sensor: { chroma: 0.8, lumaGrain: 1, chromaGrain: 2 },
  sharpenScale: 1,
  sharpenRadius: 1,
  subsampling: 0,
};

/**
 * The iPhone 3G's 2 MP camera: warm, slightly washed colour, highlights that bloom into their
 * surroundings, a soft corner falloff, then a phone sensor's noise and its JPEG.
 */
export const iphone3Effect: EffectDefinition = {
  id: 'iphone3Effect',
  name: 'iPhone 3G',
  runsOn: 'worker',
  settings: [
    {
      kind: 'range',
      name: 'highlightBloom',
      label: 'Highlight bloom',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0.4,
    },
    amountSetting('softCorners', 'Soft corners', 0.4),
    amountSetting('colorGrain', 'Colour grain', 0.25),
    ...dateStampSettings('iphone3'),
    ...jpegSettings('jpeg', GENERAL_JPEG),
  ],
  adjust: (settings) => adjustJpeg('jpeg', settings),
  disabledReason: (name, settings) => jpegDisabledReason('jpeg', name, settings),
  stages(settings, input) {
    const bloom = numberSetting(settings, 'highlightBloom');
    const highlights: StageInvocation[] =
      bloom > 0 ? [{ stage: 'bloom', params: iphone3HighlightBloomParams(bloom, input) }] : [];
    return [
      { stage: 'lut', params: { intensity: 1 }, textures: { lut: lutKey('iphone3') } },
      ...highlights,
      { stage: 'vignette', params: { amount: 0.25, size: 0.55, softness: 0.7, color: [0, 0, 0] } },
      ...softCornerStages(settings, 'softCorners'),
      // A 2 MP sensor: its grains are about a pixel of 1600.
      ...colorGrainStages(settings, 'colorGrain', 1600, IPHONE_SEED),
      ...dateStampStages(settings, input, 'iphone3'),
      ...jpegStages('jpeg', settings, input, IPHONE_CAMERA),
    ];
  },
};
