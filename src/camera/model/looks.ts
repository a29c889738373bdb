/**
 * What the viewfinder can shoot through: the camera effects and the other worker looks at their defaults,
 * then each Filters look. Each is an effect id with settings, as a look link carries them; the user's kept
 * recipes join them (recipe-looks.ts).
 */
import { EFFECTS } from '../../effects/index.ts';
import type { EffectSettings } from '../../engine/protocol.ts';
import { LOOKS } from '../../grading/looks/index.ts';
import { msg } from '../../i18n/msg.ts';
import type { Recipe } from '../../edit/recipe.ts';

export interface CameraLook {
  /** Unique among the looks: the effect id, or `pg2016:<look>` for a Filters look. */
  key: string;
  label: string;
  /** Null: the frames as the camera gives them. */
  effectId: string | null;
  settings: EffectSettings;
  /** A kept recipe: its steps run in order in place of `effectId`; its label is its name (not translated). */
  recipe?: Recipe;
}

/**
 * Not looks to shoot through: effects that need the user's hand (a painted mask, a collage), vibrance (an
 * adjustment, which does nothing at its default), and Filters, whose looks are listed one by one.
 */
const NOT_LIVE = new Set(['smartBlur', 'collageEffect', 'vibrance', 'pg2016']);

export const CAMERA_LOOKS: readonly CameraLook[] = [
  { key: 'none', label: msg('No look'), effectId: null, settings: {} },
  ...EFFECTS.filter((effect) => effect.runsOn === 'worker' && !NOT_LIVE.has(effect.id)).map((effect) => ({
    key: effect.id,
    label: effect.name,
    effectId: effect.id,
    settings: {},
  })),
  ...LOOKS.map((look) => ({
    key: `pg2016:${look.name}`,
    label: look.label,
    effectId: 'pg2016',
    settings: { filterName: look.name },
  })),
];

/** The look a camera opens with: the CCD digicam, the product's signature. */
export const DEFAULT_CAMERA_LOOK = 'ccdEffect';

export function findCameraLook(key: string | null | undefined): CameraLook | undefined {
  return CAMERA_LOOKS.find((look) => look.key === key);
}
