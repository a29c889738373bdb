/**
 * The recipes in the editor: the list kept on the device (src/recipes/store), saving the edit on screen
 * as a recipe, applying one (one step of the history), rename, delete with undo, reorder, export, import
 * and the recipe a link offers. The list lives in atoms the panel reads; the worker is reached through
 * the host the editor hands it (src/features/host.ts), as the crop's is.
 */
import { cropForPhoto, isNoRecipe, recipeOf } from '../../crop/model/crop-choice.ts';
import { cropRefused, cropStarted, canCrop } from '../../crop/ui/crop-controller.ts';
import { atom } from '../../ui/jotai.ts';
import type { FeatureHost } from '../../features/host.ts';
import type { EffectStep, RecipeLogStep } from '../../features/log-steps.ts';
import { errorReceived } from '../../features/editor-state.ts';
import { t } from '../../i18n/i18n.ts';
import { fill, msg } from '../../i18n/msg.ts';
import { isolate } from '../../i18n/user-text.ts';
import {
  RECIPE_ADDED_TEMPLATE,
  RECIPE_APPLIED_TEMPLATE,
  RECIPE_DELETED_TEMPLATE,
  RECIPE_KEPT_TEMPLATE,
  RECIPE_REPLACED_TEMPLATE,
  RECIPE_SAVED_TEMPLATE,
} from '../../i18n/templates.ts';
import { triggerDownload } from '../../ui/download.ts';
import { cleanMessage, ENGINE_STOPPED, WorkerReplyError } from '../../engine/client/engine-client.ts';
import type { RecipeThumbnailJob } from '../../engine/protocol.ts';
import { engineCubeExporter, type CubeExporter } from './cube-export.ts';
import { askAboutImport } from './import-question.ts';
import { keptRecipes } from './kept-recipes.ts';
import { copyName, findDuplicate } from '../model/duplicates.ts';
import { readRecipeFile, recipeFileName, recipeFileText } from '../model/files.ts';
import {
  adjustedMessage,
  cleanName,
  cubesNeeded,
  DEFAULT_RECIPE_NAME,
  type RecipeResult,
} from '../model/parse.ts';
import { RECIPE_SCHEMA, RECIPE_VERSION, type Recipe, type RecipeFrame } from '../model/recipe.ts';
import { recipeStepId } from '../model/steps.ts';
import {
  askToPersist,
  newRecipeId,
  RecipeStoreError,
  type KeptRecipe,
  type RecipeStore,
} from '../store/recipe-store.ts';

/** The kept recipes, in order (empty until the store has answered). */
export const recipesAtom = atom<readonly KeptRecipe[]>([]);
/** The store answered (the list is the store's, not the empty start). */
export const recipesLoadedAtom = atom(false);
/** Why the recipes do not outlive the page, when they do not (a blocked store). */
export const recipeStoreProblemAtom = atom<string | null>(null);
/** A recipe a link offers for the user's photo: shown first, applied by a tap, kept on request. */
export const offeredRecipeAtom = atom<Recipe | null>(null);

/** The thumbnail key of a kept recipe (`recipe:<id>`); of the link's offered one, `recipe:offered`. */
export function recipeThumbnailKey(id: string): string {
  return `recipe:${id}`;
}

export const OFFERED_KEY = 'offered';

export const NOTHING_TO_SAVE = msg('There is nothing to save yet: apply an effect or crop the photo first.');
export const COLLAGE_RECIPE = msg(
  'A collage cannot be kept as a recipe: save the look before making the collage.',
);
/** The name of a recipe saved without one (the reader's too). */
export { DEFAULT_RECIPE_NAME };

