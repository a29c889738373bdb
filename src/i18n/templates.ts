/**
 * The messages with `{name}` placeholders that are made where no language is known (the workers, the
 * editor's pure rules, the recipe reader) as a message and its values (`msg(TEMPLATE, values)`), and
 * translated where they are shown (`translate`). Only `msg` is imported: the workers read it.
 */
import { msg } from './msg.ts';

export const TOO_LARGE_TEMPLATE = msg('File is too large ({size}MB). Maximum size is 20MB.');
export const TOO_MANY_PIXELS_TEMPLATE = msg(
  'Image is too large ({width}x{height} pixels, {megapixels} megapixels). Maximum is {maximum} megapixels.',
);
export const ZOOM_TEMPLATE = msg('{zoom}x Zoom');
/** A crop's step in the history ('Crop 4:5'). */
export const CROP_TEMPLATE = msg('Crop {aspect}');
/** Why the JPEG family's 2x upscale is off (its tooltip). */
export const UPSCALE_TEMPLATE = msg(
  'Upscaling 2x is disabled for resolutions above {limit}px (current: {resolution}px)',
);

/** The crop tool's notes (`src/crop/model/frame-edit.ts`). */
export const TOO_THIN_LEVEL_TEMPLATE = msg(
  'Too thin to straighten {asked}°: a frame of this shape would be under a pixel. It stays level.',
);
export const TOO_THIN_MOST_TEMPLATE = msg(
  'Too thin to straighten {asked}°: a frame of this shape would be under a pixel. Straightened {given}°, the most it allows.',
);
export const CROP_FRAME_TEMPLATE = msg('Crop frame {width} by {height} pixels, at {x}, {y}');
/** The crop tool's turn button ('Turn 4:5 to 5:4'). */
export const TURN_TEMPLATE = msg('Turn {from} to {to}');

/** A recipe as a step of the history, and in the batch's look choice ('Recipe: Party 2005'). */
export const RECIPE_STEP_TEMPLATE = msg('Recipe: {name}');
export const RECIPE_OFFERED_TEMPLATE = msg('Someone shared “{name}”. Choose a photo to try it.');
/** The recipes' notifications (`src/recipes/ui/recipe-book.ts`). */
export const RECIPE_SAVED_TEMPLATE = msg('Saved the recipe "{name}".');
export const RECIPE_ADDED_TEMPLATE = msg('Added the recipe "{name}".');
export const RECIPE_KEPT_TEMPLATE = msg('Added the recipe "{name}" to your recipes.');
export const RECIPE_APPLIED_TEMPLATE = msg('Applied the recipe "{name}".');
export const RECIPE_DELETED_TEMPLATE = msg('Deleted the recipe "{name}".');
export const RECIPE_REPLACED_TEMPLATE = msg('Replaced your recipe with the imported "{name}".');
/** An import of a recipe the user already has, by name or by content: the question it asks. */
export const RECIPE_SAME_NAME_TEMPLATE = msg(
  'You already have a recipe named "{name}". Keep both, or replace yours with the imported one?',
);
export const RECIPE_SAME_CONTENT_TEMPLATE = msg(
  'You already have this recipe, named "{name}". Keep both, or replace yours with the imported one?',
);
/**
 * Why a recipe file or link was refused (`src/recipes/model/parse.ts`). A `{reason}` is itself a message,
 * translated on its own.
 */
export const RECIPE_TOO_LARGE_TEMPLATE = msg(
  'This recipe file is too large ({size} MB): a recipe is at most {limit} MB. Nothing was changed.',
);
export const RECIPE_NEWER_TEMPLATE = msg(
  'This recipe was made by a newer RetroCam (recipe version {version}; this one reads version {reads}). Reload the page to update RetroCam, then try again.',
);
export const RECIPE_NO_STEPS_TEMPLATE = msg('The recipe "{name}" has no list of steps.');
export const RECIPE_TOO_MANY_STEPS_TEMPLATE = msg(
  'The recipe "{name}" has {count} steps: a recipe has at most {limit}.',
);
export const RECIPE_BAD_CROP_TEMPLATE = msg('The recipe "{name}" has a crop that is not valid.');
export const RECIPE_BAD_FRAME_TEMPLATE = msg('The recipe "{name}" has a frame that is not valid.');
export const RECIPE_UNKNOWN_FRAME_TEMPLATE = msg(
  'The recipe "{name}" uses a frame this RetroCam does not have ("{frame}"). Nothing was changed.',
);
export const RECIPE_STEP_PROBLEM_TEMPLATE = msg('The recipe "{name}", step {step}: {reason}');
export const RECIPE_PROBLEM_TEMPLATE = msg('The recipe "{name}": {reason}');
export const RECIPE_UNKNOWN_EFFECT_TEMPLATE = msg(
  'it uses an effect this RetroCam does not have ("{effect}").',
);
export const RECIPE_CUBE_UNUSABLE_TEMPLATE = msg('its .cube file cannot be used: {reason}');
export const RECIPE_ADJUSTED_ONE_TEMPLATE = msg(
  'In the recipe "{name}", 1 of its settings was out of range or unreadable: set to the nearest usable value.',
);
export const RECIPE_ADJUSTED_TEMPLATE = msg(
  'In the recipe "{name}", {count} of its settings were out of range or unreadable: set to the nearest usable value.',
);
/** The .cube export's (`src/engine/worker/cube-export.ts`). */
export const CUBE_EXPORT_TOO_MANY_TEMPLATE = msg('A recipe of more than {limit} steps cannot be exported.');
/** The worker's, when a recipe's steps fail (`src/engine/worker/handlers.ts`). */
export const RECIPE_NOT_APPLIED_TEMPLATE = msg('The recipe could not be applied: {reason}');
export const COLOUR_NOT_EXPORTED_TEMPLATE = msg('The colour could not be exported: {reason}');

