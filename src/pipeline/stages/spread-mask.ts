/**
 * What the fringing and halation stages share: a mask of the input's highlights (each stage's `mask`
 * entry), spread by the separable gaussian of gaussian-pass-plan.ts, and a final pass that reads the image and
 * the spread mask. The gaussian's sigma is a fraction of the whole image's long side, so a tile of the
 * full-resolution export, a thumbnail and the full apply look alike.
 */
import type { GpuTexture } from '../texture.ts';
import type { UniformParams, UniformTable, UniformValues } from '../uniforms.ts';
import {
  GAUSSIAN_UNIFORMS,
  blurAndReadBack,
  gaussianReach,
  gaussianUniforms,
  planGaussian,
} from './gaussian-pass-plan.ts';
import type { PassEncoder, StageDefinition } from './types.ts';
import { type DerivedUniforms, type ValuesField, stageUniforms } from './uniform-values.ts';

/** A 0..1 param; anything not finite is 0 (leaves the image alone). */
export function unitAmount(amount: number): number {
  return Number.isFinite(amount) ? Math.min(1, Math.max(0, amount)) : 0;
}

/** A param held to `range`; `fallback` (its default) when absent or not finite. */
export function paramIn(param: number | undefined, range: readonly [number, number], fallback: number) {
  const value = param !== undefined && Number.isFinite(param) ? param : fallback;
  return Math.min(range[1], Math.max(range[0], value));
}

/** The gaussian's sigma in pixels for a radius that is a fraction of the long side of an image this size. */
export function spreadSigma(fraction: number, image: { width: number; height: number }): number {
  return fraction * Math.max(image.width, image.height);
}

/** How far the spread mask reads from a pixel, as a stage's `reach`. */
export function spreadReach(fraction: number, image: { width: number; height: number }): number {
  return gaussianReach(spreadSigma(fraction, image), 1, image);
}

/**
 * Runs `mask` on the input, the gaussian over the mask, and `main` on [input, spread mask]. `uniforms` are
 * the stage's own (after the gaussian's in its table).
 */
export function encodeSpreadMask(
  encoder: PassEncoder,
  input: GpuTexture,
  fraction: number,
  uniforms: UniformValues,
): GpuTexture {
  const { fullWidth, fullHeight } = encoder.region;
  const sigma = spreadSigma(fraction, { width: fullWidth, height: fullHeight });
  const plan = planGaussian(input.width, input.height, sigma, 1, encoder.region);
  const size = { width: input.width, height: input.height };
  const mask = encoder.pass({
    entry: 'mask',
    inputs: [input],
    uniforms: { ...uniforms, ...gaussianUniforms(plan) },
    ...size,
  });
  // With nothing to blur, main reads the mask back texel for texel.
  return blurAndReadBack(encoder, input, plan, uniforms, (blurred) => [input, blurred], {
    source: mask,
    done: [mask],
  });
}

/**
 * The uniforms every spread-mask stage declares first, in this order: the gaussian's, then the colour
 * the spread mask paints (`tint`), the stage's strength (`amount`, 0..1) and the gain on the spread mask.
 */
export const SPREAD_MASK_UNIFORMS = [
  ...GAUSSIAN_UNIFORMS,
  { name: 'tint', type: 'vec3f' },
  { name: 'amount', type: 'f32' },
  { name: 'gain', type: 'f32' },
] as const satisfies UniformTable;

export type SpreadMaskUniforms = UniformParams<typeof SPREAD_MASK_UNIFORMS>;

/** The params every spread-mask stage takes. */
export interface SpreadMaskParams {
  /** 0..1; anything not finite is 0 (unitAmount). */
  amount: number;
  /** The spread's sigma as a fraction of the whole image's long side; the stage's default when absent. */
  radius?: number;
}

/** What a spread-mask stage says of itself; spreadMaskStage makes the rest. */
export type SpreadMaskStage<P, T extends UniformTable> = {
  readonly name: string;
  /** Its own uniforms, after SPREAD_MASK_UNIFORMS ([] for none). */
  readonly uniforms: T;
  /** `radius`: its default and the range it is held to. */
  readonly radius: { readonly default: number; readonly range: readonly [number, number] };
  readonly tint: readonly [number, number, number];
  readonly gain: number;
} & ValuesField<P, T, (params: P) => DerivedUniforms<P, T>>;

/**
 * A stage that paints `tint` where its `mask` entry's highlights spread (encodeSpreadMask): its table is
 * SPREAD_MASK_UNIFORMS and its own, its `encode` and `reach` follow from the radius, its own uniforms
 * come from stageUniforms (the params of their names, else what `values` derives).
 */
export function spreadMaskStage<P extends SpreadMaskParams, T extends UniformTable>(
  stage: SpreadMaskStage<P, T>,
): StageDefinition<P> {
  const { name, uniforms, radius, tint, gain, values } = stage;
  const fraction = (params: P) => paramIn(params.radius, radius.range, radius.default);
  return {
    name,
    uniforms: [...SPREAD_MASK_UNIFORMS, ...uniforms],
    entries: ['mask', 'down', 'blurH', 'blurV'],
    encode(encoder, input, params) {
      // Without `values` every own uniform is given (ValuesField makes it optional only then).
      const derived = (values?.(params) ?? {}) as DerivedUniforms<P, T>;
      const own = stageUniforms(uniforms, params, encoder.region, derived);
      const common = { tint, amount: unitAmount(params.amount), gain };
      return encodeSpreadMask(encoder, input, fraction(params), { ...common, ...own });
    },
    reach: (params, image) => spreadReach(fraction(params), image),
  };
}
