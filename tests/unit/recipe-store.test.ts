// The recipe store on IndexedDB (fake-indexeddb in Node): starters on first use, order, delete, and a full
// store that refuses a write whole, keeping what was kept.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { starterRecipes } from '../../src/recipes/model/starters.ts';
import {
  openRecipeStore,
  RecipeStoreError,
  STORE_FULL_MESSAGE,
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