/** The engine's, when GPU backends drew the self-test wrong (`src/engine/client/left-backends.ts`). */
export const LEFT_ONE_TEMPLATE = msg(
  '{left} drew a test picture wrong on this device, so effects run on {running}.',
);
export const LEFT_ONE_CPU_TEMPLATE = msg(
  '{left} drew a test picture wrong on this device, so effects run on the CPU.',
);
export const LEFT_TWO_CPU_TEMPLATE = msg(
  '{first} and {second} drew a test picture wrong on this device, so effects run on the CPU.',
);

/** Why a .cube file cannot be used (`src/grading/cube.ts`); keywords and tokens are data. */
export const CUBE_TOO_LARGE_TEMPLATE = msg(
  'This .cube file is too large ({size} MB). The largest LUT supported (LUT_3D_SIZE {largest}) fits in {limit} MB.',
);
export const CUBE_VALUE_NOT_NUMBER_TEMPLATE = msg(
  'Line {line} of this .cube file: value ‘{token}’ is not a number.',
);
export const CUBE_KEYWORD_NOT_NUMBER_TEMPLATE = msg(
  'Line {line} of this .cube file: {keyword} ‘{token}’ is not a number.',
);
export const CUBE_KEYWORD_AFTER_TABLE_TEMPLATE = msg(
  'Line {line} of this .cube file: ‘{keyword}’ comes after the table has started; keywords must come first.',
);
export const CUBE_SIZE_NOT_WHOLE_TEMPLATE = msg(
  'Line {line} of this .cube file: LUT_3D_SIZE must be one whole number, got ‘{value}’.',
);
export const CUBE_SIZE_RANGE_TEMPLATE = msg(
  'This .cube file has LUT_3D_SIZE {size}; sizes from {min} to {max} are supported.',
);
export const CUBE_DOMAIN_COUNT_TEMPLATE = msg(
  'Line {line} of this .cube file: {keyword} needs 3 numbers, got {count}.',
);
export const CUBE_RANGE_COUNT_TEMPLATE = msg(
  'Line {line} of this .cube file: LUT_3D_INPUT_RANGE needs 2 numbers, got {count}.',
);
export const CUBE_ENTRY_COUNT_TEMPLATE = msg(
  'Line {line} of this .cube file has {count} values; each entry needs 3 (red, green, blue).',
);
export const CUBE_TOO_MANY_ENTRIES_TEMPLATE = msg(
  'Line {line} of this .cube file: more than the {entries} entries LUT_3D_SIZE {size} declares.',
);
export const CUBE_ENTRIES_TEMPLATE = msg(
  'This .cube file has {entries} entries, expected {expected} for LUT_3D_SIZE {size}.',
);

/** The error catalogue's messages with a reason (product spec section 8), and the Apply notice. */
export const WORKER_ERROR_TEMPLATE = msg('Worker error: {message}');
export const WORKER_CODE_TEMPLATE = msg("Worker error: the effect engine's code did not load ({reason})");
export const OFFSCREEN_TRANSFER_TEMPLATE = msg('OffscreenCanvas transfer failed: {reason}');
export const CREATE_WORKER_TEMPLATE = msg('Failed to create Web Worker: {reason}');
export const LOAD_IMAGE_FAILED_TEMPLATE = msg('Failed to load image: {reason}');
export const PROCESSING_FAILED_TEMPLATE = msg('Image processing failed: {reason}');
export const MALFORMED_REQUEST_TEMPLATE = msg('the effect engine refused a malformed {request} request.');
export const COMMIT_COLLAGE_TEMPLATE = msg('Failed to commit collage: {reason}');
/** An effect applied ('Applied CCD.'): `{effect}` is the effect's name, itself a message. */
export const APPLIED_TEMPLATE = msg('Applied {effect}.');
