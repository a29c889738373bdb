/**
 * The user's kept recipes as looks of the camera: read from the page's recipe store (the one the editor's
 * recipe book uses: the camera opens from the landing page too, where the book does not exist), once per
 * opening. A recipe carries the text of each .cube its steps read, which goes to the viewfinder with it.
 */
import type { KeptRecipe } from '../../recipes/store/recipe-store.ts';
import { keptRecipes } from '../../recipes/ui/kept-recipes.ts';
import type { CameraLook } from '../model/looks.ts';

/** A kept recipe's look key: `recipe:<id>`, as the camera's remembered choice keeps it. */
export function recipeLookKey(id: string): string {
  return `recipe:${id}`;
}

/** The kept recipes the viewfinder can run, as looks named after them, in the list's order. */
export function recipeLooks(kept: readonly KeptRecipe[]): CameraLook[] {
  return kept.map(({ id, recipe }) => ({
    key: recipeLookKey(id),
    label: recipe.name,
    effectId: null,
    settings: {},
    recipe,
  }));
}

/** The kept recipes' looks; none when the store cannot be read. */
export async function loadRecipeLooks(): Promise<CameraLook[]> {
  try {
    const { store } = await keptRecipes();
    return recipeLooks(await store.list());
  } catch {
    return [];
  }
}
