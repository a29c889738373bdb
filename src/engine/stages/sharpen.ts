import { blurToFloat, GAUSSIAN_UNIFORMS, gaussianUniforms, planGaussian } from './gaussian-plan.ts';
import type { StageDefinition } from './types.ts';

export interface SharpenParams {
  /** 0 leaves the image alone; 1 is a strong sharpen with visible halos; more over-sharpens. */
  amount: number;
  /** Sigma of the unsharp mask's blur, in pixels of this image (default 1). */
  radius?: number;
}

/**
 * The unsharp mask's gain at amount 1: in + 2 (in - blur) gives the bright and dark rims along edges that
 * cheap cameras' in-camera sharpening leaves, still reading as a photo.
 */
export const SHARPEN_GAIN = 2;

/** Unsharp mask per channel: out = in + 2 amount (in - gaussian_radius(in)), clamped; alpha kept. */
export const sharpenStage: StageDefinition<SharpenParams> = {
  name: 'sharpen',
  uniforms: [...GAUSSIAN_UNIFORMS, { name: 'strength', type: 'f32' }],
  entries: ['down', 'blurH', 'blurVFloat', 'blurVSharpen'],
  encode(encoder, input, params) {
    const { width, height } = input;
    const plan = planGaussian(width, height, params.radius ?? 1);
    const strength = SHARPEN_GAIN * (Number.isFinite(params.amount) ? params.amount : 0);
    if (plan.factor === 1 && plan.blurs) {
      // Two passes: the column pass blurs and combines at once.
      const rows = encoder.pass({
        entry: 'blurH',
        inputs: [input],
        uniforms: { ...gaussianUniforms(plan, plan.horizontal), strength },
        width,
        height,
        format: 'rgba16float',
      });
      const output = encoder.pass({
        entry: 'blurVSharpen',
        inputs: [rows, input],
        uniforms: { ...gaussianUniforms(plan, plan.vertical), strength },
        width,
        height,
      });
      encoder.release(rows);
      return output;
    }
    const low = blurToFloat(encoder, input, plan, { strength });
    const output = encoder.pass({
      inputs: [input, low ?? input],
      uniforms: { ...gaussianUniforms(plan), strength },
      width,
      height,
    });
    if (low) encoder.release(low);
    return output;
  },
};
