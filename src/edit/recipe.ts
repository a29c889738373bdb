/**
 * A recipe: the whole edit as another photo can take it, kept on the device, exported as a
 * `<name>.retrocam.json` file and shared as a `?recipe=` link. Pure data, shared by the editor, the batch,
 * the camera and the worker: the edit's portable form, so every layer that carries one (the editor's state,
 * the intake's hand-off, the camera's looks) reads it here. Reading and checking untrusted recipes lives
 * with the recipes (src/recipes/model/parse.ts).
 */
import type { SettingValue } from '../pipeline/settings.ts';
import type { CropRecipe } from './crop.ts';

/** The `schema` field of every recipe file: what the file is. */
export const RECIPE_SCHEMA = 'retrocam.recipe';
/** The version this build writes; a file with a higher one was made by a newer RetroCam. */
export const RECIPE_VERSION = 1;

/**
 * One effect step: the effect's id and its settings. Every worker effect has the setting `strength`
 * (0-100, default 100): how much of the step's look is mixed over its input.
 */
export interface RecipeStep {
  effectId: string;
  settings: Readonly<Record<string, SettingValue>>;
  /** The hash of the .cube (in `cubes`) its 'Your .cube file' look reads. */
  cube?: string;
}

/** The frame around the photo (a print, a film strip), applied after every step. */
export interface RecipeFrame {
  /** A frame id of the testing contract: 'instant-square', 'film-35mm', ... ('none' is no frame). */
  id: string;
  /** The caption on an instant print's bottom border. */
  caption?: string;
  /** The frame's other choices (the film's rebate colour, the edge text, the border's date). */
  options?: Readonly<Record<string, string | number | boolean>>;
}

export interface Recipe {
  schema: typeof RECIPE_SCHEMA;
  version: number;
  name: string;
  /** The committed effect steps, in the order they were applied. */
  steps: readonly RecipeStep[];
  /** The crop, as batches and look links carry it: made before the steps run. */
  crop: CropRecipe | null;
  frame: RecipeFrame | null;
  /** The user's .cube files the steps need, by the hash the steps name: the file's text, so a recipe is complete. */
  cubes: Readonly<Record<string, string>>;
}
