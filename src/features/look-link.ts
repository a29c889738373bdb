/**
 * A look as a link (testing contract): `?effect=<id>&<setting>=<value>...` selects and applies the look
 * once an image is ready, and the editor keeps the query string in step with the user's choices.
 */
import { defaultSettings } from '../effects/settings.ts';
import type { EffectDefinition, Settings } from '../effects/types.ts';
import type { CropRecipe } from '../crop/model/crop-choice.ts';
import { CROP_LINK_PARAMS, parseCropParams, writeCropParams } from '../crop/model/crop-link.ts';
import {
  FRAME_LINK_PARAMS,
  NO_FRAME,
  parseFrameParams,
  writeFrameParams,
  type FrameChoice,
} from '../frames/model/choice.ts';

/** Query parameters that are not settings. */
const RESERVED = new Set<string>(['effect', 'engine', ...CROP_LINK_PARAMS, ...FRAME_LINK_PARAMS]);

export interface LookLink {
  /** The look's effect; null for a link that only crops. */
  effectId: string | null;
  settings: Record<string, string>;
  /** The crop the link carries, applied before the look. */
  crop?: CropRecipe;
  /** The frame the link carries (`frame=`), shown around the photo and saved with it. */
  frame?: FrameChoice;
}

export function parseLookLink(search: string): LookLink | null {
  const params = new URLSearchParams(search);
  const effectId = params.get('effect');
  const crop = parseCropParams(params);
  const frame = parseFrameParams(params);
  const framed = frame.id !== 'none';
  if (!effectId && !crop && !framed) return null;
  const settings: Record<string, string> = {};
  for (const [key, value] of params) if (!RESERVED.has(key)) settings[key] = value;
  return { effectId: effectId || null, settings, ...(crop ? { crop } : {}), ...(framed ? { frame } : {}) };
}

/**
 * The query string for a look: other parameters (`engine`) kept, `effect` set, and each setting that
 * differs from its default written out; without an effect, the look parameters are dropped.
 */
export function lookLinkSearch(
  search: string,
  effect: EffectDefinition | undefined,
  settings: Settings,
  crop: CropRecipe | null = null,
  frame: FrameChoice = NO_FRAME,
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
  writeCropParams(params, crop);
  writeFrameParams(params, frame);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The least time between two rewrites of the editor's URL, in ms. */
export const LOOK_LINK_INTERVAL_MS = 400;

export interface LinkWriter {
  /** Asks for `search` to be written: at once if the last write was long enough ago, else at the end of the interval. */
  request(search: string): void;
  /** Drops a write still waiting. */
  cancel(): void;
}

/**
 * Writes the latest query string at most once per `intervalMs`. Browsers limit how often a page may
 * rewrite its URL (Safari throws after 100 replaceState calls in 30 s, Chrome ignores those past 200 in
 * 10 s), and a slider dragged on a fast GPU settles a new look every frame. A change after a quiet spell is
 * written at once, so the link is current as soon as the look is; a burst writes its first and its last.
 */
export function createLinkWriter(
  write: (search: string) => void,
  intervalMs = LOOK_LINK_INTERVAL_MS,
  now: () => number = () => performance.now(),
): LinkWriter {
  let lastWrite = -Infinity;
  let pending: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (pending === null) return;
    const search = pending;
    pending = null;
    lastWrite = now();
    write(search);
  };
  return {
    request(search) {
      pending = search;
      if (timer !== undefined) return;
      const wait = lastWrite + intervalMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
  };
}
