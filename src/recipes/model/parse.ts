/**
 * Reading a recipe from outside (a file, a link): untrusted input, read once where it enters. It is
 * checked against one schema (valibot) with limits on its size, its steps, its name, its crop and its
 * frame; unknown fields are ignored; each step must name an effect this build has, and its settings are
 * clamped to the effect's ranges (unknown or unusable values take the effect's defaults). A recipe is taken
 * whole or not at all: the answer is the recipe, or why not, in words for the user. What the store keeps
 * was read here on its way in and is not read again. Pure: no DOM, no storage.
 */
import * as v from 'valibot';
import { ASPECTS, MAX_STRAIGHTEN, type CropRecipe } from '../../edit/crop.ts';
import { findEffect } from '../../effects/index.ts';
import { coerceSetting, resolveSettings } from '../../effects/settings.ts';
import type { EffectDefinition, SettingValue } from '../../effects/types.ts';
import { readRecipeFrame } from '../../frames/model/recipe-frame.ts';
import { CubeFormatError, MAX_CUBE_BYTES, parseCube } from '../../grading/cube.ts';
import { contentHash } from '../../grading/content-hash.ts';
import { asMessage, decimal, msg, userText, type Message, type Shown } from '../../i18n/msg.ts';
import { cleanName as cleanUserName, cutToCodePoints, stripUnsafe } from '../../i18n/user-text.ts';
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
  RECIPE_UNKNOWN_FRAME_TEMPLATE,
} from '../../i18n/templates.ts';
import {
  RECIPE_SCHEMA,
  RECIPE_VERSION,
  type Recipe,
  type RecipeFrame,
  type RecipeStep,
} from '../../edit/recipe.ts';

/** The most .cube files a recipe embeds: the one user LUT (the Filters effect's 'custom' look). */
export const MAX_RECIPE_CUBES = 1;
/** What a recipe holds besides its .cube files (name, steps, crop, frame), at most, in bytes. */
const MAX_RECIPE_REST_BYTES = 1024 * 1024;
/**
 * The largest recipe file read: its .cube files at their largest, each written in JSON (where a line's end
 * and any quote or backslash take two characters: at most twice the file), and the rest of the recipe.
 */
export const MAX_RECIPE_BYTES = MAX_RECIPE_CUBES * 2 * MAX_CUBE_BYTES + MAX_RECIPE_REST_BYTES;
/** The largest recipe link read: a link carries no .cube, and browsers cut long addresses. */
export const MAX_RECIPE_LINK_CHARS = 32 * 1024;
/** The most steps a recipe may have. */
export const MAX_RECIPE_STEPS = 32;
/** A recipe's name is at most this many characters (code points): the name fields' limit too. */
export const MAX_RECIPE_NAME = 60;
/** The name of a recipe saved (or read) without a visible one. */
export const DEFAULT_RECIPE_NAME = msg('My recipe');
/** The most characters of an unknown effect's or frame's id repeated in a message. */
const MAX_ID_SHOWN = 40;

/**
 * A recipe read, with how many of its settings were unusable (not a value, out of range) and were set to
 * usable ones; or why it was refused.
 */
export type RecipeResult = { ok: true; recipe: Recipe; adjusted: number } | { ok: false; message: Shown };

const refuse = (message: Shown): RecipeResult => ({ ok: false, message });

const megabytes = (bytes: number) => decimal(bytes / (1024 * 1024), 1);

export function tooLargeMessage(bytes: number): Message {
  return msg(RECIPE_TOO_LARGE_TEMPLATE, { size: megabytes(bytes), limit: megabytes(MAX_RECIPE_BYTES) });
}

/**
 * A name as the list shows it (the user-text cleaner's: no controls or direction overrides, spaces
 * collapsed, at most MAX_RECIPE_NAME code points); '' when nothing visible is left.
 */
export function cleanName(raw: string): string {
  return cleanUserName(raw, MAX_RECIPE_NAME) ?? '';
}

/** Why a text that is not JSON was refused (a link tells it apart: it says the link is broken). */
export const NOT_JSON = msg('This is not a RetroCam recipe: the file is not JSON. Nothing was changed.');

