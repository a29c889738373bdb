import { numberSetting, relativePixels, stringSetting } from './settings.ts';
import type { EffectDefinition, SettingValue, Settings } from './types.ts';
import { msg } from '../i18n/msg.ts';

/** The resource key of the freehand mask sent with applyEffect in draw mode. */
export const FREEHAND_MASK = 'mask:freehand';

const MASK_MODES = { uniform: 0, draw: 1, vignette: 2 } as const;

const aroundTheEdges = (settings: Settings) => settings.applicationMode === 'vignette';
/** The vignette mode always blurs (spec section 4), whatever the type says. */
const gaussian = (settings: Settings) => settings.blurType === 'gaussian' || aroundTheEdges(settings);

/** Blur/Pixelate: blur or pixelate everywhere, where the user paints, or towards the edges. */
export const smartBlurEffect: EffectDefinition = {
  id: 'smartBlur',
  name: 'Blur/Pixelate',
  runsOn: 'worker',
  settings: [
    {
      kind: 'select',
      name: 'blurType',
      label: 'Type',
      options: [
        { value: 'pixelate', label: 'Pixelate' },
        { value: 'gaussian', label: 'Gaussian blur' },
      ],
      default: 'pixelate',
    },
    {
      kind: 'select',
      name: 'applicationMode',
      label: 'Where',
      options: [
        { value: 'uniform', label: 'Everywhere' },
        { value: 'draw', label: 'Where I paint' },
        { value: 'vignette', label: 'Around the edges' },
      ],
      default: 'uniform',
    },
    {
      kind: 'range',
      name: 'sigma',
      label: 'Blur radius',
      min: 0.1,
      max: 20,
      step: 0.1,
      default: 10,
      shownWhen: gaussian,
    },
    {
      kind: 'range',
      name: 'pixelSize',
      label: 'Pixel size',
      min: 2,
      max: 20,
      step: 1,
      default: 8,
      shownWhen: (settings) => !gaussian(settings),
    },
    {
      kind: 'range',
      name: 'gaussianDownsampleFactor',
      label: 'Blur downsampling',
      min: 1,
      max: 8,
      step: 1,
      default: 1,
      shownWhen: gaussian,
    },
    {
      kind: 'range',
      name: 'vignetteSize',
      label: 'Clear centre',
      min: 0,
      max: 0.7,
      step: 0.01,
      default: 0.15,
      shownWhen: aroundTheEdges,
    },
    {
      kind: 'range',
      name: 'vignetteSoftness',
      label: 'Edge softness',
      min: 0,
      max: 1,
      step: 0.01,
      default: 0.4,
      shownWhen: aroundTheEdges,
    },
  ],
  // Draw mode: the user paints where to blur, with a brush (spec sections 4, 5 and 9).
  drawing: {
    active: (settings) => settings.applicationMode === 'draw',
    brush: {
      kind: 'range',
      name: 'blurBrushSize',
      label: 'Brush size',
      min: 1,
      max: 300,
      step: 1,
      default: 80,
    },
    brushFollows: 'blurType',
    brushDefault: (settings) => (settings.blurType === 'gaussian' ? 60 : 80),
  },
  adjust(settings: Settings) {
    const next: Record<string, SettingValue> = { ...settings };
    // Spec section 4: the vignette mode forces gaussian.
    if (settings.applicationMode === 'vignette') next.blurType = 'gaussian';
    return next;
  },
  disabledReason(name, settings) {
    if (name === 'blurType' && settings.applicationMode === 'vignette')
      return msg('The edge blur is always a gaussian blur');
    return null;
  },
  stages(settings, input) {
    const mode = stringSetting(settings, 'applicationMode') as keyof typeof MASK_MODES;
    return [
      {
        stage: 'smart-blur',
        params: {
          blurType: stringSetting(settings, 'blurType') === 'gaussian' ? 0 : 1,
          sigma: relativePixels(numberSetting(settings, 'sigma'), input),
          downsample: numberSetting(settings, 'gaussianDownsampleFactor'),
          pixelSize: Math.max(1, relativePixels(numberSetting(settings, 'pixelSize'), input)),
          maskMode: MASK_MODES[mode] ?? 0,
          vignetteSize: numberSetting(settings, 'vignetteSize'),
          vignetteSoftness: numberSetting(settings, 'vignetteSoftness'),
        },
        ...(mode === 'draw' ? { textures: { mask: FREEHAND_MASK } } : {}),
      },
    ];
  },
};
