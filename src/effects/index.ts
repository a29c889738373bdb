import { ccdEffect } from './ccd.ts';
import { collageEffect } from './collage.ts';
import { dualVignetteEffect } from './dual-vignette.ts';
import { iphone3Effect } from './iphone-3g.ts';
import { jpegSimulationEffect } from './jpeg.ts';
import { laptopEffect } from './quarter-inch.ts';
import { nokiaEffect } from './nokia.ts';
import { pg2016Effect } from './filters.ts';
import { smartBlurEffect } from './blur-pixelate.ts';
import { withStrength } from './strength.ts';
import type { EffectDefinition } from './types.ts';
import { vibranceEffect } from './vibrance.ts';

/**
 * Every effect, in the order the Effects list shows them (and the digit keys choose them): the landing
 * page's three looks first (CCD, Nokia, the film filters), so that what brought the user is the first
 * thing they see and its thumbnail is made first; then spec section 3's order, vibrance last. Each worker
 * effect with its strength (strength.ts), added here for all alike.
 */
export const EFFECTS: readonly EffectDefinition[] = [
  ccdEffect,
  nokiaEffect,
  pg2016Effect,
  jpegSimulationEffect,
  collageEffect,
  smartBlurEffect,
  laptopEffect,
  iphone3Effect,
  dualVignetteEffect,
  vibranceEffect,
].map(withStrength);

const BY_ID = new Map(EFFECTS.map((effect) => [effect.id, effect]));

export function findEffect(id: string | null | undefined): EffectDefinition | undefined {
  return id ? BY_ID.get(id) : undefined;
}

/**
 * The worker's effects to prepare ahead, most likely first: the one already chosen (a link's `effect=`)
 * alone, so that nothing competes with its first frame (the thumbnails make the others' programs after
 * it), or with none chosen every effect, in the list's order.
 */
export function likelyEffects(chosen: string | null | undefined): string[] {
  const ids = EFFECTS.filter((effect) => effect.runsOn === 'worker').map((effect) => effect.id);
  return chosen && ids.includes(chosen) ? [chosen] : ids;
}
