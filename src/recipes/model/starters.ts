/**
 * The starter recipes: about a dozen looks made of the effects this build has, shown to a newcomer and
 * kept in the store like the user's own (renamed, reordered, deleted alike). Each is written as changes to
 * an effect's defaults, applied as the controls apply them (`withSetting`: a JPEG preset sets its values).
 */
import { msg } from '../../i18n/msg.ts';
import type { CropRecipe } from '../../edit/crop.ts';
import { findEffect } from '../../effects/index.ts';
import { resolveSettings, withSetting } from '../../effects/settings.ts';
import type { SettingValue } from '../../effects/types.ts';
import { RECIPE_SCHEMA, RECIPE_VERSION, type Recipe, type RecipeStep } from '../../edit/recipe.ts';

/** A step: the effect at its defaults, then each change in order (as the user would make them). */
function step(effectId: string, changes: Record<string, SettingValue> = {}): RecipeStep {
  const effect = findEffect(effectId);
  if (!effect) throw new Error(`A starter recipe names an unknown effect: ${effectId}`);
  let settings = resolveSettings(effect, {});
  for (const [name, value] of Object.entries(changes)) {
    const next = withSetting(effect, settings, name, value);
    if (!next) throw new Error(`A starter recipe sets ${effectId}.${name} to an invalid value`);
    settings = next;
  }
  return { effectId, settings };
}

const square: CropRecipe = {
  aspect: '1-1',
  aspectTurned: false,
  turns: 0,
  flipH: false,
  flipV: false,
  angle: 0,
};

function recipe(name: string, steps: RecipeStep[], crop: CropRecipe | null = null): Recipe {
  return { schema: RECIPE_SCHEMA, version: RECIPE_VERSION, name, steps, crop, frame: null, cubes: {} };
}

/** The starters, in the order a newcomer sees them. Made on call: each holds fresh objects. */
export function starterRecipes(): Recipe[] {
  return [
    recipe(msg('Party 2005'), [
      step('ccdEffect', { ccd_bloom_amount: 1.4, ccd_dateStamp: true }),
      step('dualVignetteEffect', { innerVignetteStrength: 0.2, outerVignetteStrength: 0.5 }),
    ]),
    recipe(msg('Nokia night'), [
      step('nokiaEffect', { colorGrain: 0.9, softCorners: 0.8, nokia_dateStamp: true }),
      step('vibrance', { vibrance: -0.3 }),
    ]),
    recipe(msg('Disposable camera'), [
      step('pg2016', { filterName: 'nashville', grainAmount: 0.2, grainTone: 'film', lightLeak: 0.4 }),
      step('dualVignetteEffect', { innerVignetteStrength: 0, outerVignetteStrength: 0.6 }),
    ]),
    recipe(msg('Faded 1970s print'), [
      step('pg2016', {
        filterName: 'sepia',
        intensity: 0.6,
        grainAmount: 0.15,
        grainTone: 'film',
        dust: 0.3,
      }),
      step('vibrance', { vibrance: -0.4 }),
    ]),
    recipe(
      msg('2012 square filter'),
      [step('pg2016', { filterName: '2014', vignetteStrength: 0.4 })],
      square,
    ),
    recipe(msg('Webcam 2008'), [step('laptopEffect', {}), step('jpegSimulation', { preset: 'low' })]),
    recipe(msg('First iPhone'), [step('iphone3Effect', { iphone3_dateStamp: false })]),
    recipe(msg('Over-compressed'), [step('jpegSimulation', { preset: 'low' })]),
    recipe(msg('Black and white grain'), [
      step('pg2016', { filterName: 'b&w', grainAmount: 0.3, grainTone: 'film' }),
    ]),
    recipe(msg('Bleach bypass'), [step('pg2016', { filterName: 'bleach_bypass', vignetteStrength: 0.3 })]),
    recipe(msg('Digicam with date'), [step('ccdEffect', { ccd_dateStamp: true })]),
    recipe(msg('Dreamy glow'), [
      step('smartBlur', { blurType: 'gaussian', applicationMode: 'vignette' }),
      step('vibrance', { vibrance: 0.3 }),
      step('dualVignetteEffect', {}),
    ]),
  ];
}
