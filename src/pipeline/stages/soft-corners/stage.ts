import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { GAUSSIAN_UNIFORMS, blurAndReadBack, gaussianReach, planGaussian } from '../gaussian-pass-plan.ts';
import { frameScale } from '../vignette/stage.ts';
import { stageUniforms } from '../uniform-values.ts';
import type { StageDefinition } from '../types.ts';

export interface SoftCornersParams {
  /** 0 leaves the image alone; 1 blurs the corners fully. */
  amount: number;
  /** The blur's sigma as a fraction of the whole image's long side. */
  radius: number;
}

/** Where the softening starts and how wide it ramps, in the vignette's radius (0 centre, 1 corners). */
const START = 0.4;
const RAMP = 0.6;

/** The blur's sigma in pixels of an image whose long side is `longSide`. */
function sigmaFor(params: SoftCornersParams, longSide: number): number {
  return Math.max(0, params.radius) * longSide;
}

/** Its own uniforms, after the gaussian's. */
const OWN_UNIFORMS = [
  { name: 'amount', type: 'f32' },
  { name: 'start', type: 'f32' },
  { name: 'ramp', type: 'f32' },
  { name: 'scale', type: 'vec2f' },
  { name: 'origin', type: 'vec2i' },
  { name: 'fullSize', type: 'vec2i' },
] as const satisfies UniformTable;

const UNIFORMS = [...GAUSSIAN_UNIFORMS, ...OWN_UNIFORMS] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type SoftCornersUniforms = UniformParams<typeof UNIFORMS>;

/**
 * A fixed-focus phone lens: sharp in the middle, soft towards the corners (field curvature). The image is
 * mixed with its gaussian blur by a smoothstep of the vignette radius, laid over the whole frame: two passes
 * at full resolution (rows, then the columns blurred and mixed), or the blur's low-resolution path when
 * the radius is wide.
 */
export const softCornersStage: StageDefinition<SoftCornersParams> = {
  name: 'soft-corners',
  uniforms: UNIFORMS,
  entries: ['down', 'blurH', 'blurV'],
  encode(encoder, input, params) {
    const { region } = encoder;
    const sigma = sigmaFor(params, Math.max(region.fullWidth, region.fullHeight));
    const plan = planGaussian(input.width, input.height, sigma, 1, region);
    const amount = Number.isFinite(params.amount) ? Math.min(1, Math.max(0, params.amount)) : 0;
    const extra = stageUniforms(OWN_UNIFORMS, params, region, {
      amount,
      start: START,
      ramp: RAMP,
      scale: frameScale(region, 0),
    });
    return blurAndReadBack(encoder, input, plan, extra, (blurred) => [input, blurred]);
  },
  reach: (params, image) => gaussianReach(sigmaFor(params, Math.max(image.width, image.height)), 1, image),
};
