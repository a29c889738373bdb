/**
 * What the crop tool hands the editor: the geometry and the aspect the frame keeps. The
 * geometry is in the original's pixels (see geometry.ts), so the same choice crops the preview and the
 * full-resolution save alike.
 */
import { aspectRatio, centredRect, isIdentity, possibleAngle, turnedSize, uncropped } from './geometry.ts';
import type { CropChoice, CropRecipe, Size } from '../../edit/crop.ts';
import { msg, type Shown } from '../../i18n/msg.ts';
import { CROP_TEMPLATE } from '../../i18n/templates.ts';

/** The choice that changes nothing: the whole photo, free. */
export function noCrop(photo: Size): CropChoice {
  return { geometry: uncropped(photo), aspect: 'free', aspectTurned: false };
}

export function isNoCrop(choice: CropChoice, photo: Size): boolean {
  return isIdentity(choice.geometry, photo);
}

/** The step's name as Undo and Redo show it ('Crop 4:5', 'Crop'); null when `id` is not a crop's. */
export function cropStepName(id: string): Shown | null {
  if (id === 'crop') return msg('Crop');
  if (!id.startsWith('crop-')) return null;
  const aspect = id.slice('crop-'.length);
  return aspect === 'original'
    ? msg('Crop Original')
    : msg(CROP_TEMPLATE, { aspect: aspect.replace('-', ':') });
}

/**
 * The recipe on a photo of `photo` size (upright): the largest frame of its aspect, centred, at the
 * recipe's angle or, on a photo too thin for a frame of a pixel at it, the largest angle that leaves one.
 */
export function cropForPhoto(recipe: CropRecipe, photo: Size): CropChoice {
  const { aspect, aspectTurned, turns, flipH, flipV } = recipe;
  const view = turnedSize(photo, turns);
  const ratio = aspectRatio(aspect, view, aspectTurned);
  const angle = possibleAngle(view, recipe.angle, ratio);
  const rect = centredRect(view, angle, ratio);
  return { geometry: { turns, flipH, flipV, angle, rect }, aspect, aspectTurned };
}
