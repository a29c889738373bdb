import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ENGINE_KINDS, type EngineKind } from '../../src/engine/protocol.ts';
import { parseCube } from '../../src/grading/cube.ts';
import { maxAbsoluteError, meanAbsoluteError } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import type {} from './harness.ts';

type Step = { effectId: string; settings: Record<string, number | string | boolean> };

const PHOTOS = ['kodak/kodim23.png', 'kodak/kodim03.png'];
/** A Filters look with its vignette and grain off (its colour alone), then vibrance. */
const LOOK: Step = {
  effectId: 'pg2016',
  settings: { filterName: 'nashville', vignetteStrength: 0, grainAmount: 0 },
};
const VIBRANCE: Step = { effectId: 'vibrance', settings: { vibrance: 0.5 } };
/** The user-LUT path: Filters' own look ('Your .cube file') with the .cube loaded as the editor loads it. */
const OWN_LOOK: Step = {
  effectId: 'pg2016',
  settings: { filterName: 'custom', vignetteStrength: 0, grainAmount: 0 },
};
/**
 * The mean error allowed between the recipe and its .cube (the issue asks for 1 level at most), held a
 * little above what each backend measures (0.40 to 0.41 levels on kodim23 and kodim03; the table's
 * lattice inputs are 8-bit levels, within half a level of i / 32).
 */
const MEAN_LIMIT = 0.5;

function exportCube(page: Page, engine: EngineKind, steps: Step[]) {
  return page.evaluate(([engine, steps]) => window.harness.exportCube(engine, 'Nashville pop', steps), [
    engine,
    steps,
  ] as const);
}

async function runSteps(page: Page, engine: EngineKind, photo: string, steps: Step[], cube?: string) {
  const result = await page.evaluate(
    ([engine, data, steps, cube]) => window.harness.runSteps(engine, data, steps, cube ?? undefined),
    [engine, fixtureBase64(photo), steps, cube ?? null] as const,
  );
  return {
    input: imageFromBase64(result.width, result.height, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
  };
}

test.describe('a recipe colour exported as a .cube', () => {
  for (const engine of ENGINE_KINDS) {
    test(`${engine}: the .cube of a Filters look and vibrance, loaded as the user's own look, gives the recipe's colour within 1 level (mean)`, async ({
      harness: page,
    }) => {
      const exported = await exportCube(page, engine, [LOOK, VIBRANCE]);
      expect(exported.error).toBeUndefined();
      expect(exported.kept).toEqual(['Filters', 'Vibrance']);
      expect(exported.left).toEqual([]);
      const text = exported.text ?? '';
      const parsed = parseCube(text);
      expect([parsed.size, parsed.title]).toEqual([33, 'Nashville pop']);
      for (const photo of PHOTOS) {
        const recipe = await runSteps(page, engine, photo, [LOOK, VIBRANCE]);
        const viaCube = await runSteps(page, engine, photo, [OWN_LOOK], text);
        const mean = meanAbsoluteError(viaCube.output, recipe.output);
        test.info().annotations.push({
          type: `${photo} .cube vs recipe`,
          description: `mean ${mean.toFixed(3)} levels, max ${maxAbsoluteError(viaCube.output, recipe.output)}, the recipe moved the photo ${meanAbsoluteError(recipe.output, recipe.input).toFixed(1)} levels`,
        });
        // The recipe changes the photo well beyond the limit, so a .cube that did nothing would fail.
        expect(meanAbsoluteError(recipe.output, recipe.input), photo).toBeGreaterThan(10 * MEAN_LIMIT);
        expect(mean, photo).toBeLessThanOrEqual(MEAN_LIMIT);
      }
    });
  }

  test('steps that are not per-pixel colour are left out and named, and leave the table as it was', async ({
    harness: page,
  }) => {
    const withLooks: Step[] = [
      // The look at its defaults: its LUT, then a vignette and grain.
      { effectId: 'pg2016', settings: { filterName: 'nashville' } },
      { effectId: 'smartBlur', settings: {} },
      { effectId: 'jpegSimulation', settings: {} },
      VIBRANCE,
    ];
    for (const engine of ENGINE_KINDS) {
      const exported = await exportCube(page, engine, withLooks);
      expect(exported.error, engine).toBeUndefined();
      expect(exported.kept, engine).toEqual(['Filters', 'Vibrance']);
      expect(exported.left, engine).toEqual([
        { step: 'Filters', parts: ['vignette', 'grain'] },
        { step: 'Blur/Pixelate' },
        { step: 'JPEG' },
      ]);
      const colourOnly = await exportCube(page, engine, [LOOK, VIBRANCE]);
      expect(exported.text, engine).toBe(colourOnly.text);
    }
  });

  test("a step's strength mixes its colour with its input in the table", async ({ harness: page }) => {
    for (const engine of ENGINE_KINDS) {
      const table = async (steps: Step[]) =>
        parseCube((await exportCube(page, engine, steps)).text ?? '').values;
      const identity = await table([]);
      const full = await table([LOOK]);
      const half = await table([{ ...LOOK, settings: { ...LOOK.settings, strength: 50 } }]);
      let worst = 0;
      let moved = 0;
      for (let i = 0; i < identity.length; i++) {
        const mean = ((identity[i] ?? 0) + (full[i] ?? 0)) / 2;
        worst = Math.max(worst, Math.abs((half[i] ?? 0) - mean) * 255);
        moved = Math.max(moved, Math.abs((full[i] ?? 0) - (identity[i] ?? 0)) * 255);
      }
      expect(moved, engine).toBeGreaterThan(20);
      expect(worst, engine).toBeLessThanOrEqual(1);
    }
  });
});
