import { blurToFloat, GAUSSIAN_UNIFORMS, gaussianUniforms, planGaussian } from './gaussian-plan.ts';
import type { StageDefinition } from './types.ts';

export interface BlurParams {
  /** Standard deviation in pixels of this image. */
  sigma: number;
  /**
   * Blur at 1 / downsample of the resolution (at least 1), then read back bilinearly: the product's
   * gaussianDownsampleFactor. Wide sigmas are downsampled further on their own, invisibly.
   */
  downsample?: number;
}

/** Separable gaussian blur, edges clamped. See gaussian-plan.ts for how wide sigmas stay cheap. */
export const blurStage: StageDefinition<BlurParams> = {
  name: 'blur',
  uniforms: GAUSSIAN_UNIFORMS,
  entries: ['down', 'blurH', 'blurV', 'blurVFloat'],
  encode(encoder, input, params) {
    const { width, height } = input;
    const plan = planGaussian(width, height, params.sigma, params.downsample ?? 1);
    if (plan.factor === 1 && plan.blurs) {
      // Two passes: the vertical one writes the result directly.
      const horizontal = encoder.pass({
        entry: 'blurH',
        inputs: [input],
        uniforms: gaussianUniforms(plan, plan.horizontal),
        width,
        height,
        format: 'rgba16float',
      });
      const output = encoder.pass({
        entry: 'blurV',
        inputs: [horizontal],
        uniforms: gaussianUniforms(plan, plan.vertical),
        width,
        height,
      });
      encoder.release(horizontal);
      return output;
    }
    const low = blurToFloat(encoder, input, plan);
    // With no blur to run at full resolution, main reads the input back texel for texel: a copy.
    const output = encoder.pass({
      inputs: [low ?? input],
      uniforms: gaussianUniforms(plan),
      width,
      height,
    });
    if (low) encoder.release(low);
    return output;
  },
};
