/**
 * The messages made from a template with `{name}` placeholders (`fill`) that reach the UI as English
 * text, made where no language is known (the intake's worker, the editor's pure rules) and translated
 * where shown: `translateMessage` recognises them by these. A new one is added here. No imports: the
 * intake's worker reads it.
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

/** The crop tool's notes (`src/crop/frame-edit.ts`). */
export const TOO_THIN_LEVEL_TEMPLATE = msg(
  'Too thin to straighten {asked}°: a frame of this shape would be under a pixel. It stays level.',
);
export const TOO_THIN_MOST_TEMPLATE = msg(
  'Too thin to straighten {asked}°: a frame of this shape would be under a pixel. Straightened {given}°, the most it allows.',
);
export const CROP_FRAME_TEMPLATE = msg('Crop frame {width} by {height} pixels, at {x}, {y}');
/** The crop tool's turn button ('Turn 4:5 to 5:4'). */
export const TURN_TEMPLATE = msg('Turn {from} to {to}');

export const TEMPLATES: readonly string[] = [
  TOO_LARGE_TEMPLATE,
  TOO_MANY_PIXELS_TEMPLATE,
  ZOOM_TEMPLATE,
  CROP_TEMPLATE,
  UPSCALE_TEMPLATE,
  TOO_THIN_LEVEL_TEMPLATE,
  TOO_THIN_MOST_TEMPLATE,
  CROP_FRAME_TEMPLATE,
  TURN_TEMPLATE,
];
