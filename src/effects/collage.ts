import type { EffectDefinition } from './types.ts';

/**
 * The collage (product spec section 3): it runs on the main thread with fabric.js and hands its result to
 * the worker as a new base image, so it has no stages. Its settings are the definition's canvas defaults,
 * kept hidden: the collage panel has its own controls.
 */
export const collageEffect: EffectDefinition = {
  id: 'collageEffect',
  name: 'Collage',
  group: 'Creative',
  runsOn: 'main',
  settings: [
    {
      kind: 'range',
      name: 'canvasWidth',
      label: 'Canvas width',
      min: 200,
      max: 800,
      step: 1,
      default: 300,
      hidden: true,
    },
    {
      kind: 'range',
      name: 'canvasHeight',
      label: 'Canvas height',
      min: 200,
      max: 800,
      step: 1,
      default: 300,
      hidden: true,
    },
    {
      kind: 'select',
      name: 'aspectRatio',
      label: 'Aspect ratio',
      options: ['1:1', '4:3', '16:9', '3:4', '9:16'].map((value) => ({ value, label: value })),
      default: '1:1',
      hidden: true,
    },
    { kind: 'color', name: 'backgroundColor', label: 'Background', default: '#000000', hidden: true },
  ],
  stages: () => [],
};