/** What the recipes need of the editor beyond what every feature gets. */
export interface RecipeHost extends FeatureHost {
  /** Sends a recipe to the engine as one step of the history (and of the recovery log). */
  applyRecipe(step: RecipeLogStep): Promise<void>;
  /** The text of the user's .cube in force, null when there is none or it cannot be read again. */
  cubeText(): Promise<string | null>;
  /** Loads a .cube as the user's LUT (null, having said why, when it was refused). */
  readCube(file: File): Promise<string | null>;
  /** The recipes whose thumbnails are drawn with the effects'. */
  setThumbnails(recipes: RecipeThumbnailJob[]): void;
  refreshThumbnails(): void;
  /** The frame in force, as a recipe keeps it (null: none). */
  frame(): RecipeFrame | null;
  /** Puts the photo in a recipe's frame (null: none). */
  setFrame(frame: RecipeFrame | null): void;
}

export interface RecipeBookOptions {
  /** Test hook: the store counts as full past this many bytes. */
  quotaBytes?: number;
  /** The page's `?recipe=` link, read: the recipe, or why it was refused. */
  link?: RecipeResult | null;
}

export class RecipeBook {
  private store: RecipeStore | null = null;
  private opening: Promise<RecipeStore> | null = null;
  private persistAsked = false;

  /** Makes a recipe's colour into a .cube in the editor's worker (the export dialog's maker). */
  readonly exportCube: CubeExporter = engineCubeExporter(() => this.host.client());

  constructor(
    private readonly host: RecipeHost,
    private readonly options: RecipeBookOptions = {},
  ) {}

  /** Opens the store and lists it; says why a link's recipe was refused. */
  start(): void {
    const { link } = this.options;
    if (link?.ok) {
      this.host.store.set(offeredRecipeAtom, link.recipe);
      const adjusted = adjustedMessage(link.recipe.name, link.adjusted);
      if (adjusted) this.host.notify('warning', adjusted);
    } else if (link) this.host.notify('error', link.message);
    void this.open().then(() => this.host.store.set(recipesLoadedAtom, true));
  }

  private open(): Promise<RecipeStore> {
    // The page's one store (the camera's too): its starters named in the language of the first opening.
    this.opening ??= keptRecipes(this.options.quotaBytes).then(async ({ store, problem }) => {
      this.store = store;
      // Another tab changed the recipes: the list is read again.
      store.onChange(() => void this.reload());
      this.host.store.set(recipeStoreProblemAtom, problem);
      await this.reload();
      return store;
    });
    return this.opening;
  }

  private get list(): readonly KeptRecipe[] {
    return this.host.store.get(recipesAtom);
  }

  /** Reads the list again from the store, and asks for the recipes' thumbnails. */
  private async reload(): Promise<void> {
    const store = this.store ?? (await this.open());
    this.host.store.set(recipesAtom, await store.list());
    this.updateThumbnails();
  }

  /** The recipes' thumbnails, with the effects' (a recipe that needs a .cube has none: its LUT is its own). */
  private updateThumbnails(): void {
    const offered = this.host.store.get(offeredRecipeAtom);
    const all = [
      ...(offered ? [{ id: OFFERED_KEY, recipe: offered }] : []),
      ...this.list.map(({ id, recipe }) => ({ id, recipe })),
    ];
    this.host.setThumbnails(
      all
        .filter(({ recipe }) => recipe.steps.length > 0 && cubesNeeded(recipe.steps).length === 0)
        .map(({ id, recipe }) => ({ key: recipeThumbnailKey(id), steps: [...recipe.steps] })),
    );
    if (this.host.state().isImageReadyInWorker) this.host.refreshThumbnails();
  }

  // ---------------------------------------------------------------- saving

  /** The edit on screen as a recipe named `name`: its effects in order, its crop; null with why not. */
  current(name: string): Recipe | string {
    const log = this.host.photo;
    const source = log.source;
    if (!source) return NOTHING_TO_SAVE;
    const effects = log.effectsSinceLoad();
    if (!effects) return COLLAGE_RECIPE;
    const choice = log.crop();
    const crop = choice ? recipeOf(choice) : null;
    const steps = effects.map(({ effectId, settings }) => ({ effectId, settings: { ...settings } }));
    const frame = this.host.frame();
    if (steps.length === 0 && (!crop || isNoRecipe(crop)) && !frame) return NOTHING_TO_SAVE;
    const cubes: Record<string, string> = {};
    return {
      schema: RECIPE_SCHEMA,
      version: RECIPE_VERSION,
      name: cleanName(name) || t(DEFAULT_RECIPE_NAME),
      steps,
      crop,
      frame,
      cubes,
    };
  }

