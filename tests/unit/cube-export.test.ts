import { describe, expect, it } from 'vitest';
import { pg2016Effect } from '../../src/effects/filters.ts';
import { resolveSettings } from '../../src/effects/settings.ts';
import { leftOutLabel, splitColour, stepStrength } from '../../src/engine/worker/cube-export.ts';
import { RECIPE_SCHEMA, RECIPE_VERSION, type Recipe } from '../../src/edit/recipe.ts';
import { cubeFileName, leftOutOfCube } from '../../src/recipes/ui/cube-export.ts';

const IMAGE = { width: 1089, height: 33 };

describe("a recipe's colour for the .cube export", () => {
  it("keeps a look's LUT and leaves out its vignette and grain, in order", () => {
    const settings = resolveSettings(pg2016Effect, { filterName: 'nashville', lightLeak: 0.5 });
    const split = splitColour(pg2016Effect.stages(settings, IMAGE));
    expect(split.colour.map((s) => s.stage)).toEqual(['lut']);
    expect(split.left).toEqual(['vignette', 'light-leak', 'grain']);
    expect(leftOutLabel('Filters', split.left)).toEqual({
      step: 'Filters',
      parts: ['vignette', 'light leak', 'grain'],
    });
    expect(leftOutLabel('Blur/Pixelate', null)).toEqual({ step: 'Blur/Pixelate' });
    expect(leftOutLabel('Film', ['grain', 'tonal-grain', 'dust-scratches'])).toEqual({
      step: 'Film',
      parts: ['grain', 'dust and scratches'],
    });
  });

  it("reads a step's strength (0-100) as 0..1, full when it has none", () => {
    expect(stepStrength({})).toBe(1);
    expect(stepStrength({ strength: 50 })).toBe(0.5);
    expect(stepStrength({ strength: 0 })).toBe(0);
    expect(stepStrength({ strength: 250 })).toBe(1);
    expect(stepStrength({ strength: -3 })).toBe(0);
    expect(stepStrength({ strength: Number.NaN })).toBe(1);
    expect(stepStrength({ strength: '40' })).toBe(1);
  });
});

describe('the .cube export dialog', () => {
  const recipe: Recipe = {
    schema: RECIPE_SCHEMA,
    version: RECIPE_VERSION,
    name: 'Party 2005',
    steps: [],
    crop: null,
    frame: null,
    cubes: {},
  };

  it('names the file after the recipe, safe on every file system', () => {
    expect(cubeFileName('Party 2005')).toBe('Party 2005.cube');
    expect(cubeFileName('a/b\\c:d*e?"f"<g>|h')).toBe('a-b-c-d-e-f-g-h.cube');
    expect(cubeFileName('..\u0000hidden')).toBe('hidden.cube');
    expect(cubeFileName('  ')).toBe('recipe.cube');
    expect(cubeFileName('x'.repeat(300))).toBe(`${'x'.repeat(80)}.cube`);
  });

  it('adds the crop and the frame to what the worker left out', () => {
    const filters = { step: 'Filters', parts: ['grain'] };
    const result = { text: '', kept: ['Filters'], left: [filters] };
    expect(leftOutOfCube(recipe, result)).toEqual([filters]);
    const cropped: Recipe = {
      ...recipe,
      crop: { aspect: '1-1', aspectTurned: false, turns: 0, flipH: false, flipV: false, angle: 0 },
      frame: { id: 'instant-square' },
    };
    expect(leftOutOfCube(cropped, result)).toEqual([filters, { step: 'Crop' }, { step: 'Frame' }]);
  });
});
