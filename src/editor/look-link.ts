/**
 * A look as a link (testing contract): `?effect=<id>&<setting>=<value>...` selects and applies the look
 * once an image is ready, and the editor keeps the query string in step with the user's choices.
 */
import { defaultSettings } from '../effects/settings.ts';
import type { EffectDefinition, Settings } from '../effects/types.ts';

/** Query parameters that are not settings. */
const RESERVED = new Set(['effect', 'engine']);

export interface LookLink {
  effectId: string;
  settings: Record<string, string>;
}

export function parseLookLink(search: string): LookLink | null {
  const params = new URLSearchParams(search);
  const effectId = params.get('effect');
  if (!effectId) return null;
  const settings: Record<string, string> = {};
  for (const [key, value] of params) if (!RESERVED.has(key)) settings[key] = value;
  return { effectId, settings };
}

/**
 * The query string for a look: other parameters (`engine`) kept, `effect` set, and each setting that
 * differs from its default written out; without an effect, the look parameters are dropped.
 */
export function lookLinkSearch(
  search: string,
  effect: EffectDefinition | undefined,
  settings: Settings,
): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key !== 'engine') params.delete(key);
  if (effect && effect.runsOn === 'worker') {
    params.set('effect', effect.id);
    const defaults = defaultSettings(effect);
    for (const definition of effect.settings) {
      if (definition.hidden) continue;
      const value = settings[definition.name];
      if (value !== undefined && !Object.is(value, defaults[definition.name]))
        params.set(definition.name, String(value));
    }
  } else if (effect) {
    params.set('effect', effect.id);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
