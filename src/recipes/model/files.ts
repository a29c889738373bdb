/**
 * A recipe as a file (`<name>.retrocam.json`) and as a link (`?recipe=`): how each is written and read.
 * Both are read through parse.ts, as untrusted input. Pure.
 */
import { msg } from '../../i18n/msg.ts';
import { cleanFileName } from '../../i18n/user-text.ts';
import {
  MAX_RECIPE_BYTES,
  MAX_RECIPE_LINK_CHARS,
  MAX_RECIPE_NAME,
  parseRecipeText,
  NOT_JSON,
  tooLargeMessage,
  type RecipeResult,
} from './parse.ts';
import type { Recipe } from '../../edit/recipe.ts';

/** The ending of a recipe file's name. */
export const RECIPE_FILE_ENDING = '.retrocam.json';

/** The link's query parameter. */
export const RECIPE_LINK_PARAM = 'recipe';

/** Whether a file is meant as a recipe (by its name): such a file goes to the recipes, not the photo intake. */
export function isRecipeFile(file: { name?: string; type?: string }): boolean {
  return (file.name ?? '').toLowerCase().endsWith(RECIPE_FILE_ENDING);
}

/** The file's name: the recipe's name as a file name (the user-text cleaner's). */
export function recipeFileName(recipe: Pick<Recipe, 'name'>): string {
  return `${cleanFileName(recipe.name, MAX_RECIPE_NAME, 'recipe')}${RECIPE_FILE_ENDING}`;
}

/** The file's text: the recipe as JSON, readable by a person too. */
export function recipeFileText(recipe: Recipe): string {
  return `${JSON.stringify(recipe, null, 2)}\n`;
}

/** Reads a chosen or dropped file as a recipe: a file too large is refused before it is read. */
export async function readRecipeFile(file: Blob): Promise<RecipeResult> {
  if (file.size > MAX_RECIPE_BYTES) return { ok: false, message: tooLargeMessage(file.size) };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: msg('This recipe file could not be read. Nothing was changed.') };
  }
  return parseRecipeText(text);
}

/** The link's query string for a recipe (its .cube files are left out: a link is short). */
export function recipeLinkSearch(recipe: Recipe): string {
  const params = new URLSearchParams();
  params.set(RECIPE_LINK_PARAM, JSON.stringify({ ...recipe, cubes: {} }));
  return `?${params.toString()}`;
}

/** The recipe a page's query string carries: null without one, else the recipe or why it was refused. */
export function parseRecipeLink(search: string): RecipeResult | null {
  const raw = new URLSearchParams(search).get(RECIPE_LINK_PARAM);
  if (raw === null) return null;
  if (raw.length > MAX_RECIPE_LINK_CHARS)
    return { ok: false, message: msg('This recipe link is too long to be a recipe. Nothing was changed.') };
  const result = parseRecipeText(raw, MAX_RECIPE_LINK_CHARS);
  if (result.ok || result.message !== NOT_JSON) return result;
  return {
    ok: false,
    message: msg('This recipe link is broken: it does not hold a recipe. Nothing was changed.'),
  };
}
