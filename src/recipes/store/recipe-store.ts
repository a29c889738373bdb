/**
 * Where recipes are kept: IndexedDB (through `idb`), on this device, in this browser. The starters are
 * written in the same transaction that makes the store, so they are kept (and deleted) like the user's own.
 * What the store holds was read (src/recipes/model/parse.ts) on its way in and is trusted: a list reads it
 * as it is, without reading each recipe (or its .cube) again. A recipe's embedded .cube files are kept as
 * Blobs beside it, not as strings inside it: reading a record then costs the page little however large
 * its .cube (a string is copied on the main thread as the record is read, a Blob is not), and their text
 * is read back off the main thread, once per page.
 *
 * The store survives a misbehaving browser, and the user always has the starters and a message:
 * - an open that never answers (a known Safari bug) gives up after OPEN_TIMEOUT_MS: the visit's list;
 * - a database without its object store (made by a broken earlier open) gets it made again;
 * - a full store refuses a write whole, so what was kept stays; no room for even the starters, or a
 *   blocked store (some private windows), falls back to the visit's list, and says so.
 * Tabs stay in step: each write is of what it changes (a rename writes the name, a move the order, of the
 * recipe as it is kept now, so a tab with an old list cannot undo another's rename or bring back what it
 * deleted), and each is announced on a BroadcastChannel so the other tabs read their list again. A tab that
 * holds the database when another needs to upgrade it lets go (`versionchange`) and opens it again when
 * next used. Nothing here is UI.
 */
import { msg } from '../../i18n/msg.ts';
import { cleanName } from '../../i18n/user-text.ts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DEFAULT_RECIPE_NAME, MAX_RECIPE_NAME } from '../model/parse.ts';
import type { Recipe } from '../../edit/recipe.ts';

/** A recipe as the store keeps it: its id and its place in the list. */
export interface KeptRecipe {
  id: string;
  order: number;
  recipe: Recipe;
}

/** A recipe's place in the list, as a move writes it. */
export interface RecipeOrder {
  id: string;
  order: number;
}

/** A kept recipe as its record: the recipe without its .cube texts, which are Blobs beside it. */
interface StoredRecipe extends KeptRecipe {
  cubeFiles?: Record<string, Blob>;
  /** Made anew with each write of the .cube files: what the page's copy of their text is known by. */
  cubesKey?: string;
}

interface RecipeDb extends DBSchema {
  recipes: { key: string; value: StoredRecipe };
}

const DB_NAME = 'retrocam-recipes';
const STORE = 'recipes';
/** How long an open may take before the visit's list is used instead. */
export const OPEN_TIMEOUT_MS = 3000;

