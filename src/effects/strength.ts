/**
 * Strength: every worker effect's step mixes its look with its input, 0 (the input) to 100 (the full
 * look). One setting that the effect list gives every worker effect, and one final stage that the
 * step's chain ends with, so that it flows wherever settings and chains already flow (drafts, the
 * recovery log, saves in tiles, batches, the live camera, look links, recipes).
 */
import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import { stepInputKey } from '../pipeline/stages/mix/stage.ts';
import type { EffectDefinition, PhotoInput, RangeSetting, Settings } from './types.ts';

export const STRENGTH_SETTING = 'strength';

export const STRENGTH: RangeSetting = {
  kind: 'range',
  name: STRENGTH_SETTING,
  label: 'Strength',
  min: 0,
  max: 100,
  step: 1,
  default: 100,
  testId: 'look-strength',
};

/**
 * The effect with the strength setting first, before its own: the control a look is most often changed by
 * comes first in its panel on every size. Effects that run on the main thread are left alone.
 */
export function withStrength(effect: EffectDefinition): EffectDefinition {
  if (effect.runsOn !== 'worker' || effect.settings.some((s) => s.name === STRENGTH_SETTING)) return effect;
  return { ...effect, settings: [STRENGTH, ...effect.settings] };
}

/** The step's strength, 0..100 (100 when the settings have none). */
export function stepStrength(settings: Settings): number {
  const value = settings[STRENGTH_SETTING];
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 100;
}

/**
 * The stages of one effect step: the effect's own for these settings, then, below full strength, the
 * mix with the step's input. At 100 the chain is the effect's own, so its pixels are exactly the look's.
 * Every place that runs a step builds its chain here.
 */
export function stepStages(
  effect: EffectDefinition,
  settings: Settings,
  input: PhotoInput,
): StageInvocation[] {
  const chain = effect.stages(settings, input);
  const strength = stepStrength(settings);
  if (strength >= 100 || chain.length === 0) return chain;
  return [
    ...chain,
    { stage: 'mix', params: { amount: strength / 100 }, textures: { input: stepInputKey(chain.length) } },
  ];
}
