import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { GAUSSIAN_UNIFORMS, blurAndReadBack, gaussianReach, planGaussian } from '../gaussian-pass-plan.ts';
import type { StageDefinition } from '../types.ts';

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

const UNIFORMS = [...GAUSSIAN_UNIFORMS, { name: 'strength', type: 'f32' }] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type SharpenUniforms = UniformParams<typeof UNIFORMS>;

/**
 * Unsharp mask per channel: out = in + 2 amount (in - gaussian_radius(in)), clamped; alpha kept. Two
 * passes at full resolution: rows, then the columns blurred and combined as the output is written.
 */
export const sharpenStage: StageDefinition<SharpenParams> = {
  name: 'sharpen',
  uniforms: UNIFORMS,
  entries: ['down', 'blurH', 'blurV'],
  encode(encoder, input, params) {
    const plan = planGaussian(input.width, input.height, params.radius ?? 1, 1, encoder.region);
    const strength = SHARPEN_GAIN * (Number.isFinite(params.amount) ? params.amount : 0);
    return blurAndReadBack(encoder, input, plan, { strength }, (blurred) => [input, blurred]);
  },
  reach: (params, image) => gaussianReach(params.radius ?? 1, 1, image),
};
