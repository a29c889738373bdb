import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { unitAmount } from '../spread-mask.ts';
import { finalPass, passThenRelease } from '../passes.ts';
import type { StageDefinition } from '../types.ts';

export interface SmearParams {
  /** 0 leaves the image alone; 1 draws the stripes at full strength (0..1). */
  amount: number;
}

/**
 * How fast a column's stripe saturates with the share of it that is clipped: strength = 1 - exp(-gain
 * share). A point light clipped over 0.5 % of the column's height gives 0.53, a clearly visible stripe;
 * 2 % gives 0.95, and a fully blown column saturates.
 */
export const SMEAR_GAIN = 150;
/**
 * Where much of a column clips, the stripe fades again: strength x exp(-share / SMEAR_AREA). Smear is
 * charge from light far over the clip during readout; a point light (a lamp, the sun's glint) is that, a
 * blown sky, wall or white shirt, clipping over a few per cent of the column, is lit only just over it and
 * smears little. At 0.5 % of the column the stripe is 0.38 strong, at 2 % 0.25, at 5 % 0.03: at 0.05 (first
 * tried) kodim05's white helmets and shirts striped the whole frame at CCD's default.
 */
export const SMEAR_AREA = 0.015;
/** Sigma of the stripe's softening across columns, as a fraction of the image's long side. */
export const SMEAR_SOFTNESS = 0.0015;
/** The stripe's colour: a faint magenta-white, as CCD smear reads on a compact camera's screen. */
export const SMEAR_TINT = [1, 0.85, 1] as const;

const UNIFORMS = [
  { name: 'tint', type: 'vec3f' },
  { name: 'amount', type: 'f32' },
  { name: 'gain', type: 'f32' },
  { name: 'sigma', type: 'f32' },
  { name: 'radius', type: 'i32' },
  { name: 'area', type: 'f32' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type SmearUniforms = UniformParams<typeof UNIFORMS>;

/**
 * CCD smear: while a CCD shifts its charge down the columns to be read, a clipped point light keeps
 * pouring charge into every well that passes under it, so its whole column gets a faint bright stripe.
 * The stripe's strength follows how much of the column is clipped (clip = smoothstep(0.94, 0.99, max
 * channel), 0 in a photo with nothing clipped): `columns` sums each column into a width x 1 float texture,
 * `spread` softens that row by a gaussian of SMEAR_SOFTNESS of the long side (a stripe is a couple of
 * pixels wide, whatever the image's size) and saturates it, and `main` screens the tinted stripe over the
 * full height: out = in + amount strength tint (1 - in).
 *
 * No `reach`: a pixel's stripe depends on its whole column, so the stage needs the whole frame at once
 * (the full-resolution export runs it on the whole image).
 */
export const smearStage: StageDefinition<SmearParams> = {
  name: 'smear',
  uniforms: UNIFORMS,
  entries: ['columns', 'spread'],
  encode(encoder, input, params) {
    const sigma = SMEAR_SOFTNESS * Math.max(input.width, input.height);
    const uniforms = {
      tint: SMEAR_TINT,
      amount: unitAmount(params.amount),
      gain: SMEAR_GAIN,
      sigma,
      radius: Math.ceil(3 * sigma),
      area: SMEAR_AREA,
    };
    const row = { width: input.width, height: 1, format: 'rgba16float' as const, uniforms };
    const columns = encoder.pass({ entry: 'columns', inputs: [input], ...row });
    const stripes = passThenRelease(encoder, { entry: 'spread', inputs: [columns], ...row }, [columns]);
    return finalPass(encoder, input, [input, stripes], uniforms, [stripes]);
  },
};
