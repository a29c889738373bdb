import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import { bloomTint } from '../grading/bloom-tints.ts';
import {
  adjustJpeg,
  GENERAL_JPEG,
  jpegDisabledReason,
  jpegSettings,
  jpegStages,
  type JpegCamera,
} from './jpeg-family.ts';
import { lutKey } from '../grading/look-names.ts';
import { booleanSetting, numberSetting, relativePixels, stringSetting } from './settings.ts';
import { TINT_OPTIONS } from '../grading/tints.ts';
import { amountSetting, colorGrainStages, softCornerStages } from './artefacts.ts';
import { dateStampSettings, dateStampStages } from './date-stamp.ts';
import type { EffectDefinition } from './types.ts';
import { msg } from '../i18n/msg.ts';

const WEBCAM_SEED = 1304;

/**
 * A cheap small sensor's processing, as budget cameras' files show it (docs/fidelity.md; no webcam
 * original was found): strong grey noise with colour noise about half as strong, spread over a few
 * pixels; firm sharpening; 4:2:2 chroma; at the spec's quality 80, tables as fine as those cameras' own
 * (libjpeg quality 91).
 */
const WEBCAM_CAMERA: JpegCamera = {
  noiseScale: 0.055,
  sensor: { chroma: 1, lumaGrain: 1, chromaGrain: 2 },
  sharpenScale: 3,
  sharpenRadius: 1,
  subsampling: 1,
  quality: { at: 80, codes: 91 },
};

/**
 * A quarter-inch laptop webcam: the sensor's flat, cool colour response (lutIntensity), the driver's
 * skin-smoothing denoise that turns detail to plastic (a bilateral filter), a glow around bright windows,
 * a touch of the Filters look 'laptop' on top (applyFilter, intensity), then the noise, sharpening and
 * 4:2:2 JPEG of a cheap small sensor, as budget cameras' files show them (no webcam original was found to
 * measure). The cool cast and the flat tones exaggerate on purpose; Filter intensity 0 takes the cast
 * toward a budget camera's near-neutral one.
 */
export const laptopEffect: EffectDefinition = {
  id: 'laptopEffect',
  name: 'quarter-inch',
  runsOn: 'worker',
  settings: [
    { kind: 'range', name: 'lutIntensity', label: 'Sensor colour', min: 0, max: 1, step: 0.01, default: 1 },
    {
      kind: 'range',
      name: 'spatialSigma',
      label: 'Smoothing radius',
      min: 0.5,
      max: 8,
      step: 0.1,
      default: 2,
    },
    {
      kind: 'range',
      name: 'luminanceSigma',
      label: 'Smoothing threshold',
      min: 0.01,
      max: 0.5,
      step: 0.01,
      default: 0.1,
    },
    { kind: 'range', name: 'laptop_bloom_amount', label: 'Glow', min: 0, max: 2, step: 0.01, default: 0.6 },
    { kind: 'select', name: 'laptop_bloom_tint', label: 'Glow tint', options: TINT_OPTIONS, default: 'blue' },
    { kind: 'toggle', name: 'applyFilter', label: 'Laptop filter', default: true },
    { kind: 'range', name: 'intensity', label: 'Filter intensity', min: 0, max: 1, step: 0.01, default: 0.3 },
    amountSetting('colorGrain', 'Colour grain', 0.4),
    amountSetting('softCorners', 'Soft corners', 0.35),
    ...dateStampSettings('laptop'),
    ...jpegSettings('jpeg', { ...GENERAL_JPEG, quality: 80, longSidePixels: 640, noiseAmount: 0.3 }),
  ],
  adjust: (settings) => adjustJpeg('jpeg', settings),
  disabledReason(name, settings) {
    if (name === 'intensity' && !booleanSetting(settings, 'applyFilter'))
      return msg('Turn on the laptop filter first');
    return jpegDisabledReason('jpeg', name, settings);
  },
  stages(settings, input) {
    const stages: StageInvocation[] = [];
    const sensor = numberSetting(settings, 'lutIntensity');
    if (sensor > 0)
      stages.push({ stage: 'lut', params: { intensity: sensor }, textures: { lut: lutKey('webcam') } });
    stages.push({
      stage: 'bilateral',
      params: {
        spatialSigma: relativePixels(numberSetting(settings, 'spatialSigma'), input),
        luminanceSigma: numberSetting(settings, 'luminanceSigma'),
      },
    });
    const glow = numberSetting(settings, 'laptop_bloom_amount');
    if (glow > 0) {
      stages.push({
        stage: 'bloom',
        params: {
          threshold: 0.75,
          knee: 0.2,
          amount: glow,
          tint: bloomTint(stringSetting(settings, 'laptop_bloom_tint')),
          radius: relativePixels(32, input),
        },
      });
    }
    const filter = numberSetting(settings, 'intensity');
    if (booleanSetting(settings, 'applyFilter') && filter > 0) {
      stages.push({ stage: 'lut', params: { intensity: filter }, textures: { lut: lutKey('laptop') } });
    }
    return [
      ...stages,
      ...softCornerStages(settings, 'softCorners'),
      ...colorGrainStages(settings, 'colorGrain', 640, WEBCAM_SEED),
      ...dateStampStages(settings, input, 'laptop'),
      ...jpegStages('jpeg', settings, input, WEBCAM_CAMERA),
    ];
  },
};
