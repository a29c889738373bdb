/**
 * The edit as a link (testing contract): `?effect=<id>&<setting>=<value>...` is its last look (selected
 * and applied once an image is ready), `steps=` the looks before it (a JSON list of `[effectId,
 * {setting: value}]`, each with its settings that differ from the defaults), `crop=`, `turn=`, `flip=`,
 * `angle=` its crop and `frame=...` its frame. The editor keeps the address bar's query string in step
 * with the edit on screen, every other option (`lang`, `engine`, ...) kept.
 */
import { EFFECTS, findEffect } from '../effects/index.ts';
import { defaultSettings } from '../effects/settings.ts';
import type { SettingValue } from '../effects/types.ts';
import { recipeOf, type CropRecipe } from '../edit/crop.ts';
import { CROP_LINK_PARAMS, parseCropParams, writeCropParams } from '../edit/crop-link.ts';
import { FRAME_LINK_PARAMS, parseFrameParams, writeFrameParams, type FrameChoice } from '../edit/frame.ts';
import { effectsAfterImage, hasImage, type Edit, type EffectStep } from '../edit/edit.ts';

/** The parameter of the looks before the link's look. */
export const STEPS_PARAM = 'steps';
/** The most looks a link carries before its last (a recipe's limit). */
export const MAX_LINK_STEPS = 32;
/** The longest `steps=` read (as the recipe link's reader). */
export const MAX_STEPS_CHARS = 32 * 1024;

/** The look parameters: every effect's settings and the link's own; the rest of a query is not the look's. */
const LOOK_PARAMS = new Set<string>([
  'effect',
  STEPS_PARAM,
  ...CROP_LINK_PARAMS,
  ...FRAME_LINK_PARAMS,
  ...EFFECTS.flatMap((effect) => effect.settings.map((setting) => setting.name)),
]);

/** A look before the link's last: its effect and the settings it gives. */
export interface LinkStep {
  effectId: string;
  settings: Record<string, SettingValue>;
}

export interface LookLink {
  /** The look's effect; null for a link that only crops or frames. */
  effectId: string | null;
  settings: Record<string, string>;
  /** The looks before it, in order. */
  steps?: LinkStep[];
  /** The crop the link carries, applied before the looks. */
  crop?: CropRecipe;
  /** The frame the link carries (`frame=`), shown around the photo and saved with it. */
  frame?: FrameChoice;
}

function parseSteps(raw: string | null): LinkStep[] {
  if (!raw || raw.length > MAX_STEPS_CHARS) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const steps: LinkStep[] = [];
  for (const item of json.slice(0, MAX_LINK_STEPS)) {
    if (!Array.isArray(item) || typeof item[0] !== 'string') continue;
    const effect = findEffect(item[0]);
    if (!effect || effect.runsOn !== 'worker') continue;
    const given: unknown = item[1];
    const settings: Record<string, SettingValue> = {};
    if (typeof given === 'object' && given !== null) {
      for (const [name, value] of Object.entries(given)) {
        if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
          settings[name] = value;
      }
    }
    steps.push({ effectId: effect.id, settings });
  }
  return steps;
}

export function parseLookLink(search: string): LookLink | null {
  const params = new URLSearchParams(search);
  const effectId = params.get('effect');
  const crop = parseCropParams(params);
  const frame = parseFrameParams(params);
  const framed = frame.id !== 'none';
  const steps = parseSteps(params.get(STEPS_PARAM));
  if (!effectId && !crop && !framed && steps.length === 0) return null;
  const settings: Record<string, string> = {};
  const effect = findEffect(effectId);
  const own = new Set(effect?.settings.map((setting) => setting.name) ?? []);
  for (const [key, value] of params) if (own.has(key)) settings[key] = value;
  return {
    effectId: effectId || null,
    settings,
    ...(steps.length > 0 ? { steps } : {}),
    ...(crop ? { crop } : {}),
    ...(framed ? { frame } : {}),
  };
}

/** A look's settings that differ from its defaults (hidden ones follow the others), as a link writes them. */
function changed(step: Pick<EffectStep, 'effectId' | 'settings'>): Record<string, SettingValue> {
  const effect = findEffect(step.effectId);
  if (!effect) return {};
  const defaults = defaultSettings(effect);
  const out: Record<string, SettingValue> = {};
  for (const definition of effect.settings) {
    if (definition.hidden) continue;
    const value = step.settings[definition.name];
    if (value !== undefined && !Object.is(value, defaults[definition.name])) out[definition.name] = value;
  }
  return out;
}

/**
 * The query string for an edit: the other parameters of `search` kept, the look's written anew. A
 * collage cannot be made again from a link: an edit with one writes no look.
 */
export function editLinkSearch(search: string, edit: Edit): string {
  return withLook(search, lookQuery(edit));
}

/** `search` with its look parameters replaced by those of `look` (a query string of look parameters only). */
export function withLook(search: string, look: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (LOOK_PARAMS.has(key)) params.delete(key);
  for (const [key, value] of new URLSearchParams(look)) params.append(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The look parameters of an edit, as a query string without '?'. */
export function lookQuery(edit: Edit): string {
  const params = new URLSearchParams();
  if (!hasImage(edit)) {
    const looks = effectsAfterImage(edit).effects;
    const last = looks.at(-1);
    const before = looks.slice(0, -1);
    if (before.length > 0)
      params.set(STEPS_PARAM, JSON.stringify(before.map((step) => [step.effectId, changed(step)])));
    if (last) {
      params.set('effect', last.effectId);
      for (const [name, value] of Object.entries(changed(last))) params.set(name, String(value));
    }
    writeCropParams(params, edit.crop ? recipeOf(edit.crop) : null);
    writeFrameParams(params, edit.frame);
  }
  return params.toString();
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
