import type { EffectDefinition } from './types.ts';
import { vibranceEffect } from './vibrance.ts';

/** Every effect, in the order the Effects list shows them. */
export const EFFECTS: readonly EffectDefinition[] = [vibranceEffect];

const BY_ID = new Map(EFFECTS.map((effect) => [effect.id, effect]));

export function findEffect(id: string | null | undefined): EffectDefinition | undefined {
  return id ? BY_ID.get(id) : undefined;
}
