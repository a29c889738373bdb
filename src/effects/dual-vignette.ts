import { adjustJpeg, GENERAL_JPEG, jpegDisabledReason, jpegSettings, jpegStages } from './jpeg-family.ts';
import { colorSetting, numberSetting } from './settings.ts';
import type { EffectDefinition } from './types.ts';

/** Two rings of vignette, a coloured inner glow and a dark outer edge, on a small JPEG. */
export const dualVignetteEffect: EffectDefinition = {
  id: 'dualVignetteEffect',
  name: 'Dual Vignette',
  runsOn: 'worker',
  settings: [
    {
      kind: 'range',
      name: 'innerVignetteSize',
      label: 'Inner size',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0.35,
    },
    {
      kind: 'range',
      name: 'innerVignetteStrength',
      label: 'Inner strength',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0.45,
    },
    { kind: 'color', name: 'innerVignetteColor', label: 'Inner colour', default: '#ff7a3d' },
    {
      kind: 'range',
      name: 'innerVignetteSoftness',
      label: 'Inner softness',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0.6,
    },
    {
      kind: 'range',
      name: 'outerVignetteSize',
      label: 'Outer size',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0.7,
    },
    {
      kind: 'range',
      name: 'outerVignetteStrength',
      label: 'Outer strength',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0.85,
    },
    { kind: 'color', name: 'outerVignetteColor', label: 'Outer colour', default: '#000000' },
    {
      kind: 'range',
      name: 'outerVignetteSoftness',
      label: 'Outer softness',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0.35,
    },
    ...jpegSettings('jpeg', { ...GENERAL_JPEG, quality: 80, longSidePixels: 600, noiseAmount: 0.25 }),
  ],
  adjust: (settings) => adjustJpeg('jpeg', settings),
  disabledReason: (name, settings) => jpegDisabledReason('jpeg', name, settings),
  stages: (settings, input) => [
    {
      stage: 'dual-vignette',
      params: {
        innerSize: numberSetting(settings, 'innerVignetteSize'),
        innerStrength: numberSetting(settings, 'innerVignetteStrength'),
        innerColor: colorSetting(settings, 'innerVignetteColor'),
        innerSoftness: numberSetting(settings, 'innerVignetteSoftness'),
        outerSize: numberSetting(settings, 'outerVignetteSize'),
        outerStrength: numberSetting(settings, 'outerVignetteStrength'),
        outerColor: colorSetting(settings, 'outerVignetteColor'),
        outerSoftness: numberSetting(settings, 'outerVignetteSoftness'),
      },
    },
    ...jpegStages('jpeg', settings, input),
  ],
};
