import {
  GAUSSIAN_UNIFORMS,
  type GaussianUniforms,
  blurAndReadBack,
  gaussianReach,
  planGaussian,
} from '../gaussian-pass-plan.ts';
import type { StageDefinition } from '../types.ts';

/** What its shaders and CPU kernel read: the gaussian's uniforms. */
export type BlurUniforms = GaussianUniforms;

export interface BlurParams {
  /** Standard deviation in pixels of this image. */
  sigma: number;
  /**
   * Blur at 1 / downsample of the resolution (at least 1), then read back bilinearly: the product's
   * gaussianDownsampleFactor. Wide sigmas are downsampled further on their own, invisibly.
   */
  downsample?: number;
}

/**
 * Separable gaussian blur, edges clamped. Two passes at full resolution (rows, then columns as the output
 * is written); four for wide sigmas, three of them at low resolution. See gaussian-pass-plan.ts.
 */
export const blurStage: StageDefinition<BlurParams> = {
  name: 'blur',
  uniforms: GAUSSIAN_UNIFORMS,
  entries: ['down', 'blurH', 'blurV'],
  encode(encoder, input, params) {
    const plan = planGaussian(
      input.width,
      input.height,
      params.sigma,
      params.downsample ?? 1,
      encoder.region,
    );
    // With nothing to blur, main reads the input back texel for texel: a copy.
    return blurAndReadBack(encoder, input, plan, {}, (blurred) => [blurred]);
  },
  reach: (params, image) => gaussianReach(params.sigma, params.downsample ?? 1, image),
};
