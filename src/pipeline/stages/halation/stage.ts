import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { type SpreadMaskUniforms, paramIn, spreadMaskStage } from '../spread-mask.ts';

export interface HalationParams {
  /** 0 leaves the image alone; 1 a strong red rim (0..1). */
  amount: number;
  /** How far the glow reaches: the spread's sigma as a fraction of the long side (0.002..0.03). */
  radius?: number;
  /** Brightest-channel level where highlights start to glow (0.5..1; 1 is taken as 0.99). */
  threshold?: number;
}

export const HALATION_RADIUS = { default: 0.008, range: [0.002, 0.03] } as const;
export const HALATION_THRESHOLD = { default: 0.8, range: [0.5, 0.99] } as const;
/** The glow's colour: mostly the red layer, a little of the green, hardly any blue. */
export const HALATION_TINT = [1, 0.35, 0.1] as const;
/** The spread highlight's gain (the glow held to 1): half of it just outside an edge gives a clear rim. */
export const HALATION_GAIN = 1.5;

/** Its own uniforms, after SPREAD_MASK_UNIFORMS. */
const OWN_UNIFORMS = [{ name: 'threshold', type: 'f32' }] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type HalationUniforms = SpreadMaskUniforms & UniformParams<typeof OWN_UNIFORMS>;

/**
 * Halation: light that passes through the film's emulsion reflects off the base and comes back into the
 * layers from behind, the red-sensitive one first, so film draws a red-orange rim around highlights. Unlike
 * a bloom it does not whiten: the rim is red and lies outside the highlight. `mask` is the bright pass b =
 * smoothstep(threshold, 1, max channel), the gaussian of gaussian-pass-plan.ts spreads it by `radius`, and
 * `main` screens the tint on by h = min(1, amount 1.5 spread (1 - b(self))): out = in + h tint (1 - in).
 */
export const halationStage = spreadMaskStage<HalationParams, typeof OWN_UNIFORMS>({
  name: 'halation',
  uniforms: OWN_UNIFORMS,
  radius: HALATION_RADIUS,
  tint: HALATION_TINT,
  gain: HALATION_GAIN,
  values: (params) => ({
    threshold: paramIn(params.threshold, HALATION_THRESHOLD.range, HALATION_THRESHOLD.default),
  }),
});
