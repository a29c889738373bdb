import {
  adjustJpeg,
  GENERAL_JPEG,
  jpegDisabledReason,
  jpegNames,
  jpegSettings,
  jpegStages,
  type JpegDefaults,
} from './jpeg-family.ts';
import type { EffectDefinition, SettingValue, Settings } from './types.ts';

const n = jpegNames('jpeg');

/** Spec section 9: the JPEG simulation's presets. */
export const JPEG_PRESETS: Record<'low' | 'medium' | 'high', Record<string, SettingValue>> = {
  low: {
    [n.longSidePixels]: 250,
    [n.quality]: 60,
    [n.applyNoise]: true,
    [n.noiseAmount]: 0.2,
    [n.noiseBlendMode]: 'overlay',
    [n.applySharpen]: true,
    [n.sharpenAmount]: 0.2,
    [n.upscale2x]: true,
  },
  medium: {
    [n.longSidePixels]: 400,
    [n.quality]: 50,
    [n.applyNoise]: false,
    [n.applySharpen]: false,
    [n.upscale2x]: false,
  },
  high: {
    [n.longSidePixels]: 650,
    [n.quality]: 40,
    [n.applyNoise]: true,
    [n.noiseAmount]: 0.25,
    [n.noiseBlendMode]: 'overlay',
    [n.applySharpen]: false,
    [n.upscale2x]: false,
  },
};

const DEFAULTS: JpegDefaults = {
  ...GENERAL_JPEG,
  quality: 50,
  longSidePixels: 400,
  applyNoise: false,
  applySharpen: false,
};

function matchingPreset(settings: Settings): string {
  for (const [name, values] of Object.entries(JPEG_PRESETS)) {
    if (Object.entries(values).every(([key, value]) => settings[key] === value)) return name;
  }
  return 'custom';
}

export const jpegSimulationEffect: EffectDefinition = {
  id: 'jpegSimulation',
  name: 'JPEG',
  runsOn: 'worker',
  settings: [
    {
      kind: 'select',
      name: 'preset',
      label: 'Preset',
      options: [
        { value: 'low', label: 'Low' },
        { value: 'medium', label: 'Medium' },
        { value: 'high', label: 'High' },
        { value: 'custom', label: 'Custom' },
      ],
      default: 'medium',
    },
    ...jpegSettings('jpeg', DEFAULTS),
  ],
  adjust(settings, changed) {
    let next: Record<string, SettingValue> = { ...settings };
    const preset = settings.preset;
    if (changed === 'preset' && (preset === 'low' || preset === 'medium' || preset === 'high')) {
      next = { ...next, ...JPEG_PRESETS[preset] };
    }
    next = adjustJpeg('jpeg', next);
    // Editing a preset's value by hand makes the preset 'custom' (and matching values pick it again).
    if (changed !== 'preset') next.preset = matchingPreset(next);
    return next;
  },
  disabledReason: (name, settings) => jpegDisabledReason('jpeg', name, settings),
  stages: (settings, input) => jpegStages('jpeg', settings, input),
};