/** Parses a recipe file's or link's text; `limit` is the most characters it may have. */
export function parseRecipeText(text: string, limit = MAX_RECIPE_BYTES): RecipeResult {
  if (text.length > limit) return refuse(tooLargeMessage(text.length));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(NOT_JSON);
  }
  return checkRecipe(json);
}

const NOT_A_RECIPE = msg('This is not a RetroCam recipe (it does not say "schema": "retrocam.recipe").');
const NO_VERSION = msg('This recipe has no valid version number, so it cannot be read.');

/** What says what the value is: a recipe's schema, version and name (its name cleaned, or the default). */
const HEADER = v.object(
  {
    schema: v.literal(RECIPE_SCHEMA, NOT_A_RECIPE),
    version: v.pipe(
      v.number(NO_VERSION),
      v.integer(NO_VERSION),
      v.minValue(1, NO_VERSION),
      // Its message, with the versions, is made where the issue is read (`checkRecipe`).
      v.maxValue(RECIPE_VERSION, RECIPE_NEWER_TEMPLATE),
    ),
    name: v.pipe(
      v.string(msg('This recipe has no name.')),
      v.transform((name) => cleanName(name) || DEFAULT_RECIPE_NAME),
    ),
  },
  NOT_A_RECIPE,
);

/** A step as written: the effect's id and its settings (checked against the effect in `checkStep`). */
const STEP = v.object({
  effectId: v.string(),
  settings: v.fallback(v.optional(v.record(v.string(), v.unknown()), {}), {}),
  /** The hash of the .cube its own look reads (checked against the recipe's cubes). */
  cube: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/))), undefined),
});

const ASPECT_IDS = ASPECTS.map((aspect) => aspect.id);
const FLAG = v.fallback(v.optional(v.boolean(), false), false);

/** A crop as batches and look links carry it; its straighten angle clamped to the tool's range. */
const CROP = v.object({
  aspect: v.picklist(ASPECT_IDS),
  aspectTurned: FLAG,
  turns: v.optional(v.picklist([0, 1, 2, 3]), 0),
  flipH: FLAG,
  flipV: FLAG,
  angle: v.pipe(
    v.optional(v.pipe(v.number(), v.finite()), 0),
    v.transform((degrees) => Math.max(-MAX_STRAIGHTEN, Math.min(MAX_STRAIGHTEN, degrees))),
  ),
});

/** The embedded .cube files by the name their step uses (its hash; 'custom' in older files). */
const CUBES = v.fallback(v.optional(v.record(v.string(), v.unknown()), {}), {});

/** The recipe's body, checked once its name is known (the messages name it). */
const BODY = v.object({
  steps: v.array(v.unknown()),
  crop: v.nullish(v.unknown()),
  frame: v.nullish(v.unknown()),
  cubes: CUBES,
});

/** Checks a parsed value as a recipe: the recipe as this build runs it, or why it cannot be taken. */
export function checkRecipe(value: unknown): RecipeResult {
  const header = v.safeParse(HEADER, value, { abortEarly: true });
  if (!header.success) {
    const [issue] = header.issues;
    return refuse(
      issue.message === RECIPE_NEWER_TEMPLATE
        ? msg(RECIPE_NEWER_TEMPLATE, { version: Number(issue.input), reads: RECIPE_VERSION })
        : issue.message,
    );
  }
  const { name: recipeName } = header.output;
  // In the messages below the name is user text inside a sentence.
  const name = userText(recipeName);
  const body = v.safeParse(BODY, value);
  if (!body.success) return refuse(msg(RECIPE_NO_STEPS_TEMPLATE, { name }));
  const { steps: given, crop: rawCrop, frame: rawFrame, cubes: rawCubes } = body.output;
  if (given.length > MAX_RECIPE_STEPS)
    return refuse(
      msg(RECIPE_TOO_MANY_STEPS_TEMPLATE, { name, count: given.length, limit: MAX_RECIPE_STEPS }),
    );
  const steps: RecipeStep[] = [];
  let adjusted = 0;
  for (const [index, raw] of given.entries()) {
    const step = checkStep(raw);
    if (!('step' in step))
      return refuse(msg(RECIPE_STEP_PROBLEM_TEMPLATE, { name, step: index + 1, reason: step }));
    steps.push(step.step);
    adjusted += step.adjusted;
  }
  let crop: CropRecipe | null = null;
  if (rawCrop !== null && rawCrop !== undefined) {
    const checked = v.safeParse(CROP, rawCrop);
    if (!checked.success) return refuse(msg(RECIPE_BAD_CROP_TEMPLATE, { name }));
    crop = checked.output;
  }
  let frame: RecipeFrame | null = null;
  if (rawFrame !== null && rawFrame !== undefined) {
    const read = readRecipeFrame(rawFrame);
    if (read === 'unknown') {
      const id = cutToCodePoints(stripUnsafe(String((rawFrame as { id: string }).id)), MAX_ID_SHOWN);
      return refuse(msg(RECIPE_UNKNOWN_FRAME_TEMPLATE, { name, frame: id }));
    }
    if (read === 'invalid') return refuse(msg(RECIPE_BAD_FRAME_TEMPLATE, { name }));
    frame = read;
  }
  const checked = checkCubes(rawCubes, steps);
  if (!('cubes' in checked)) return refuse(msg(RECIPE_PROBLEM_TEMPLATE, { name, reason: checked }));
  const { cubes } = checked;
  return {
    ok: true,
    recipe: {
      schema: RECIPE_SCHEMA,
      version: RECIPE_VERSION,
      name: recipeName,
      steps: checked.steps,
      crop,
      frame,
      cubes,
    },
    adjusted,
  };
}

