/**
 * The recipes in the editor: the list kept on the device (src/recipes/store), saving the edit on screen
 * as a recipe, applying one (one step of the history), rename, delete with undo, reorder, export, import
 * and the recipe a link offers. The list lives in atoms the panel reads; the worker is reached through
 * the host the editor hands it (src/session/host.ts), as the crop's is.
 */
import { atom } from '../../ui/jotai.ts';
import type { FeatureHost } from '../../session/host.ts';
import { canRequestImage } from '../../session/editor-state.ts';
import { editOnScreen, editReplaced } from '../../session/edit-state.ts';
import { showOrPutBack } from '../../session/show-edit.ts';
import { stepIds } from '../../edit/edit.ts';
import { allEdits } from '../../edit/history.ts';
import { cubesOfEdit, editIsEmpty, editOfRecipe, recipeable, recipeOfEdit } from '../model/recipe-edit.ts';
import { t } from '../../i18n/i18n.ts';
import { msg, userText, type Shown } from '../../i18n/msg.ts';
import {
  RECIPE_ADDED_TEMPLATE,
  RECIPE_APPLIED_TEMPLATE,
  RECIPE_DELETED_TEMPLATE,
  RECIPE_KEPT_TEMPLATE,
  RECIPE_OFFERED_TEMPLATE,
  RECIPE_REPLACED_TEMPLATE,
  RECIPE_SAVED_TEMPLATE,
} from '../../i18n/templates.ts';
import { triggerDownload } from '../../ui/download.ts';
import type { RecipeThumbnailJob } from '../../engine/protocol.ts';
import { engineCubeExporter, type CubeExporter } from './cube-export.ts';
import { askAboutImport } from './import-question.ts';
import { keptRecipes } from './kept-recipes.ts';
import { copyName, findDuplicate } from '../model/duplicates.ts';
import { readRecipeFile, recipeFileName, recipeFileText, recipeLinkSearch } from '../model/files.ts';
import { appLink, shareLink } from '../../ui/share.ts';
import {
  adjustedMessage,
  cleanName,
  cubesNeeded,
  DEFAULT_RECIPE_NAME,
  type RecipeResult,
} from '../model/parse.ts';
import type { Recipe } from '../../edit/recipe.ts';
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
/** How long the greeting of a shared recipe's link stays: the visitor first has to find a photo. */
const GREETING_MS = 20_000;

/** The name of a recipe saved without one (the reader's too). */
export { DEFAULT_RECIPE_NAME };

/** What the recipes need of the editor beyond what every feature gets. */
export interface RecipeHost extends FeatureHost {
  /** The text of a .cube the edit names (by hash), null when it cannot be read again. */
  cubeText(hash: string): Promise<string | null>;
  /** Keeps a recipe's .cube (its text, by hash) for the edit's steps that read it. */
  addCube(hash: string, text: string, title: string): void;
  /** The recipes whose thumbnails are drawn with the effects'. */
  setThumbnails(recipes: RecipeThumbnailJob[]): void;
  refreshThumbnails(): void;
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
      else if (!this.host.photo())
        this.host.notify(
          'info',
          msg(RECIPE_OFFERED_TEMPLATE, { name: userText(link.recipe.name) }),
          GREETING_MS,
        );
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

  /** The edit on screen as a recipe named `name`, its .cube files embedded; or why it cannot be one. */
  async current(name: string): Promise<Recipe | string> {
    const { host } = this;
    if (!host.photo()) return NOTHING_TO_SAVE;
    const edit = editOnScreen(host.state());
    if (!recipeable(edit)) return COLLAGE_RECIPE;
    if (editIsEmpty(edit)) return NOTHING_TO_SAVE;
    const cubes: Record<string, string> = {};
    for (const hash of cubesOfEdit(edit)) {
      const text = await host.cubeText(hash);
      if (text === null)
        return msg('The .cube file of this look could not be read again: load it, then save.');
      cubes[hash] = text;
    }
    return recipeOfEdit(edit, cleanName(name) || t(DEFAULT_RECIPE_NAME), cubes);
  }

  /** Saves the edit on screen as a recipe, first in the list (the look being adjusted stays open). */
  async saveCurrent(name: string): Promise<boolean> {
    const recipe = await this.current(name);
    if (typeof recipe === 'string') {
      this.host.notify(recipe === NOTHING_TO_SAVE || recipe === COLLAGE_RECIPE ? 'warning' : 'error', recipe);
      return false;
    }
    return this.keep(recipe, msg(RECIPE_SAVED_TEMPLATE, { name: userText(recipe.name) }));
  }

  /** Keeps a new recipe first in the list; false (having said why) when the store refused it. */
  private async keep(recipe: Recipe, done: Shown, kind: 'success' | 'warning' = 'success'): Promise<boolean> {
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

  /**
   * Shares a recipe as a link (the Web Share sheet, else the clipboard; the field shows it either way).
   * A link cannot carry the recipe's own .cube files: the recipe file does.
   */
  async share(recipe: Recipe): Promise<void> {
    if (cubesNeeded(recipe.steps).length > 0) {
      this.host.notify(
        'warning',
        msg(
          'This recipe reads your own .cube file, which a link cannot carry: export the recipe file instead.',
        ),
      );
      return;
    }
    await shareLink(
      appLink('/editor', recipeLinkSearch(recipe)),
      recipe.name,
      this.host.store,
      this.host.notify,
    );
  }

  /** Keeps the recipe the link offered among the user's own. */
  async keepOffered(): Promise<void> {
    const offered = this.host.store.get(offeredRecipeAtom);
    if (!offered) return;
    if (await this.keep(offered, msg(RECIPE_KEPT_TEMPLATE, { name: userText(offered.name) }))) {
      this.host.store.set(offeredRecipeAtom, null);
      this.updateThumbnails();
    }
  }

  // ---------------------------------------------------------------- applying

  /**
   * Applies a recipe to the photo as loaded: its edit replaces the edit (the edit before it stays one
   * Undo away, 'Recipe: <name>'), each of its steps a step of the edit, open to change.
   */
  async apply(recipe: Recipe): Promise<void> {
    const { host } = this;
    const source = host.photo();
    const state = host.state();
    if (!source || !canRequestImage(state)) return;
    for (const [hash, text] of Object.entries(recipe.cubes)) host.addCube(hash, text, `${recipe.name}.cube`);
    const edit = editOfRecipe(recipe, source.original, stepIds(allEdits(state.history)));
    host.run((s) => editReplaced(s, edit, { kind: 'recipe', name: recipe.name }));
    if (await showOrPutBack(host, state))
      host.notify('success', msg(RECIPE_APPLIED_TEMPLATE, { name: userText(recipe.name) }));
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
    this.host.notify('info', msg(RECIPE_DELETED_TEMPLATE, { name: userText(kept.recipe.name) }), 10_000, {
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
            this.host.notify('success', msg(RECIPE_REPLACED_TEMPLATE, { name: userText(recipe.name) }));
          continue;
        }
        if (duplicate.sameName) {
          const names = this.list.map((item) => item.recipe.name);
          recipe = { ...recipe, name: copyName(recipe.name, names) };
        }
      }
      const adjusted = adjustedMessage(recipe.name, result.adjusted);
      if (adjusted) await this.keep(recipe, adjusted, 'warning');
      else await this.keep(recipe, msg(RECIPE_ADDED_TEMPLATE, { name: userText(recipe.name) }));
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
