import type { EffectDefinition } from './types.ts';

/**
 * The collage (product spec section 3): it runs on the main thread with fabric.js and hands its result to
 * the worker as a new base image, so it has no stages and no settings of its own: its config (canvas,
 * preset, background, photos, texts) lives in the collage editor, which it brings as its controls.
 */
export const collageEffect: EffectDefinition = {
  id: 'collageEffect',
  name: 'Collage',
  group: 'Creative',
  runsOn: 'main',
  settings: [],
  controls: 'collage',
  stages: () => [],
};
