/**
 * What the fringing and halation stages share: a mask of the input's highlights (each stage's `mask`
 * entry), spread by the separable gaussian of gaussian-plan.ts, and a final pass that reads the image and
 * the spread mask. The gaussian's sigma is a fraction of the whole image's long side, so a tile of the
 * full-resolution export, a thumbnail and the full apply look alike.
 */
import type { GpuTexture } from '../backend.ts';
import type { UniformValues } from '../uniforms.ts';
import { blurAndReadBack, gaussianReach, gaussianUniforms, planGaussian } from './gaussian-plan.ts';
import type { PassEncoder } from './types.ts';

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
