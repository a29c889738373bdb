/**
 * A recipe is an edit another photo can take: its crop as an aspect, turns and angle (no pixel
 * rectangle), its looks with their settings, its frame, its .cube files by hash. These two functions turn
 * one into the other, so that saving a recipe, applying one, a batch, the camera and a link all read the
 * one edit. Pure.
 */
import { cropForPhoto } from '../../crop/model/crop-choice.ts';
import { isNoRecipe, recipeOf, type Size } from '../../edit/crop.ts';
import { effectsAfterImage, hasImage, type Edit, type EffectStep } from '../../edit/edit.ts';
import { fromRecipeFrame, toRecipeFrame } from '../../frames/model/recipe-frame.ts';
import { cubeNeed } from './parse.ts';
import { RECIPE_SCHEMA, RECIPE_VERSION, type Recipe, type RecipeStep } from '../../edit/recipe.ts';

/**
 * The recipe's edit on a photo of `photo`'s size (upright): its crop fitted to the photo (centred, the
 * largest of its aspect), its steps with ids from `nextId`, its frame.
 */
export function editOfRecipe(recipe: Recipe, photo: Size, nextId: () => string): Edit {
  const crop = recipe.crop && !isNoRecipe(recipe.crop) ? cropForPhoto(recipe.crop, photo) : null;
  const steps = recipe.steps.map((step): EffectStep => ({
    kind: 'effect',
    id: nextId(),
    effectId: step.effectId,
    settings: { ...step.settings },
    ...(step.cube ? { cube: step.cube } : {}),
  }));
  return { crop, steps, frame: fromRecipeFrame(recipe.frame) };
}

/** Whether the edit can be a recipe: a collage made on the page cannot be made again on another photo. */
export function recipeable(edit: Edit): boolean {
  return !hasImage(edit);
}

/** Whether the edit changes anything a recipe keeps. */
export function editIsEmpty(edit: Edit): boolean {
  const crop = edit.crop ? recipeOf(edit.crop) : null;
  return edit.steps.length === 0 && (!crop || isNoRecipe(crop)) && edit.frame.id === 'none';
}

/**
 * The edit as a recipe named `name` (a collage's steps left out: check `recipeable` first); `cubes` are
 * the texts of the .cube files its steps name, by hash.
 */
export function recipeOfEdit(edit: Edit, name: string, cubes: Readonly<Record<string, string>>): Recipe {
  const steps = effectsAfterImage(edit).effects.map((step): RecipeStep => ({
    effectId: step.effectId,
    settings: { ...step.settings },
    ...(step.cube ? { cube: step.cube } : {}),
  }));
  const needed = new Set(steps.map(cubeNeed).filter((hash): hash is string => hash !== null));
  return {
    schema: RECIPE_SCHEMA,
    version: RECIPE_VERSION,
    name,
    steps,
    crop: edit.crop ? recipeOf(edit.crop) : null,
    frame: toRecipeFrame(edit.frame),
    cubes: Object.fromEntries(Object.entries(cubes).filter(([hash]) => needed.has(hash))),
  };
}

/** The hashes of the .cube files the edit's looks read (those a recipe of it must embed). */
export function cubesOfEdit(edit: Edit): string[] {
  const steps = effectsAfterImage(edit).effects;
  return [...new Set(steps.map((step) => cubeNeed(step)).filter((hash): hash is string => hash !== null))];
}