  /** Saves the edit on screen as a recipe, first in the list. */
  async saveCurrent(name: string): Promise<boolean> {
    const recipe = this.current(name);
    if (typeof recipe === 'string') {
      this.host.notify('warning', recipe);
      return false;
    }
    const needed = cubesNeeded(recipe.steps);
    if (needed.length > 0) {
      const text = await this.host.cubeText();
      if (text === null) {
        this.host.notify(
          'error',
          msg('The .cube file of this look could not be read again: load it, then save.'),
        );
        return false;
      }
      recipe.cubes = Object.fromEntries(needed.map((need) => [need, text]));
    }
    return this.keep(recipe, fill(RECIPE_SAVED_TEMPLATE, { name: isolate(recipe.name) }));
  }

  /** Keeps a new recipe first in the list; false (having said why) when the store refused it. */
  private async keep(
    recipe: Recipe,
    done: string,
    kind: 'success' | 'warning' = 'success',
  ): Promise<boolean> {
    const store = this.store ?? (await this.open());
    const first = Math.min(0, ...this.list.map((item) => item.order));
    try {
      await store.put({ id: newRecipeId(), order: first - 1, recipe });
    } catch (error) {
      this.host.notify('error', storeMessage(error));
      return false;
    }
    if (!this.persistAsked) {
      this.persistAsked = true;
      void askToPersist();
    }
    await this.reload();
    this.host.notify(kind, done);
    return true;
  }

  /** Keeps the recipe the link offered among the user's own. */
  async keepOffered(): Promise<void> {
    const offered = this.host.store.get(offeredRecipeAtom);
    if (!offered) return;
    if (await this.keep(offered, fill(RECIPE_KEPT_TEMPLATE, { name: isolate(offered.name) }))) {
      this.host.store.set(offeredRecipeAtom, null);
      this.updateThumbnails();
    }
  }

  // ---------------------------------------------------------------- applying

  /**
   * Applies a recipe to the photo as loaded: it replaces the edit (the edit before it stays one Undo
   * away), as one step of the history, 'Recipe: <name>'.
   */
  async apply(recipe: Recipe): Promise<void> {
    const { host } = this;
    const source = host.photo.source;
    if (!source || !canCrop(host.state())) return;
    const needed = cubesNeeded(recipe.steps);
    for (const name of needed) {
      const text = recipe.cubes[name];
      const file = new File([text ?? ''], `${recipe.name}.cube`, { type: 'text/plain' });
      if ((await host.readCube(file)) === null) return;
    }
    const crop = recipe.crop && !isNoRecipe(recipe.crop) ? cropForPhoto(recipe.crop, source.original) : null;
    const effects: EffectStep[] = recipe.steps.map((step) => ({
      kind: 'effect',
      effectId: step.effectId,
      settings: { ...step.settings },
      mask: null,
    }));
    const step: RecipeLogStep = { kind: 'recipe', step: recipeStepId(recipe.name), crop, effects };
    const before = host.state().workerStatus;
    host.run(cropStarted);
    try {
      await host.applyRecipe(step);
      host.setFrame(recipe.frame);
      host.notify('success', fill(RECIPE_APPLIED_TEMPLATE, { name: isolate(recipe.name) }));
    } catch (error) {
      if (error instanceof WorkerReplyError)
        host.run((s) => cropRefused(s, before, cleanMessage(error.message)));
      else if (!(error instanceof Error && error.message === ENGINE_STOPPED))
        host.run((s) => errorReceived(s, error instanceof Error ? error.message : String(error)));
    }
  }

