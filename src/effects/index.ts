import { ccdEffect } from './ccd.ts';
import { collageEffect } from './collage.ts';
import { dualVignetteEffect } from './dual-vignette.ts';
import { iphone3Effect } from './iphone3.ts';
import { jpegSimulationEffect } from './jpeg-simulation.ts';
import { laptopEffect } from './laptop.ts';
import { nokiaEffect } from './nokia.ts';
import { pg2016Effect } from './pg2016.ts';
import { smartBlurEffect } from './smart-blur.ts';
import type { EffectDefinition } from './types.ts';
import { vibranceEffect } from './vibrance.ts';

/** Every effect, in the order the Effects list shows them (spec section 3's order, vibrance last). */
export const EFFECTS: readonly EffectDefinition[] = [
  jpegSimulationEffect,
  pg2016Effect,
  collageEffect,
  smartBlurEffect,
  ccdEffect,
  nokiaEffect,
  laptopEffect,
  iphone3Effect,
  dualVignetteEffect,
  vibranceEffect,
];

const BY_ID = new Map(EFFECTS.map((effect) => [effect.id, effect]));

export function findEffect(id: string | null | undefined): EffectDefinition | undefined {
  return id ? BY_ID.get(id) : undefined;
}
