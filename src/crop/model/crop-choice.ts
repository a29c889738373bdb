/**
 * What the crop tool hands the editor: the geometry and the aspect the frame keeps. The
 * geometry is in the original's pixels (see geometry.ts), so the same choice crops the preview and the
 * full-resolution save alike.
 */
import {
  ASPECTS,
  aspectRatio,
  centredRect,
  isIdentity,
  possibleAngle,
  turnedSize,
  uncropped,
  type AspectId,
  type CropGeometry,
  type QuarterTurns,
  type Size,
} from './geometry.ts';
import { msg, type Shown } from '../../i18n/msg.ts';
import { CROP_TEMPLATE } from '../../i18n/templates.ts';

export interface CropChoice {
  geometry: CropGeometry;
  aspect: AspectId;
  /** The preset's sides swapped (4:5 shown as 5:4). */
  aspectTurned: boolean;
}

/** The choice that changes nothing: the whole photo, free. */
export function noCrop(photo: Size): CropChoice {
  return { geometry: uncropped(photo), aspect: 'free', aspectTurned: false };
}

export function isNoCrop(choice: CropChoice, photo: Size): boolean {
  return isIdentity(choice.geometry, photo);
}

/** The aspect as the user reads it: '1:1', '5:4' for a turned 4:5, 'Original', 'Free'. */
export function aspectLabel(aspect: AspectId, turned: boolean): string {
  const label = ASPECTS.find((a) => a.id === aspect)?.label ?? 'Free';
  if (!turned || !label.includes(':')) return label;
  const [w, h] = label.split(':');
  return `${h}:${w}`;
}

/**
 * The history step's id (what the worker's undo stack and a saved file's name carry): 'crop' for a free
 * frame, else 'crop-' and the aspect as the frame shows it ('crop-4-5', 'crop-5-4', 'crop-original').
 */
export function cropStepId(choice: CropChoice): string {
  if (choice.aspect === 'free') return 'crop';
  if (choice.aspect === 'original') return 'crop-original';
  return `crop-${aspectLabel(choice.aspect, choice.aspectTurned).replace(':', '-')}`;
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
 * A crop as another photo can take it: the aspect (centred, the largest of it), the turns, the flips and
 * the angle, but no pixel rectangle, which would not fit a photo of another size. 'Apply to all' in a
 * batch and a look link carry it.
 */
export interface CropRecipe {
  aspect: AspectId;
  aspectTurned: boolean;
  turns: QuarterTurns;
  flipH: boolean;
  flipV: boolean;
  angle: number;
}

export function recipeOf(choice: CropChoice): CropRecipe {
  const { turns, flipH, flipV, angle } = choice.geometry;
  return { aspect: choice.aspect, aspectTurned: choice.aspectTurned, turns, flipH, flipV, angle };
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

/** Whether the recipe changes a photo at all. */
export function isNoRecipe(recipe: CropRecipe): boolean {
  const { aspect, turns, flipH, flipV, angle } = recipe;
  return (aspect === 'free' || aspect === 'original') && turns === 0 && !flipH && !flipV && angle === 0;
}
