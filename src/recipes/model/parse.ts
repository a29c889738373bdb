/**
 * Reading a recipe from outside (a file, a link, the store): untrusted input. It is checked against the
 * schema with limits on its size and its steps; unknown fields are ignored; each step must name an effect
 * this build has, and its settings are clamped to the effect's ranges (unknown or unusable values take the
 * effect's defaults). A recipe is taken whole or not at all: the answer is the recipe, or why not, in words
 * for the user. Pure: no DOM, no storage.
 */
import { ASPECTS, MAX_STRAIGHTEN, type AspectId } from '../../crop/model/geometry.ts';
import type { CropRecipe } from '../../crop/model/crop-choice.ts';
import { findEffect } from '../../effects/index.ts';
import { coerceSetting, resolveSettings } from '../../effects/settings.ts';
import type { EffectDefinition, SettingValue } from '../../effects/types.ts';
import { CubeFormatError, MAX_CUBE_BYTES, parseCube } from '../../grading/cube.ts';
import { contentHash } from '../../grading/content-hash.ts';
import { msg, fill } from '../../i18n/msg.ts';
import {
  RECIPE_ADJUSTED_ONE_TEMPLATE,
  RECIPE_ADJUSTED_TEMPLATE,
  RECIPE_BAD_CROP_TEMPLATE,
  RECIPE_BAD_FRAME_TEMPLATE,
  RECIPE_CUBE_UNUSABLE_TEMPLATE,
  RECIPE_NEWER_TEMPLATE,
  RECIPE_NO_STEPS_TEMPLATE,
  RECIPE_PROBLEM_TEMPLATE,
  RECIPE_STEP_PROBLEM_TEMPLATE,
  RECIPE_TOO_LARGE_TEMPLATE,
  RECIPE_TOO_MANY_STEPS_TEMPLATE,
  RECIPE_UNKNOWN_EFFECT_TEMPLATE,
} from '../../i18n/templates.ts';
import { RECIPE_SCHEMA, RECIPE_VERSION, type Recipe, type RecipeFrame, type RecipeStep } from './recipe.ts';

/** The largest recipe file read (its .cube embedded, a 65-point table, stays under it). */
export const MAX_RECIPE_BYTES = 8 * 1024 * 1024;
/** The largest recipe link read: a link carries no .cube, and browsers cut long addresses. */
export const MAX_RECIPE_LINK_CHARS = 32 * 1024;
/** The most steps a recipe may have. */
export const MAX_RECIPE_STEPS = 32;
/** A recipe's name is at most this many characters. */
export const MAX_RECIPE_NAME = 60;
const MAX_FRAME_TEXT = 200;
const MAX_FRAME_OPTIONS = 32;

/**
 * A recipe read, with how many of its settings were unusable (not a value, out of range) and were set to
 * usable ones; or why it was refused.
 */
export type RecipeResult = { ok: true; recipe: Recipe; adjusted: number } | { ok: false; message: string };

const refuse = (message: string): RecipeResult => ({ ok: false, message });

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function tooLargeMessage(bytes: number): string {
  return fill(RECIPE_TOO_LARGE_TEMPLATE, { size: megabytes(bytes), limit: megabytes(MAX_RECIPE_BYTES) });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A name as the list shows it: no control characters, spaces collapsed, at most MAX_RECIPE_NAME long. */
export function cleanName(raw: string): string {
  const text = raw
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...text].slice(0, MAX_RECIPE_NAME).join('');
}

/** Parses a recipe file's or link's text; `limit` is the most characters it may have. */
export function parseRecipeText(text: string, limit = MAX_RECIPE_BYTES): RecipeResult {
  if (text.length > limit) return refuse(tooLargeMessage(text.length));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(msg('This is not a RetroCam recipe: the file is not JSON. Nothing was changed.'));
  }
  return checkRecipe(json);
}

