// The recipe store on IndexedDB (fake-indexeddb in Node): starters on first use, order, delete, and a full
// store that refuses a write whole, keeping what was kept; a store that never opens, lacks its object
// store or has no room; two tabs; one store for the editor and the camera, its starters in the visitor's
// language.
import 'fake-indexeddb/auto';
import { IDBOpenDBRequest } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRecipeLooks } from '../../src/camera/ui/recipe-looks.ts';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { starterRecipes } from '../../src/recipes/model/starters.ts';
import {
  openRecipeStore,
  RecipeStoreError,
  STORE_FULL_MESSAGE,
  STORE_NO_ROOM_MESSAGE,
  STORE_TIMEOUT_MESSAGE,
  type KeptRecipe,
} from '../../src/recipes/store/recipe-store.ts';

let databases = 0;
const name = () => `recipes-test-${++databases}`;

function mine(order: number, size = 0): KeptRecipe {
  const [first] = starterRecipes();
  // `size` bytes of padding (an embedded file the steps do not need): a large recipe.
  const cubes: Record<string, string> = size > 0 ? { padding: 'x'.repeat(size) } : {};
  return { id: `mine-${order}`, order, recipe: { ...first!, name: `Mine ${order}`, cubes } };
}

describe('the recipe store', () => {
  it("starts with the starters, kept like the user's own, and keeps order, changes and deletes", async () => {
    const options = { starters: starterRecipes, name: name() };
    const { store, problem } = await openRecipeStore(options);
    expect(problem).toBeNull();
    const listed = await store.list();
    expect(listed.map((item) => item.recipe.name)).toEqual(starterRecipes().map((recipe) => recipe.name));
    await store.put(mine(-1));
    await store.remove(listed[0]!.id);
    // Opened again (another visit): what was kept is there, the starters are not written again.
    const again = await openRecipeStore(options);
    const names = (await again.store.list()).map((item) => item.recipe.name);
    expect(names[0]).toBe('Mine -1');
    expect(names).not.toContain(listed[0]!.recipe.name);
    expect(names).toHaveLength(listed.length);
  });

  it('full: refuses the write with a clear message, and the recipes kept stay', async () => {
    const { store } = await openRecipeStore({ starters: () => [], name: name(), quotaBytes: 20_000 });
    await store.put(mine(1));
    await store.put(mine(2));
    const before = await store.list();
    const error = await store.put(mine(3, 30_000)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RecipeStoreError);
    expect((error as RecipeStoreError).kind).toBe('full');
    expect((error as Error).message).toBe(STORE_FULL_MESSAGE);
    expect(await store.list()).toEqual(before);
  });

  it("a store the browser blocks: the visit's list, and the message that says so", async () => {
    const saved = globalThis.indexedDB;
    // As in a private window that refuses to open databases.
    Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true });
    try {
      const { store, problem } = await openRecipeStore({ starters: starterRecipes, name: name() });
      expect(problem).toMatch('does not let RetroCam keep recipes');
      expect(store.lasting).toBe(false);
      expect(await store.list()).toHaveLength(starterRecipes().length);
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', { value: saved, configurable: true });
    }
  });
});