export const STORE_FULL_MESSAGE = msg(
  'There is no room left in this browser to keep the recipe: delete a recipe you no longer use, or free some space on the device. Your other recipes are kept.',
);
export const STORE_BLOCKED_MESSAGE = msg(
  'This browser does not let RetroCam keep recipes (as in some private windows): recipes saved now last until the page closes. Export a recipe to keep it as a file.',
);
export const STORE_NO_ROOM_MESSAGE = msg(
  'There is no room left in this browser to keep recipes: recipes saved now last until the page closes. Free some space on the device, then reload the page.',
);
export const STORE_TIMEOUT_MESSAGE = msg(
  'This browser did not open its recipe storage: recipes saved now last until the page closes. Reload the page to try again, or export a recipe to keep it as a file.',
);
const STORE_FAILED_MESSAGE = msg(
  'The recipe could not be kept in this browser. Your other recipes are kept; export this one to keep it as a file.',
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
  /** The kept recipes, in the list's order (a record that is not a recipe at all is left out). */
  list(): Promise<KeptRecipe[]>;
  /** Keeps a recipe whole (new, or replacing the one with its id); throws RecipeStoreError with the message to show. */
  put(kept: KeptRecipe): Promise<void>;
  /** Renames the recipe as it is kept now (nothing when it is gone). */
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** Writes the places of the recipes given that are still kept; nothing else of them. */
  reorder(orders: readonly RecipeOrder[]): Promise<void>;
  /** Calls `listener` when another tab changed the recipes; returns what stops it. */
  onChange(listener: () => void): () => void;
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
  /** How long the open may take (tests); OPEN_TIMEOUT_MS without it. */
  timeoutMs?: number;
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

/** Whether a record is a kept recipe at all (its shape; its contents were checked when it was kept). */
function isKept(item: unknown): item is KeptRecipe {
  const kept = item as Partial<KeptRecipe> | null;
  return (
    typeof kept?.id === 'string' &&
    typeof kept.order === 'number' &&
    typeof kept.recipe?.name === 'string' &&
    Array.isArray(kept.recipe.steps)
  );
}

/**
 * The records in the list's order. Only the names are cleaned (a few characters each, no recipe is read
 * again): a name kept by an older version may hold a direction override or nothing visible.
 */
function sorted(records: readonly unknown[]): KeptRecipe[] {
  return records
    .filter(isKept)
    .map((item) => {
      const name = cleanName(item.recipe.name, MAX_RECIPE_NAME, DEFAULT_RECIPE_NAME);
      return name === item.recipe.name ? item : { ...item, recipe: { ...item.recipe, name } };
    })
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
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
  return new RecipeStoreError('failed', STORE_FAILED_MESSAGE);
}

/** The bytes of recipes as JSON, and of their .cube files: what the test hook's quota counts. */
function bytesOf(items: readonly StoredRecipe[]): number {
  return items.reduce(
    (sum, item) =>
      sum +
      JSON.stringify(item).length +
      Object.values(item.cubeFiles ?? {}).reduce((files, file) => files + file.size, 0),
    0,
  );
}

/** The record of a recipe: its .cube texts as Blobs beside it. */
function toStored(kept: KeptRecipe): StoredRecipe {
  const { cubes } = kept.recipe;
  if (Object.keys(cubes).length === 0) return kept;
  return {
    ...kept,
    recipe: { ...kept.recipe, cubes: {} },
    cubeFiles: Object.fromEntries(
      Object.entries(cubes).map(([name, text]) => [name, new Blob([text], { type: 'text/plain' })]),
    ),
    cubesKey: newRecipeId(),
  };
}

/** Tells the other tabs that the recipes changed, and hears them (where BroadcastChannel exists). */
class ChangeChannel {
  private readonly channel: BroadcastChannel | null;
  private readonly listeners = new Set<() => void>();

  constructor(name: string) {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
    this.channel?.addEventListener('message', () => {
      for (const listener of this.listeners) listener();
    });
    // A page that has no listener does not keep Node (the tests) or a worker alive for the channel.
    (this.channel as { unref?: () => void } | null)?.unref?.();
  }

  announce(): void {
    this.channel?.postMessage('changed');
  }

  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

type Opened = { db: IDBPDatabase<RecipeDb> } | { problem: string };

class IndexedDbStore implements RecipeStore {
  readonly lasting = true;
  private db: IDBPDatabase<RecipeDb> | null;
  private reopening: Promise<IDBPDatabase<RecipeDb>> | null = null;
  /** The list as last read: what a list that cannot be read now answers. */
  private last: KeptRecipe[] = [];
  /** The .cube texts read back, by their records' `cubesKey`. */
  private readonly cubeTexts = new Map<string, Promise<Record<string, string>>>();

  constructor(
    db: IDBPDatabase<RecipeDb>,
    private readonly options: StoreOptions,
    private readonly channel: ChangeChannel,
  ) {
    this.db = db;
  }

  /** The connection, opened again after another tab's upgrade closed it. */
  private async connection(): Promise<IDBPDatabase<RecipeDb>> {
    if (this.db) return this.db;
    this.reopening ??= openDatabase(this.options, () => (this.db = null)).then((opened) => {
      this.reopening = null;
      if ('problem' in opened) throw new RecipeStoreError('failed', opened.problem);
      this.db = opened.db;
      return opened.db;
    });
    return this.reopening;
  }

  /** The connection let go (another tab upgrades the database): the next use opens it again. */
  released(): void {
    this.db = null;
  }

  async list(): Promise<KeptRecipe[]> {
    try {
      const db = await this.connection();
      const records = await db.getAll(STORE);
      this.last = sorted(await Promise.all(records.map((record) => this.withCubes(record))));
    } catch {
      // The database could not be opened again (another tab upgraded it and this one cannot follow):
      // the list as last read, and the next write says what failed.
    }
    return this.last;
  }

  async put(kept: KeptRecipe): Promise<void> {
    const stored = toStored(kept);
    await this.write(async (db) => {
      if (this.options.quotaBytes !== undefined) await this.checkQuota(db, stored);
      await db.put(STORE, stored);
    });
  }

  /** A record as the kept recipe: its .cube texts read back from their Blobs (once a page for each). */
  private async withCubes(record: StoredRecipe): Promise<KeptRecipe> {
    const { cubeFiles, cubesKey, ...kept } = record;
    if (!cubeFiles || !cubesKey || !isKept(kept)) return kept;
    let texts = this.cubeTexts.get(cubesKey);
    if (!texts) {
      texts = Promise.all(
        Object.entries(cubeFiles).map(async ([name, file]) => [name, await file.text()] as const),
      ).then((entries) => Object.fromEntries(entries));
      this.cubeTexts.set(cubesKey, texts);
    }
    return { ...kept, recipe: { ...kept.recipe, cubes: await texts } };
  }

  async rename(id: string, name: string): Promise<void> {
    await this.write(async (db) => {
      const tx = db.transaction(STORE, 'readwrite');
      const kept = await tx.store.get(id);
      if (kept) await tx.store.put({ ...kept, recipe: { ...kept.recipe, name } });
      await tx.done;
    });
  }

  async remove(id: string): Promise<void> {
    await this.write((db) => db.delete(STORE, id));
  }

  async reorder(orders: readonly RecipeOrder[]): Promise<void> {
    await this.write(async (db) => {
      const tx = db.transaction(STORE, 'readwrite');
      for (const { id, order } of orders) {
        const kept = await tx.store.get(id);
        if (kept && kept.order !== order) await tx.store.put({ ...kept, order });
      }
      await tx.done;
    });
  }

  onChange(listener: () => void): () => void {
    return this.channel.listen(listener);
  }

  /** A change, announced to the other tabs once made; its failure as the message to show. */
  private async write(change: (db: IDBPDatabase<RecipeDb>) => Promise<unknown>): Promise<void> {
    try {
      await change(await this.connection());
    } catch (error) {
      throw storeError(error);
    }
    this.channel.announce();
  }

  /** The test hook's quota: the recipes kept, with this one, in bytes of JSON. */
  private async checkQuota(db: IDBPDatabase<RecipeDb>, kept: StoredRecipe): Promise<void> {
    const others = (await db.getAll(STORE)).filter((item) => item.id !== kept.id);
    if (bytesOf([...others, kept]) > (this.options.quotaBytes ?? Infinity))
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
  rename(id: string, name: string): Promise<void> {
    const kept = this.kept.get(id);
    if (kept) this.kept.set(id, { ...kept, recipe: { ...kept.recipe, name } });
    return Promise.resolve();
  }
  remove(id: string): Promise<void> {
    this.kept.delete(id);
    return Promise.resolve();
  }
  reorder(orders: readonly RecipeOrder[]): Promise<void> {
    for (const { id, order } of orders) {
      const kept = this.kept.get(id);
      if (kept) this.kept.set(id, { ...kept, order });
    }
    return Promise.resolve();
  }
  onChange(): () => void {
    return () => undefined;
  }
}

/**
 * Opens the database with its object store: made with the starters on first use, made again (a version
 * up) when a database lacks it. `released` is called when another tab needs the database upgraded: the
 * connection is closed for it.
 */
async function openDatabase(options: StoreOptions, released: () => void): Promise<Opened> {
  const name = options.name ?? DB_NAME;
  let noRoom = false;
  const open = (version?: number) =>
    openDB<RecipeDb>(name, version, {
      upgrade(database, _oldVersion, _newVersion, transaction) {
        if (database.objectStoreNames.contains(STORE)) return;
        const store = database.createObjectStore(STORE, { keyPath: 'id' });
        const starters = startersKept(options.starters);
        // An aborted upgrade fails the open, which says why; its own promise is not a second error.
        transaction.done.catch(() => {
          if (isQuotaError(transaction.error)) noRoom = true;
        });
        if (options.quotaBytes !== undefined && bytesOf(starters) > options.quotaBytes) {
          // The test hook's quota: not even the starters fit, as in a browser with no room at all.
          noRoom = true;
          transaction.abort();
          return;
        }
        for (const item of starters) void store.put(item);
      },
      blocking() {
        db?.close();
        released();
      },
      terminated: released,
    });
  let db: IDBPDatabase<RecipeDb> | null = null;
  try {
    db = await open();
    if (!db.objectStoreNames.contains(STORE)) {
      const version = db.version + 1;
      db.close();
      db = await open(version);
    }
    return { db };
  } catch {
    db?.close();
    return { problem: noRoom ? STORE_NO_ROOM_MESSAGE : STORE_BLOCKED_MESSAGE };
  }
}

/**
 * Opens the store (made, with the starters, on first use); where the browser blocks it, has no room for
 * it or does not answer in time, the visit's list and the message that says so.
 */
export async function openRecipeStore(
  options: StoreOptions,
): Promise<{ store: RecipeStore; problem: string | null }> {
  const fallback = (problem: string) => ({
    store: new MemoryStore(startersKept(options.starters)),
    problem,
  });
  if (typeof indexedDB === 'undefined') return fallback(STORE_BLOCKED_MESSAGE);
  let store: IndexedDbStore | null = null;
  const opening = openDatabase(options, () => store?.released());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), options.timeoutMs ?? OPEN_TIMEOUT_MS);
  });
  const opened = await Promise.race([opening, late]);
  clearTimeout(timer);
  if (opened === null) {
    // An open that answers after all is closed: this visit uses its own list.
    void opening.then((late) => {
      if ('db' in late) late.db.close();
    });
    return fallback(STORE_TIMEOUT_MESSAGE);
  }
  if ('problem' in opened) return fallback(opened.problem);
  store = new IndexedDbStore(opened.db, options, new ChangeChannel(`${options.name ?? DB_NAME}-changes`));
  return { store, problem: null };
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