  // ---------------------------------------------------------------- the list

  async rename(id: string, name: string): Promise<void> {
    const kept = this.list.find((item) => item.id === id);
    const clean = cleanName(name);
    if (!kept || !clean || clean === kept.recipe.name) return;
    await this.write(() => this.requireStore().rename(id, clean));
  }

  /** Deletes a recipe (the panel has asked); the notification's Undo puts it back where it was. */
  async remove(id: string): Promise<void> {
    const kept = this.list.find((item) => item.id === id);
    if (!kept) return;
    if (!(await this.write(() => this.requireStore().remove(id)))) return;
    this.host.notify('info', fill(RECIPE_DELETED_TEMPLATE, { name: isolate(kept.recipe.name) }), 10_000, {
      label: msg('Undo'),
      run: () => void this.write(() => this.requireStore().put(kept)),
    });
  }

  /** Moves a recipe one place up (-1) or down (1) in the list. */
  async move(id: string, by: -1 | 1): Promise<void> {
    const list = [...this.list];
    const from = list.findIndex((item) => item.id === id);
    const to = from + by;
    const moving = list[from];
    if (from < 0 || to < 0 || to >= list.length || !moving) return;
    list.splice(from, 1);
    list.splice(to, 0, moving);
    const ordered = list.map((item, order) => ({ ...item, order }));
    this.host.store.set(recipesAtom, ordered);
    await this.write(() => this.requireStore().reorder(ordered));
  }

  /** Downloads the recipe as `<name>.retrocam.json`. */
  export(recipe: Recipe): void {
    const blob = new Blob([recipeFileText(recipe)], { type: 'application/json' });
    triggerDownload(blob, recipeFileName(recipe));
  }

  /**
   * Recipe files chosen or dropped: each read as untrusted input, kept when it holds a recipe. One the
   * user already has (the same name, or the same content) is kept only as they answer: both (the copy
   * named 'name (2)'), in place of the kept one, or not at all.
   */
  async importFiles(files: readonly Blob[]): Promise<void> {
    // The list it is compared with is the store's, not the empty one before the store has answered.
    if (!this.store) await this.open();
    for (const file of files) {
      const result = await readRecipeFile(file);
      if (!result.ok) {
        this.host.notify('error', result.message);
        continue;
      }
      let { recipe } = result;
      const duplicate = findDuplicate(this.list, recipe);
      if (duplicate) {
        const answer = await askAboutImport(this.host.store, { ...duplicate, incoming: recipe });
        if (answer === 'skip') continue;
        if (answer === 'replace') {
          const { existing } = duplicate;
          if (await this.write(() => this.requireStore().put({ ...existing, recipe })))
            this.host.notify('success', fill(RECIPE_REPLACED_TEMPLATE, { name: isolate(recipe.name) }));
          continue;
        }
        if (duplicate.sameName) {
          const names = this.list.map((item) => item.recipe.name);
          recipe = { ...recipe, name: copyName(recipe.name, names) };
        }
      }
      const adjusted = adjustedMessage(recipe.name, result.adjusted);
      if (adjusted) await this.keep(recipe, adjusted, 'warning');
      else await this.keep(recipe, fill(RECIPE_ADDED_TEMPLATE, { name: isolate(recipe.name) }));
    }
  }

  private requireStore(): RecipeStore {
    if (!this.store)
      throw new RecipeStoreError('failed', msg('The recipes are still being read. Try again.'));
    return this.store;
  }

  /** A change of the store, then the list read again; false (having said why) when it was refused. */
  private async write(change: () => Promise<void>): Promise<boolean> {
    try {
      await change();
      return true;
    } catch (error) {
      this.host.notify('error', storeMessage(error));
      return false;
    } finally {
      await this.reload();
    }
  }
}

function storeMessage(error: unknown): string {
  return error instanceof RecipeStoreError ? error.message : msg('The recipes could not be changed.');
}
