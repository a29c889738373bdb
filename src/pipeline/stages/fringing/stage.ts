import { type SpreadMaskUniforms, spreadMaskStage } from '../spread-mask.ts';

export interface FringingParams {
  /** 0 leaves the image alone; 1 turns the darkest pixels right at a clipped edge fully purple (0..1). */
  amount: number;
  /** How far the fringe reaches: the spread's sigma as a fraction of the long side (0.001..0.01). */
  radius?: number;
}

export const FRINGING_RADIUS = { default: 0.003, range: [0.001, 0.01] } as const;
/** The fringe's colour: the purple-blue of a compact camera's lateral chromatic aberration and blooming. */
export const FRINGING_TINT = [0.5, 0.2, 0.95] as const;
/**
 * The spread mask is doubled (and held to 1): just outside a clipped edge the gaussian of the mask is about
 * a half, and the fringe should be at full strength there, fading over a couple of radii. A larger gain
 * would also magnify the 8-bit spread mask's rounding: at 3 a tile of the export parts from the whole
 * image by 2 levels where the mask rounds a level apart.
 */
export const FRINGING_GAIN = 2;

/** What its shaders and CPU kernel read, typed from the table. */
export type FringingUniforms = SpreadMaskUniforms;

/**
 * Purple fringing: a cheap lens focuses blue and violet light a little apart from green, and a CCD's
 * clipped wells spill charge, so the dark side of an edge next to a blown highlight turns purple-blue.
 * `mask` marks clipped pixels (smoothstep(0.94, 0.99, max channel); 0 in a photo with nothing clipped,
 * which the stage then leaves exactly as it is), the gaussian of gaussian-pass-plan.ts spreads the mask by
 * `radius`, and `main` mixes towards the tint by weight = amount min(1, 2 spread) (1 - clip(self)) (1 -
 * luma): fringes fall around highlights, on dark pixels, never on the clipped pixels themselves.
 */
export const fringingStage = spreadMaskStage<FringingParams, readonly []>({
  name: 'fringing',
  uniforms: [],
  radius: FRINGING_RADIUS,
  tint: FRINGING_TINT,
  gain: FRINGING_GAIN,
});
