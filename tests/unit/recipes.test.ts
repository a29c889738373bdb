// Recipes read from outside (a file, a link): untrusted input, taken whole or refused with a message for
// the user; the starters; a recipe as an edit (what applying one makes, what saving one keeps).
import { english } from '../../src/i18n/msg.ts';
import { describe, expect, it } from 'vitest';
import { findEffect } from '../../src/effects/index.ts';
import { resolveSettings } from '../../src/effects/settings.ts';
import { EMPTY_EDIT, stepIds } from '../../src/edit/edit.ts';
import { fromRecipeFrame } from '../../src/frames/model/recipe-frame.ts';
import { contentHash } from '../../src/grading/content-hash.ts';
import { cubesOfEdit, editOfRecipe, recipeOfEdit } from '../../src/recipes/model/recipe-edit.ts';
import {
  isRecipeFile,
  parseRecipeLink,
  readRecipeFile,
  recipeFileName,
  recipeFileText,
  recipeLinkSearch,
} from '../../src/recipes/model/files.ts';
import {
  checkRecipe,
  DEFAULT_RECIPE_NAME,
  MAX_RECIPE_BYTES,
  MAX_RECIPE_STEPS,
  parseRecipeText,
} from '../../src/recipes/model/parse.ts';
import { MAX_CUBE_BYTES } from '../../src/grading/cube.ts';
import { MAX_CAPTION } from '../../src/edit/frame.ts';
import { RECIPE_SCHEMA, RECIPE_VERSION } from '../../src/edit/recipe.ts';
import { starterRecipes } from '../../src/recipes/model/starters.ts';

const ccd = findEffect('ccdEffect')!;

function recipe(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    schema: RECIPE_SCHEMA,
    version: RECIPE_VERSION,
    name: 'Party 2005',
    steps: [{ effectId: 'ccdEffect', settings: { ccd_bloom_amount: 1.5 } }],
    crop: null,
    frame: null,
    cubes: {},
    ...fields,
  };
}

function refused(input: unknown): string {
  const result = typeof input === 'string' ? parseRecipeText(input) : checkRecipe(input);
  if (result.ok) throw new Error('the recipe was taken');
  return english(result.message);
}

