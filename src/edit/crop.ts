/**
 * The crop as the edit holds it and the worker renders it: the geometry (in the original's pixels, see
 * src/crop/model/geometry.ts for how it maps the photo) and the aspect the frame keeps. The values only:
 * the crop's rules and its tool are the crop's own (src/crop).
 */
import { msg } from '../i18n/msg.ts';

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type QuarterTurns = 0 | 1 | 2 | 3;

export interface CropGeometry {
  /** Quarter turns clockwise. */
  turns: QuarterTurns;
  flipH: boolean;
  flipV: boolean;
  /** Straighten, degrees clockwise, -45 to 45. */
  angle: number;
  /** The cut, in the turned photo's pixels (see the module's comment). */
  rect: Rect;
}

export const MAX_STRAIGHTEN = 45;

/**
 * The smallest side a frame may have, in the original's pixels: the engine makes no crop under a pixel
 * (the protocol refuses such a frame), so no tool, link or recipe may hand it one.
 */
export const MIN_FRAME_SIDE = 1;

/** The frame's aspect presets, as the testing contract names them; `ratio` is width / height. */
export const ASPECTS = [
  { id: 'free', label: msg('Free'), ratio: null },
  { id: 'original', label: msg('Original'), ratio: null },
  { id: '1-1', label: '1:1', ratio: 1 },
  { id: '4-5', label: '4:5', ratio: 4 / 5 },
  { id: '3-4', label: '3:4', ratio: 3 / 4 },
  { id: '4-3', label: '4:3', ratio: 4 / 3 },
  { id: '2-3', label: '2:3', ratio: 2 / 3 },
  { id: '3-2', label: '3:2', ratio: 3 / 2 },
  { id: '9-16', label: '9:16', ratio: 9 / 16 },
  { id: '16-9', label: '16:9', ratio: 16 / 9 },
] as const;

export type AspectId = (typeof ASPECTS)[number]['id'];

export interface CropChoice {
  geometry: CropGeometry;
  aspect: AspectId;
  /** The preset's sides swapped (4:5 shown as 5:4). */
  aspectTurned: boolean;
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

/** Whether the recipe changes a photo at all. */
export function isNoRecipe(recipe: CropRecipe): boolean {
  const { aspect, turns, flipH, flipV, angle } = recipe;
  return (aspect === 'free' || aspect === 'original') && turns === 0 && !flipH && !flipV && angle === 0;
}
