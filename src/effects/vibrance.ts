import { numberSetting } from './settings.ts';
import type { EffectDefinition } from './types.ts';

export const vibranceEffect: EffectDefinition = {
  id: 'vibrance',
  name: 'Vibrance',
  runsOn: 'worker',
  settings: [{ kind: 'range', name: 'vibrance', label: 'Vibrance', min: -1, max: 1, step: 0.01, default: 0 }],
  stages: (settings) => [{ stage: 'vibrance', params: { vibrance: numberSetting(settings, 'vibrance') } }],
};
