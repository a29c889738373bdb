import { collageEffect } from './collage.ts';
import { smartBlurEffect } from './smart-blur.ts';
import type { EffectDefinition } from './types.ts';
import { vibranceEffect } from './vibrance.ts';

/** Every effect, in the order the Effects list shows them (spec section 3's order, vibrance last). */
export const EFFECTS: readonly EffectDefinition[] = [collageEffect, smartBlurEffect, vibranceEffect];

const BY_ID = new Map(EFFECTS.map((effect) => [effect.id, effect]));

export function findEffect(id: string | null | undefined): EffectDefinition | undefined {
  return id ? BY_ID.get(id) : undefined;
}