/** A step as this build runs it (and how many of its settings were unusable), or what is wrong with it. */
function checkStep(raw: unknown): { step: RecipeStep; adjusted: number } | Message {
  const read = v.safeParse(STEP, raw);
  if (!read.success) return asMessage(msg('it names no effect.'));
  const { effectId, settings: given, cube } = read.output;
  const effect = findEffect(effectId);
  if (!effect || effect.runsOn !== 'worker')
    return msg(RECIPE_UNKNOWN_EFFECT_TEMPLATE, {
      effect: cutToCodePoints(stripUnsafe(effectId), MAX_ID_SHOWN),
    });
  // Every setting of the effect: the given ones clamped to their ranges, the defaults for the rest.
  const settings = resolveSettings(effect, primitives(given));
  // A given value the effect could not take as it is: not a value of the setting, or out of its range.
  const adjusted = effect.settings.filter((definition) => {
    if (!Object.hasOwn(given, definition.name)) return false;
    const value = given[definition.name];
    const taken = coerceSetting(definition, value);
    return taken === undefined || (typeof value === 'number' && taken !== value);
  }).length;
  return { step: { effectId: effect.id, settings, ...(cube ? { cube } : {}) }, adjusted };
}

/** What the user is told of a recipe taken with unusable settings (none: nothing). */
export function adjustedMessage(name: string, adjusted: number): Message | null {
  if (adjusted === 0) return null;
  return adjusted === 1
    ? msg(RECIPE_ADJUSTED_ONE_TEMPLATE, { name: userText(name) })
    : msg(RECIPE_ADJUSTED_TEMPLATE, { name: userText(name), count: adjusted });
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
  given: Readonly<Record<string, unknown>>,
  steps: readonly RecipeStep[],
): { cubes: Record<string, string>; steps: RecipeStep[] } | Message {
  const cubes: Record<string, string> = {};
  const named: RecipeStep[] = [];
  for (const step of steps) {
    const name = cubeNeed(step);
    if (name === null) {
      named.push(step);
      continue;
    }
    const text = given[name];
    if (typeof text !== 'string')
      return asMessage(msg('it needs its .cube file, which the recipe does not hold.'));
    if (text.length > MAX_CUBE_BYTES) return asMessage(msg('its .cube file is too large.'));
    const hash = contentHash(text);
    if (cubes[hash] === undefined) {
      try {
        parseCube(text);
      } catch (error) {
        const why =
          error instanceof CubeFormatError ? asMessage(error.shown) : asMessage(msg('it could not be read.'));
        return msg(RECIPE_CUBE_UNUSABLE_TEMPLATE, { reason: why });
      }
      cubes[hash] = text;
    }
    named.push({ ...step, cube: hash });
  }
  return { cubes, steps: named };
}
