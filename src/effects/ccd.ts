import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import {
  adjustJpeg,
  GENERAL_JPEG,
  jpegDisabledReason,
  jpegSettings,
  jpegStages,
  type JpegCamera,
} from './jpeg-family.ts';
import { booleanSetting, numberSetting, relativePixels, stringSetting } from './settings.ts';
import { ccdBloomParams } from './light-presets.ts';
import { TINT_OPTIONS } from '../grading/tints.ts';
import { amountSetting, ccdSensorStages } from './artefacts.ts';
import { dateStampSettings, dateStampStages } from './date-stamp.ts';
import type { EffectDefinition } from './types.ts';

/**
 * The compacts' own processing, as their files show it: colour noise about half the grey noise, spread
 * over a few pixels by demosaicing; sharpening of a pixel's radius; fine JPEG tables with 4:2:2 chroma.
 */
const CCD_CAMERA: JpegCamera = {
  noiseScale: 0.045,
  sensor: { chroma: 0.9, lumaGrain: 1, chromaGrain: 2 },
  sharpenScale: 1,
  sharpenRadius: 1,
  subsampling: 1,
};

/**
 * A 2005 CCD compact: a soft lens, highlights that bleed into a tinted glow, a coating reflection, the
 * sensor's smear and purple fringes around blown lights, the date it burned in when asked, then the
 * camera's own processing at a small size: its colour and grey noise, its sharpening and its fine 4:2:2
 * JPEG, at their defaults as strong as the compacts' own files show them. The glow, the reflection and
 * the small size exaggerate on purpose; Bloom 0 and Reflection strength 0 leave the camera's own.
 */
export const ccdEffect: EffectDefinition = {
  id: 'ccdEffect',
  name: 'CCD',
  runsOn: 'worker',
  settings: [
    { kind: 'toggle', name: 'ccd_applyGaussianBlur', label: 'Soft lens', default: true },
    { kind: 'range', name: 'ccd_bloom_amount', label: 'Bloom', min: 0, max: 2, step: 0.01, default: 1 },
    {
      kind: 'select',
      name: 'ccd_bloom_tint_preset',
      label: 'Bloom tint',
      options: TINT_OPTIONS,
      default: 'violet',
    },
    {
      kind: 'range',
      name: 'ccd_lensReflectionId',
      label: 'Lens reflection',
      min: 1,
      max: 10,
      step: 1,
      default: 1,
      // Spec section 5: the id cycles 1-10.
      cyclic: true,
    },
    {
      kind: 'range',
      name: 'ccd_lensReflectionStrength',
      label: 'Reflection strength',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0.45,
    },
    // On by default: image-driven, they change only photos with blown highlights, as the CCD did. Smear
    // is faint (0.25): at 0.6 a daylight photo with white shirts (kodim05) was striped all over.
    amountSetting('ccd_smear', 'Smear', 0.25),
    amountSetting('ccd_fringing', 'Purple fringing', 0.6),
    ...dateStampSettings('ccd'),
    ...jpegSettings(
      'ccd',
      {
        ...GENERAL_JPEG,
        // The compacts wrote their largest files at fine settings: libjpeg quality 91-98 equivalents.
        quality: 94,
        longSidePixels: 500,
        noiseAmount: 0.2,
        noiseBlendMode: 'overlay',
        applySharpen: true,
        sharpenAmount: 0.5,
        upscale2x: true,
      },
      { longSide: { min: 200, max: 1080, step: 10 }, noiseMax: 0.5 },
    ),
  ],
  // Its lens reflection and bloom work from quarter- to sixteenth-size copies, which at the thumbnail's
  // own size are a few pixels across: run on a larger copy of the photo, the thumbnail keeps their shape.
  thumbnailDetail: 2.25,
  adjust: (settings) => adjustJpeg('ccd', settings),
  disabledReason: (name, settings) => jpegDisabledReason('ccd', name, settings),
  stages(settings, input) {
    const stages: StageInvocation[] = [];
    if (booleanSetting(settings, 'ccd_applyGaussianBlur')) {
      stages.push({ stage: 'blur', params: { sigma: relativePixels(1.2, input), downsample: 1 } });
    }
    const bloom = numberSetting(settings, 'ccd_bloom_amount');
    if (bloom > 0) {
      stages.push({
        stage: 'bloom',
        params: ccdBloomParams(bloom, stringSetting(settings, 'ccd_bloom_tint_preset'), input),
      });
    }
    const reflection = numberSetting(settings, 'ccd_lensReflectionStrength');
    if (reflection > 0) {
      stages.push({
        stage: 'lens-reflection',
        params: { id: numberSetting(settings, 'ccd_lensReflectionId'), strength: reflection },
      });
    }
    return [
      ...stages,
      ...ccdSensorStages(settings),
      ...dateStampStages(settings, input, 'ccd'),
      ...jpegStages('ccd', settings, input, CCD_CAMERA),
    ];
  },
};
