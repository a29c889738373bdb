/**
 * Where recipes are kept: IndexedDB (through `idb`), on this device, in this browser. The starters are
 * written in the same transaction that makes the store, so they are kept (and deleted) like the user's own.
 * A full store (the browser's quota) refuses a write whole, so what was kept stays; a blocked one (some
 * private windows) falls back to a list that lasts for the visit, and says so. Nothing here is UI.
 */
import { msg } from '../../i18n/msg.ts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { checkRecipe } from '../model/parse.ts';
import type { Recipe } from '../model/recipe.ts';

/** A recipe as the store keeps it: its id and its place in the list. */
export interface KeptRecipe {
  id: string;
  order: number;
  recipe: Recipe;
}

interface RecipeDb extends DBSchema {
  recipes: { key: string; value: KeptRecipe };
}

const DB_NAME = 'retrocam-recipes';
const DB_VERSION = 1;

export const STORE_FULL_MESSAGE = msg(
  'There is no room left in this browser to keep the recipe: delete a recipe you no longer use, or free some space on the device. Your other recipes are kept.',
);
export const STORE_BLOCKED_MESSAGE = msg(
  'This browser does not let RetroCam keep recipes (as in some private windows): recipes saved now last until the page closes. Export a recipe to keep it as a file.',
);

export class RecipeStoreError extends Error {
  override readonly name = 'RecipeStoreError';
  constructor(
    readonly kind: 'full' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

export interface RecipeStore {
  /** The kept recipes, in the list's order (any that no longer reads is left out, not deleted). */
  list(): Promise<KeptRecipe[]>;
  /** Keeps a recipe (new, or changed: the same id); throws RecipeStoreError with the message to show. */
  put(kept: KeptRecipe): Promise<void>;
  remove(id: string): Promise<void>;
  /** Writes the new order of every recipe at once. */
  reorder(kept: readonly KeptRecipe[]): Promise<void>;
  /** Whether recipes outlive the page (false: the visit's fallback). */
  readonly lasting: boolean;
}

export interface StoreOptions {
  /** The recipes a new store starts with. */
  starters: () => Recipe[];
  /** Test hook: the store counts as full past this many bytes of recipes (a shrunk quota). */
  quotaBytes?: number;
  /** Another database name (tests). */
  name?: string;
}

let counter = 0;

/** A fresh recipe id. */
export function newRecipeId(): string {
  counter += 1;
  return `r${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

function startersKept(starters: () => Recipe[]): KeptRecipe[] {
  return starters().map((recipe, order) => ({ id: `starter-${order + 1}`, order, recipe }));
}

function sorted(kept: KeptRecipe[]): KeptRecipe[] {
  const readable = kept.flatMap((item) => {
    const checked = checkRecipe(item.recipe);
    return checked.ok && typeof item.id === 'string' ? [{ ...item, recipe: checked.recipe }] : [];
  });
  return readable.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof DOMException !== 'undefined' && error instanceof DOMException))
    return false;
  const { name, message } = error as Error;
  return name === 'QuotaExceededError' || /quota/i.test(message);
}

function storeError(error: unknown): RecipeStoreError {
  if (error instanceof RecipeStoreError) return error;
  if (isQuotaError(error)) return new RecipeStoreError('full', STORE_FULL_MESSAGE);
  return new RecipeStoreError(
    'failed',
    msg(
      'The recipe could not be kept in this browser. Your other recipes are kept; export this one to keep it as a file.',
    ),
  );
}

class IndexedDbStore implements RecipeStore {
  readonly lasting = true;
  constructor(
    private readonly db: IDBPDatabase<RecipeDb>,
    private readonly quotaBytes: number | undefined,
  ) {}

  async list(): Promise<KeptRecipe[]> {
    return sorted(await this.db.getAll('recipes'));
  }

  async put(kept: KeptRecipe): Promise<void> {
    try {
      if (this.quotaBytes !== undefined) await this.checkQuota(kept);
      await this.db.put('recipes', kept);
    } catch (error) {
      throw storeError(error);
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await this.db.delete('recipes', id);
    } catch (error) {
      throw storeError(error);
    }
  }

  async reorder(kept: readonly KeptRecipe[]): Promise<void> {
    try {
      const tx = this.db.transaction('recipes', 'readwrite');
      await Promise.all([...kept.map((item) => tx.store.put(item)), tx.done]);
    } catch (error) {
      throw storeError(error);
    }
  }

  /** The test hook's quota: the recipes kept, with this one, in bytes of JSON. */
  private async checkQuota(kept: KeptRecipe): Promise<void> {
    const others = (await this.db.getAll('recipes')).filter((item) => item.id !== kept.id);
    const bytes = [...others, kept].reduce((sum, item) => sum + JSON.stringify(item).length, 0);
    if (bytes > (this.quotaBytes ?? Infinity))
      throw new DOMException('The quota has been exceeded (test hook).', 'QuotaExceededError');
  }
}

/** The visit's list, where the browser keeps nothing. */
class MemoryStore implements RecipeStore {
  readonly lasting = false;
  private readonly kept = new Map<string, KeptRecipe>();
  constructor(starters: KeptRecipe[]) {
    for (const item of starters) this.kept.set(item.id, item);
  }
  list(): Promise<KeptRecipe[]> {
    return Promise.resolve(sorted([...this.kept.values()]));
  }
  put(kept: KeptRecipe): Promise<void> {
    this.kept.set(kept.id, kept);
    return Promise.resolve();
  }
  remove(id: string): Promise<void> {
    this.kept.delete(id);
    return Promise.resolve();
  }
  reorder(kept: readonly KeptRecipe[]): Promise<void> {
    for (const item of kept) this.kept.set(item.id, item);
    return Promise.resolve();
  }
}

/**
 * Opens the store (made, with the starters, on first use); where the browser blocks it, the visit's list
 * and the message that says so.
 */
export async function openRecipeStore(
  options: StoreOptions,
): Promise<{ store: RecipeStore; problem: string | null }> {
  try {
    if (typeof indexedDB === 'undefined') throw new Error('No IndexedDB');
    const db = await openDB<RecipeDb>(options.name ?? DB_NAME, DB_VERSION, {
      upgrade(database, oldVersion, _newVersion, transaction) {
        if (oldVersion < 1) {
          database.createObjectStore('recipes', { keyPath: 'id' });
          for (const item of startersKept(options.starters))
            void transaction.objectStore('recipes').put(item);
        }
      },
    });
    return { store: new IndexedDbStore(db, options.quotaBytes), problem: null };
  } catch {
    return { store: new MemoryStore(startersKept(options.starters)), problem: STORE_BLOCKED_MESSAGE };
  }
}

/**
 * Asks the browser to keep the site's storage under pressure (where it offers to): asked once, when the
 * user first keeps a recipe of their own. Whether it agreed changes nothing the user does.
 */
export async function askToPersist(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
    if (await navigator.storage.persisted?.()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
