/**
 * The page's one recipe store, shared by the editor's recipe book and the camera's looks: opened once, by
 * whichever needs it first, with the starters named in the visitor's language of that moment (from then on
 * they are the user's recipes, renamed and deleted like their own), and the test hooks' quota where the
 * address asks for it.
 */
import { testOptions } from '../../ui/test-hooks.ts';
import { t } from '../../i18n/i18n.ts';
import type { Recipe } from '../../edit/recipe.ts';
import { starterRecipes } from '../model/starters.ts';
import { openRecipeStore, type RecipeStore } from '../store/recipe-store.ts';

/** The starters as the visitor reads them now. */
export function translatedStarters(): Recipe[] {
  return starterRecipes().map((recipe) => ({ ...recipe, name: t(recipe.name) }));
}

let shared: Promise<{ store: RecipeStore; problem: string | null }> | null = null;

/**
 * The store (opened on the first call) and why it does not last, when it does not. `quotaBytes` (a test
 * hook) is the first caller's, else the address's `?recipeQuota=`.
 */
export function keptRecipes(quotaBytes?: number): Promise<{ store: RecipeStore; problem: string | null }> {
  const quota =
    quotaBytes ??
    (typeof location === 'undefined' ? undefined : testOptions(location.search)?.recipeQuotaBytes);
  shared ??= openRecipeStore({
    starters: translatedStarters,
    ...(quota !== undefined ? { quotaBytes: quota } : {}),
  });
  return shared;
}