/** Checks a parsed value as a recipe: the recipe as this build runs it, or why it cannot be taken. */
export function checkRecipe(value: unknown): RecipeResult {
  if (!isRecord(value) || value.schema !== RECIPE_SCHEMA)
    return refuse(msg('This is not a RetroCam recipe (it does not say "schema": "retrocam.recipe").'));
  const { version } = value;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return refuse(msg('This recipe has no valid version number, so it cannot be read.'));
  if (version > RECIPE_VERSION)
    return refuse(fill(RECIPE_NEWER_TEMPLATE, { version, reads: RECIPE_VERSION }));
  const name = typeof value.name === 'string' ? cleanName(value.name) : '';
  if (!name) return refuse(msg('This recipe has no name.'));
  if (!Array.isArray(value.steps)) return refuse(fill(RECIPE_NO_STEPS_TEMPLATE, { name }));
  if (value.steps.length > MAX_RECIPE_STEPS)
    return refuse(
      fill(RECIPE_TOO_MANY_STEPS_TEMPLATE, { name, count: value.steps.length, limit: MAX_RECIPE_STEPS }),
    );
  const steps: RecipeStep[] = [];
  let adjusted = 0;
  for (const [index, raw] of (value.steps as unknown[]).entries()) {
    const step = checkStep(raw);
    if (typeof step === 'string')
      return refuse(fill(RECIPE_STEP_PROBLEM_TEMPLATE, { name, step: index + 1, reason: step }));
    steps.push(step.step);
    adjusted += step.adjusted;
  }
  const crop = value.crop === undefined || value.crop === null ? null : checkCrop(value.crop);
  if (crop === undefined) return refuse(fill(RECIPE_BAD_CROP_TEMPLATE, { name }));
  const frame = value.frame === undefined || value.frame === null ? null : checkFrame(value.frame);
  if (frame === undefined) return refuse(fill(RECIPE_BAD_FRAME_TEMPLATE, { name }));
  const checked = checkCubes(value.cubes, steps);
  if (typeof checked === 'string') return refuse(fill(RECIPE_PROBLEM_TEMPLATE, { name, reason: checked }));
  const { cubes } = checked;
  return {
    ok: true,
    recipe: {
      schema: RECIPE_SCHEMA,
      version: RECIPE_VERSION,
      name,
      steps: checked.steps,
      crop,
      frame,
      cubes,
    },
    adjusted,
  };
}

/** A step as this build runs it (and how many of its settings were unusable), or what is wrong with it. */
function checkStep(raw: unknown): { step: RecipeStep; adjusted: number } | string {
  if (!isRecord(raw) || typeof raw.effectId !== 'string') return msg('it names no effect.');
  const effect = findEffect(raw.effectId);
  if (!effect || effect.runsOn !== 'worker')
    return fill(RECIPE_UNKNOWN_EFFECT_TEMPLATE, { effect: raw.effectId.slice(0, 40) });
  const given: Record<string, unknown> = isRecord(raw.settings) ? raw.settings : {};
  // Every setting of the effect: the given ones clamped to their ranges, the defaults for the rest.
  const settings = resolveSettings(effect, primitives(given));
  // A given value the effect could not take as it is: not a value of the setting, or out of its range.
  const adjusted = effect.settings.filter((definition) => {
    if (!Object.hasOwn(given, definition.name)) return false;
    const value = given[definition.name];
    const taken = coerceSetting(definition, value);
    return taken === undefined || (typeof value === 'number' && taken !== value);
  }).length;
  // The hash of the .cube its own look reads (checked against the recipe's cubes below).
  const cube = typeof raw.cube === 'string' && /^[0-9a-f]{16}$/.test(raw.cube) ? raw.cube : undefined;
  return { step: { effectId: effect.id, settings, ...(cube ? { cube } : {}) }, adjusted };
}

/** What the user is told of a recipe taken with unusable settings (none: nothing). */
export function adjustedMessage(name: string, adjusted: number): string | null {
  if (adjusted === 0) return null;
  return adjusted === 1
    ? fill(RECIPE_ADJUSTED_ONE_TEMPLATE, { name })
    : fill(RECIPE_ADJUSTED_TEMPLATE, { name, count: adjusted });
}