describe('a recipe file from outside', () => {
  it('is taken with its steps in order, each setting of the effect filled in, unknown fields ignored', () => {
    const result = parseRecipeText(
      JSON.stringify(
        recipe({
          extra: { anything: true },
          steps: [
            { effectId: 'ccdEffect', settings: { ccd_bloom_amount: 1.5, notASetting: 3 }, note: 'x' },
            { effectId: 'vibrance', settings: { vibrance: -0.3 } },
          ],
        }),
      ),
    );
    if (!result.ok) throw new Error(english(result.message));
    expect(result.adjusted).toBe(0);
    expect(result.recipe.steps.map((step) => step.effectId)).toEqual(['ccdEffect', 'vibrance']);
    expect(result.recipe.steps[0]!.settings).toEqual(resolveSettings(ccd, { ccd_bloom_amount: 1.5 }));
    expect(result.recipe.steps[0]!.settings).not.toHaveProperty('notASetting');
    expect(result.recipe).not.toHaveProperty('extra');
  });

  it('larger than its .cube at its largest, written in JSON, is refused before it is read, and as text', async () => {
    expect(MAX_RECIPE_BYTES).toBe(2 * MAX_CUBE_BYTES + 1024 * 1024);
    const big = 'x'.repeat(34 * 1024 * 1024);
    expect(refused(big)).toMatch(/too large \(34\.0 MB\).*at most 33\.0 MB/);
    const file = await readRecipeFile(new Blob([big]));
    expect(file.ok ? '' : english(file.message)).toMatch(/too large \(34\.0 MB\)/);
  });

  it('of 10,000 steps is refused', () => {
    const steps = Array.from({ length: 10_000 }, () => ({ effectId: 'vibrance', settings: {} }));
    expect(refused(recipe({ steps }))).toMatch(`has 10000 steps: a recipe has at most ${MAX_RECIPE_STEPS}`);
  });

  it('naming an effect this build has not got is refused, and so is the collage (not a worker step)', () => {
    expect(refused(recipe({ steps: [{ effectId: 'blurMagic', settings: {} }] }))).toMatch(
      'step 1: it uses an effect this RetroCam does not have ("blurMagic")',
    );
    expect(refused(recipe({ steps: [{ effectId: 'collageEffect', settings: {} }] }))).toMatch(
      'does not have ("collageEffect")',
    );
    expect(refused(recipe({ steps: [{ settings: {} }] }))).toMatch('names no effect');
  });

  it('with NaN and huge settings is taken with them clamped to their ranges, and says how many', () => {
    const text = JSON.stringify(
      recipe({
        steps: [
          {
            effectId: 'ccdEffect',
            settings: {
              ccd_bloom_amount: 1e308,
              ccd_lensReflectionStrength: 'NaN',
              ccd_bloom_tint_preset: {},
            },
          },
          { effectId: 'vibrance', settings: { vibrance: -1e308 } },
        ],
      }),
    );
    const result = parseRecipeText(text);
    if (!result.ok) throw new Error(english(result.message));
    const [first, second] = result.recipe.steps;
    expect(first!.settings.ccd_bloom_amount).toBe(2);
    expect(first!.settings.ccd_lensReflectionStrength).toBe(
      resolveSettings(ccd, {}).ccd_lensReflectionStrength,
    );
    expect(second!.settings.vibrance).toBe(-1);
    // Each value the effect could not take as given: the huge two, 'NaN', and an object for a choice.
    expect(result.adjusted).toBe(4);
  });

  it("embedding a .cube that claims 2 GB (LUT_3D_SIZE 813) is refused with the .cube reader's reason", () => {
    const steps = [{ effectId: 'pg2016', settings: { filterName: 'custom' } }];
    const cube = `TITLE "huge"\nLUT_3D_SIZE 813\n0 0 0\n`;
    expect(refused(recipe({ steps, cubes: { custom: cube } }))).toMatch(
      /\.cube file cannot be used: .*LUT_3D_SIZE 813; sizes from 2 to 65/,
    );
    expect(refused(recipe({ steps }))).toMatch('needs its .cube file');
  });

  it('of a newer version, of no version, of another schema, or not JSON is refused', () => {
    expect(refused(recipe({ version: 99 }))).toMatch(
      /newer RetroCam \(recipe version 99; this one reads version 1\)/,
    );
    expect(refused(recipe({ version: 'one' }))).toMatch('no valid version');
    expect(refused(recipe({ schema: 'something.else' }))).toMatch('not a RetroCam recipe');
    expect(refused('{"schema": "retrocam.recipe", ')).toMatch('not JSON');
    expect(refused('[1, 2, 3]')).toMatch('not a RetroCam recipe');
    expect(refused(recipe({ name: 12 }))).toMatch('no name');
    expect(refused(recipe({ crop: { aspect: '7-3' } }))).toMatch('crop that is not valid');
  });

  it('keeps its crop (clamped angle) and frame', () => {
    const result = checkRecipe(
      recipe({
        crop: { aspect: '1-1', aspectTurned: false, turns: 1, flipH: true, flipV: false, angle: 90 },
        frame: {
          id: 'instant-square',
          caption: 'Hi',
          options: { orangeMask: true, frameNumber: 99, rebate: 'black', bad: { x: 1 } },
        },
      }),
    );
    if (!result.ok) throw new Error(english(result.message));
    expect(result.recipe.crop).toEqual({
      aspect: '1-1',
      aspectTurned: false,
      turns: 1,
      flipH: true,
      flipV: false,
      angle: 45,
    });
    expect(result.recipe.frame).toEqual({
      id: 'instant-square',
      caption: 'Hi',
      // The options the choice knows; one it cannot take is left to its default.
      options: { orangeMask: true },
    });
  });
});

