import type { StageInvocation } from '../engine/stages/invocation.ts';
import { bloomTint } from '../grading/bloom-tints.ts';
import { adjustJpeg, GENERAL_JPEG, jpegDisabledReason, jpegSettings, jpegStages } from './jpeg-family.ts';
import { lutKey } from '../grading/look-names.ts';
import { booleanSetting, numberSetting, relativePixels, stringSetting } from './settings.ts';
import { TINT_OPTIONS } from '../grading/tints.ts';
import { amountSetting, colorGrainStages, softCornerStages } from './artefacts.ts';
import { dateStampSettings, dateStampStages } from './date-stamp.ts';
import type { EffectDefinition } from './types.ts';
import { msg } from '../i18n/msg.ts';

const WEBCAM_SEED = 1304;

/**
 * A quarter-inch laptop webcam: the sensor's flat, cool colour response (lutIntensity), the driver's
 * skin-smoothing denoise that turns detail to plastic (a bilateral filter), a glow around bright windows,
 * the Filters look 'laptop' on top (applyFilter, intensity), then a noisy, small JPEG.
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
    { kind: 'range', name: 'intensity', label: 'Filter intensity', min: 0, max: 1, step: 0.01, default: 0.6 },
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
      ...jpegStages('jpeg', settings, input),
    ];
  },
};