/** The plain values of a record (what a setting can be); anything else is left out. */
function primitives(record: Record<string, unknown>): Record<string, SettingValue> {
  const out: Record<string, SettingValue> = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
      out[key] = value;
  }
  return out;
}

const ASPECT_IDS = new Set<string>(ASPECTS.map((aspect) => aspect.id));

function checkCrop(raw: unknown): CropRecipe | undefined {
  if (!isRecord(raw)) return undefined;
  const { aspect, turns, angle } = raw;
  if (typeof aspect !== 'string' || !ASPECT_IDS.has(aspect)) return undefined;
  const turn = turns === undefined ? 0 : turns;
  if (turn !== 0 && turn !== 1 && turn !== 2 && turn !== 3) return undefined;
  const degrees = angle === undefined ? 0 : angle;
  if (typeof degrees !== 'number' || !Number.isFinite(degrees)) return undefined;
  return {
    aspect: aspect as AspectId,
    aspectTurned: raw.aspectTurned === true,
    turns: turn,
    flipH: raw.flipH === true,
    flipV: raw.flipV === true,
    angle: Math.max(-MAX_STRAIGHTEN, Math.min(MAX_STRAIGHTEN, degrees)),
  };
}

function checkFrame(raw: unknown): RecipeFrame | undefined {
  if (!isRecord(raw) || typeof raw.id !== 'string' || !/^[a-z0-9-]{1,40}$/.test(raw.id)) return undefined;
  const frame: RecipeFrame = { id: raw.id };
  if (typeof raw.caption === 'string') frame.caption = raw.caption.slice(0, MAX_FRAME_TEXT);
  if (isRecord(raw.options)) {
    const options = Object.entries(primitives(raw.options))
      .slice(0, MAX_FRAME_OPTIONS)
      .map(([key, value]) => [
        key.slice(0, 40),
        typeof value === 'string' ? value.slice(0, MAX_FRAME_TEXT) : value,
      ]);
    frame.options = Object.fromEntries(options) as Record<string, SettingValue>;
  }
  return frame;
}

/**
 * Whether a step's look reads the user's own .cube (Filters' 'Your .cube file'), and by which name in the
 * recipe's `cubes`: the step's hash, or, in a recipe written before steps named theirs, the setting
 * value ('custom').
 */
export function cubeNeed(step: RecipeStep): string | null {
  const effect: EffectDefinition | undefined = findEffect(step.effectId);
  for (const need of effect?.needs ?? []) {
    if (need.resource === 'cube' && String(step.settings[need.setting]) === String(need.value))
      return step.cube ?? String(need.value);
  }
  return null;
}

/** The names (in `cubes`) of the .cube files the steps read. */
export function cubesNeeded(steps: readonly RecipeStep[]): string[] {
  return [...new Set(steps.map(cubeNeed).filter((name): name is string => name !== null))];
}

/**
 * The embedded .cube files the steps read, each read as the .cube import reads one and kept under the
 * hash of its text, which each step then names; or what is wrong.
 */
function checkCubes(
  raw: unknown,
  steps: readonly RecipeStep[],
): { cubes: Record<string, string>; steps: RecipeStep[] } | string {
  const given = isRecord(raw) ? raw : {};
  const cubes: Record<string, string> = {};
  const named: RecipeStep[] = [];
  for (const step of steps) {
    const name = cubeNeed(step);
    if (name === null) {
      named.push(step);
      continue;
    }
    const text = given[name];
    if (typeof text !== 'string') return msg('it needs its .cube file, which the recipe does not hold.');
    if (text.length > MAX_CUBE_BYTES) return msg('its .cube file is too large.');
    const hash = contentHash(text);
    if (cubes[hash] === undefined) {
      try {
        parseCube(text);
      } catch (error) {
        const why = error instanceof CubeFormatError ? error.message : msg('it could not be read.');
        return fill(RECIPE_CUBE_UNUSABLE_TEMPLATE, { reason: why });
      }
      cubes[hash] = text;
    }
    named.push({ ...step, cube: hash });
  }
  return { cubes, steps: named };
}