describe('the text a recipe carries', () => {
  const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';

  it("keeps a caption of the caption field's whole length, counted in code points, emoji and all", () => {
    // 490 letters, two emoji and a ZWJ family of 7 code points: 499 code points, 504 UTF-16 units.
    const caption = `${'a'.repeat(490)}\u{1F600}\u{1F60D}${family}`;
    expect(Array.from(caption)).toHaveLength(MAX_CAPTION - 1);
    const result = checkRecipe(recipe({ frame: { id: 'instant-square', caption } }));
    if (!result.ok) throw new Error(english(result.message));
    expect(result.recipe.frame?.caption).toBe(caption);
    // Past the field's limit it is not the app's recipe: refused whole, not cut.
    const over = checkRecipe(
      recipe({ frame: { id: 'instant-square', caption: 'b'.repeat(MAX_CAPTION + 1) } }),
    );
    expect(over.ok).toBe(false);
  });

  it('drops lone surrogates and direction overrides from a caption, never half an emoji', () => {
    const result = checkRecipe(recipe({ frame: { id: 'instant-mini', caption: 'a\ud83d b\u202Ec\ude00' } }));
    if (!result.ok) throw new Error(english(result.message));
    expect(result.recipe.frame?.caption).toBe('a bc');
  });

  it('refuses a frame this build has not got, naming it, instead of dropping it', () => {
    expect(refused(recipe({ frame: { id: 'instant-sx70', caption: 'Hi' } }))).toBe(
      // The name is user text inside the sentence: isolated.
      'The recipe "Party 2005" uses a frame this RetroCam does not have ("instant-sx70"). Nothing was changed.',
    );
    expect(refused(recipe({ frame: { id: 7 } }))).toMatch('has a frame that is not valid');
    const none = checkRecipe(recipe({ frame: { id: 'none' } }));
    expect(none.ok && none.recipe.frame).toBeNull();
  });

  it('cleans its name: no direction override, no controls, and a default when nothing is visible', () => {
    const reversed = checkRecipe(recipe({ name: '\u202Eevil\u0007 name' }));
    expect(reversed.ok && reversed.recipe.name).toBe('evil name');
    const invisible = checkRecipe(recipe({ name: '\u200B\u200B\u2060 ' }));
    expect(invisible.ok && invisible.recipe.name).toBe(DEFAULT_RECIPE_NAME);
  });
});

describe('recipe files and links', () => {
  it('round-trip every starter: the file and the link read back as the same recipe', () => {
    for (const starter of starterRecipes()) {
      const file = parseRecipeText(recipeFileText(starter));
      expect(file.ok && file.recipe).toEqual(starter);
      const link = parseRecipeLink(recipeLinkSearch(starter));
      expect(link?.ok && link.recipe).toEqual(starter);
    }
  });

  it('are named after the recipe, and told from photos by that name', () => {
    expect(recipeFileName({ name: 'Party: 2005/06' })).toBe('Party- 2005-06.retrocam.json');
    expect(isRecipeFile({ name: 'Party 2005.RETROCAM.json' })).toBe(true);
    expect(isRecipeFile({ name: 'photo.jpg' })).toBe(false);
  });

  it('a broken or hostile link is refused with a message', () => {
    expect(parseRecipeLink('?effect=vibrance')).toBeNull();
    const broken = parseRecipeLink('?recipe=%7Bnot-json');
    expect(broken?.ok === false && broken.message).toMatch('recipe link is broken');
    const long = parseRecipeLink(`?recipe=${'a'.repeat(40_000)}`);
    expect(long?.ok === false && long.message).toMatch('too long');
  });
});

describe('the starter recipes', () => {
  it('are about a dozen, each valid, named once, with the date stamp and a crop among them', () => {
    const starters = starterRecipes();
    expect(starters.length).toBeGreaterThanOrEqual(10);
    expect(new Set(starters.map((s) => s.name)).size).toBe(starters.length);
    for (const starter of starters) expect(checkRecipe(starter)).toMatchObject({ ok: true, adjusted: 0 });
    expect(starters.find((s) => s.name === 'Party 2005')?.steps[0]?.settings.ccd_dateStamp).toBe(true);
    expect(starters.some((s) => s.crop?.aspect === '1-1')).toBe(true);
    // A JPEG preset sets its values, as choosing it in the panel does.
    const jpeg = starters.find((s) => s.name === 'Over-compressed')!.steps[0]!;
    expect(jpeg.settings.preset).toBe('low');
  });
});

