// An imported recipe the user already has (src/recipes/model/duplicates.ts): found by name or by content,
// and the name of the copy kept beside it.
import { describe, expect, it } from 'vitest';
import { copyName, findDuplicate, sameContent } from '../../src/recipes/model/duplicates.ts';
import { MAX_RECIPE_NAME } from '../../src/recipes/model/parse.ts';
import { starterRecipes } from '../../src/recipes/model/starters.ts';

const [party, nokia] = starterRecipes();
const kept = [
  { id: 'a', order: 0, recipe: party! },
  { id: 'b', order: 1, recipe: nokia! },
];

describe('an imported recipe the user already has', () => {
  it('is found by its name (case aside), then by its content under another name', () => {
    expect(findDuplicate(kept, { ...nokia!, name: 'party 2005' })).toMatchObject({
      existing: { id: 'a' },
      sameName: true,
    });
    expect(findDuplicate(kept, { ...nokia!, name: 'Night out' })).toMatchObject({
      existing: { id: 'b' },
      sameName: false,
    });
    expect(findDuplicate(kept, { ...nokia!, name: 'Night out', steps: party!.steps })).toMatchObject({
      existing: { id: 'a' },
    });
    expect(findDuplicate(kept, { ...nokia!, name: 'New', steps: [] })).toBeNull();
  });

  it('has the same content whatever the order its settings were written in', () => {
    const step = party!.steps[0]!;
    const reordered = Object.fromEntries(Object.entries(step.settings).reverse());
    expect(
      sameContent(party!, { ...party!, steps: [{ ...step, settings: reordered }, ...party!.steps.slice(1)] }),
    ).toBe(true);
    expect(sameContent(party!, { ...party!, frame: { id: 'instant-mini' } })).toBe(false);
  });

  it("kept beside it, is named 'name (2)', or the first number free, within the name's limit", () => {
    expect(copyName('Party 2005', ['Party 2005'])).toBe('Party 2005 (2)');
    expect(copyName('Party 2005', ['Party 2005', 'party 2005 (2)'])).toBe('Party 2005 (3)');
    expect(copyName('Party 2005 (2)', ['Party 2005', 'Party 2005 (2)'])).toBe('Party 2005 (3)');
    const long = copyName('x'.repeat(MAX_RECIPE_NAME), ['x'.repeat(MAX_RECIPE_NAME)]);
    expect(Array.from(long)).toHaveLength(MAX_RECIPE_NAME);
    expect(long.endsWith(' (2)')).toBe(true);
  });
});