describe('the recipe store when the browser misbehaves', () => {
  it('an open that never answers: the starters and a clear message, in time', async () => {
    const factory = globalThis.indexedDB;
    const open = factory.open.bind(factory);
    // As Safari's open that never calls back: a request that never succeeds, fails or blocks.
    factory.open = () => new IDBOpenDBRequest();
    try {
      const started = Date.now();
      const { store, problem } = await openRecipeStore({
        starters: starterRecipes,
        name: name(),
        timeoutMs: 300,
      });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(problem).toBe(STORE_TIMEOUT_MESSAGE);
      expect(await store.list()).toHaveLength(starterRecipes().length);
      // Saving still keeps the recipe for the visit.
      await store.put(mine(-1));
      expect((await store.list())[0]?.recipe.name).toBe('Mine -1');
    } finally {
      factory.open = open;
    }
  });

  it('a database without its object store: made again, with the starters, no error', async () => {
    const db = name();
    await new Promise<void>((done, fail) => {
      // A database of the right name and version that has no 'recipes' store (a broken earlier open).
      const request = indexedDB.open(db, 1);
      request.onsuccess = () => {
        request.result.close();
        done();
      };
      request.onerror = () => fail(new Error(String(request.error)));
    });
    const { store, problem } = await openRecipeStore({ starters: starterRecipes, name: db });
    expect(problem).toBeNull();
    expect(store.lasting).toBe(true);
    expect(await store.list()).toHaveLength(starterRecipes().length);
    await store.put(mine(-1));
    expect(await store.list()).toHaveLength(starterRecipes().length + 1);
  });

  it('no room for even the starters: the starters for the visit, and a message that says why', async () => {
    const { store, problem } = await openRecipeStore({
      starters: starterRecipes,
      name: name(),
      quotaBytes: 0,
    });
    expect(problem).toBe(STORE_NO_ROOM_MESSAGE);
    expect(store.lasting).toBe(false);
    expect(await store.list()).toHaveLength(starterRecipes().length);
  });

  it('trusts what it keeps: a list reads no recipe (nor its .cube) again', async () => {
    const db = name();
    const { store } = await openRecipeStore({ starters: () => [], name: db });
    const [first] = starterRecipes();
    // A recipe needing a .cube whose text would not read as one: kept as it was given.
    const kept: KeptRecipe = {
      id: 'cube',
      order: 0,
      recipe: {
        ...first!,
        steps: [{ effectId: 'pg2016', settings: { filterName: 'custom' } }],
        cubes: { custom: 'not a cube' },
      },
    };
    await store.put(kept);
    expect(await store.list()).toEqual([kept]);
    // Its .cube is kept as a Blob beside the recipe, not as a string a list would copy on the main thread.
    const raw = await new Promise<Record<string, unknown>>((done) => {
      const request = indexedDB.open(db);
      request.onsuccess = () => {
        const get = request.result.transaction('recipes').objectStore('recipes').get('cube');
        get.onsuccess = () => {
          request.result.close();
          done(get.result as Record<string, unknown>);
        };
      };
    });
    expect(raw.recipe).toMatchObject({ cubes: {} });
    expect((raw.cubeFiles as Record<string, unknown>).custom).toBeInstanceOf(Blob);
  });

  it('cleans an old name once listed: no direction override, and a visible name', async () => {
    const { store } = await openRecipeStore({ starters: () => [], name: name() });
    const [first] = starterRecipes();
    await store.put({ id: 'a', order: 0, recipe: { ...first!, name: '\u202Eevil' } });
    await store.put({ id: 'b', order: 1, recipe: { ...first!, name: '\u200B\u200B' } });
    expect((await store.list()).map((item) => item.recipe.name)).toEqual(['evil', 'My recipe']);
  });
});

describe('two tabs on one store', () => {
  it("a stale tab's move undoes no rename and brings back no deleted recipe; the other tab hears of each change", async () => {
    const options = { starters: starterRecipes, name: name() };
    const a = (await openRecipeStore(options)).store;
    const b = (await openRecipeStore(options)).store;
    let heard = 0;
    const heardChange = new Promise<void>((done) =>
      b.onChange(() => {
        heard += 1;
        done();
      }),
    );
    // Tab B reads its list; tab A then renames one recipe and deletes another.
    const stale = await b.list();
    await a.rename(stale[1]!.id, 'Renamed in A');
    await a.remove(stale[2]!.id);
    await heardChange;
    expect(heard).toBeGreaterThan(0);
    // Tab B, not yet reloaded, moves its first recipe down, writing the order of its whole stale list.
    const moved = [stale[1]!, stale[0]!, ...stale.slice(2)].map((item, order) => ({ ...item, order }));
    await b.reorder(moved);
    const fromA = await a.list();
    const fromB = await b.list();
    expect(fromB).toEqual(fromA);
    expect(fromA.map((item) => item.id)).not.toContain(stale[2]!.id);
    expect(fromA.find((item) => item.id === stale[1]!.id)?.recipe.name).toBe('Renamed in A');
    expect(fromA.slice(0, 2).map((item) => item.id)).toEqual([stale[1]!.id, stale[0]!.id]);
    // A rename from B of a recipe A deleted does not bring it back.
    await b.rename(stale[2]!.id, 'Back?');
    expect((await a.list()).map((item) => item.id)).not.toContain(stale[2]!.id);
  });
});

describe('one store for the editor and the camera', () => {
  afterEach(() => activateLocale('en'));

  it("names the starters in the visitor's language, whoever opens it first (here the camera)", async () => {
    await activateLocale('de');
    const looks = await loadRecipeLooks();
    expect(looks.length).toBeGreaterThan(5);
    expect(looks.map((look) => look.label)).toContain('Party 2005');
    expect(looks.map((look) => look.label)).not.toContain('Black and white grain');
  });
});