describe('a recipe as an edit', () => {
  const photo = { width: 4000, height: 3000 };
  const identity = (size: number, swap = false) => {
    const rows: string[] = [`LUT_3D_SIZE ${size}`];
    for (let b = 0; b < size; b++)
      for (let g = 0; g < size; g++)
        for (let r = 0; r < size; r++) {
          const [x, y, z] = [r / (size - 1), g / (size - 1), b / (size - 1)];
          rows.push((swap ? [z, y, x] : [x, y, z]).map((v) => v.toFixed(4)).join(' '));
        }
    return `${rows.join('\n')}\n`;
  };

  it('applies as steps of the edit (each open to change), its crop fitted to the photo, and comes back the same', () => {
    const parsed = checkRecipe(
      recipe({
        steps: [
          { effectId: 'ccdEffect', settings: { ccd_bloom_amount: 1.5 } },
          { effectId: 'vibrance', settings: { vibrance: 0.4 } },
        ],
        crop: { aspect: '4-5', turns: 0, angle: 3 },
        frame: { id: 'instant-square', caption: 'Party' },
      }),
    );
    if (!parsed.ok) throw new Error(english(parsed.message));
    const ids = stepIds([]);
    const edit = editOfRecipe(parsed.recipe, photo, ids);
    expect(edit.steps.map((step) => [step.id, step.kind === 'effect' && step.effectId])).toEqual([
      ['s1', 'ccdEffect'],
      ['s2', 'vibrance'],
    ]);
    expect(edit.crop?.aspect).toBe('4-5');
    expect(edit.crop?.geometry.rect.height).toBeLessThanOrEqual(photo.height);
    expect(edit.frame).toMatchObject({ id: 'instant-square', caption: 'Party' });
    const back = recipeOfEdit(edit, parsed.recipe.name, {});
    expect({ ...back, frame: null }).toEqual({ ...parsed.recipe, frame: null });
    expect(fromRecipeFrame(back.frame)).toEqual(edit.frame);
  });

  it('two steps with two .cube files each keep their own table, named by hash, and a recipe embeds both', () => {
    const a = identity(5);
    const b = identity(5, true);
    const [ha, hb] = [contentHash(a), contentHash(b)];
    expect(ha).not.toBe(hb);
    const custom = (cube: string) => ({
      kind: 'effect' as const,
      effectId: 'pg2016',
      settings: resolveSettings(findEffect('pg2016')!, { filterName: 'custom' }),
      cube,
    });
    const edit = {
      ...EMPTY_EDIT,
      steps: [
        { ...custom(ha), id: 's1' },
        { ...custom(hb), id: 's2' },
      ],
    };
    expect(cubesOfEdit(edit)).toEqual([ha, hb]);
    const saved = recipeOfEdit(edit, 'Two cubes', { [ha]: a, [hb]: b, unused: 'x' });
    expect(Object.keys(saved.cubes).sort()).toEqual([ha, hb].sort());
    // Written to a file and read back: each step still names its own table.
    const read = parseRecipeText(recipeFileText(saved));
    if (!read.ok) throw new Error(english(read.message));
    expect(read.recipe.steps.map((step) => step.cube)).toEqual([ha, hb]);
    expect(read.recipe.cubes[ha]).toBe(a);
    expect(read.recipe.cubes[hb]).toBe(b);
  });

  it('a recipe written before steps named their .cube (cubes.custom) is read with the hash of its table', () => {
    const table = identity(5);
    const read = checkRecipe(
      recipe({
        steps: [{ effectId: 'pg2016', settings: { filterName: 'custom' } }],
        cubes: { custom: table },
      }),
    );
    if (!read.ok) throw new Error(english(read.message));
    expect(read.recipe.steps[0]?.cube).toBe(contentHash(table));
    expect(read.recipe.cubes).toEqual({ [contentHash(table)]: table });
  });
});
