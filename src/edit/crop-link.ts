/**
 * A crop in a look link: `crop=<aspect>` (a preset's id, its sides swapped for a turned one:
 * `crop=5-4`), `turn=<quarter turns clockwise>`, `flip=h|v|hv`, `angle=<degrees>`. The aspect, not a
 * pixel rectangle, which would not fit another photo: the link's photo gets the largest frame of it,
 * centred (cropForPhoto). Values that do not parse are left out, as a look link's unknown settings are.
 */
import {
  ASPECTS,
  isNoRecipe,
  MAX_STRAIGHTEN,
  type AspectId,
  type CropRecipe,
  type QuarterTurns,
} from './crop.ts';

export const CROP_LINK_PARAMS = ['crop', 'turn', 'flip', 'angle'] as const;

function aspectOf(value: string | null): { aspect: AspectId; aspectTurned: boolean } | null {
  if (!value) return null;
  const exact = ASPECTS.find((a) => a.id === value);
  if (exact) return { aspect: exact.id, aspectTurned: false };
  // Two sides and nothing more: '1-1-1' is no aspect, not 1:1.
  const sides = value.split('-');
  if (sides.length !== 2) return null;
  const [w, h] = sides;
  const turned = ASPECTS.find((a) => a.id === `${h}-${w}`);
  return turned ? { aspect: turned.id, aspectTurned: true } : null;
}

/** The crop a link asks for, or null when it asks for none. */
export function parseCropParams(params: URLSearchParams): CropRecipe | null {
  const aspect = aspectOf(params.get('crop')) ?? { aspect: 'free' as const, aspectTurned: false };
  const turn = Number(params.get('turn') ?? 0);
  const turns = (Number.isInteger(turn) && turn >= 0 && turn <= 3 ? turn : 0) as QuarterTurns;
  const flip = params.get('flip') ?? '';
  const rawAngle = Number(params.get('angle') ?? 0);
  const angle = Number.isFinite(rawAngle) ? Math.max(-MAX_STRAIGHTEN, Math.min(MAX_STRAIGHTEN, rawAngle)) : 0;
  const recipe: CropRecipe = {
    ...aspect,
    turns,
    flipH: /^(h|hv|vh)$/.test(flip) && flip.includes('h'),
    flipV: /^(v|hv|vh)$/.test(flip) && flip.includes('v'),
    angle: Math.round(angle * 10) / 10,
  };
  return isNoRecipe(recipe) ? null : recipe;
}

/** Writes `recipe` into `params` (replacing any crop there). */
export function writeCropParams(params: URLSearchParams, recipe: CropRecipe | null): void {
  for (const key of CROP_LINK_PARAMS) params.delete(key);
  if (!recipe || isNoRecipe(recipe)) return;
  if (recipe.aspect !== 'free') {
    const [w, h] = recipe.aspect.split('-');
    params.set('crop', recipe.aspectTurned && h ? `${h}-${w}` : recipe.aspect);
  }
  if (recipe.turns) params.set('turn', String(recipe.turns));
  const flip = `${recipe.flipH ? 'h' : ''}${recipe.flipV ? 'v' : ''}`;
  if (flip) params.set('flip', flip);
  if (recipe.angle) params.set('angle', String(Math.round(recipe.angle * 10) / 10));
}
