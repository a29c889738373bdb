import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { requestedSize, resamplePass } from '../passes.ts';
import type { StageDefinition } from '../types.ts';

/** The most samples a side of an output pixel takes in a reduction (8 x 8 bilinear taps). */
export const MAX_TRANSFORM_SAMPLES = 8;

export interface TransformParams {
  /** Output size in pixels; rounded, at least 1. */
  width: number;
  height: number;
  /**
   * Where each output position reads the input, as an affine map [a, b, c, d, e, f]: (x, y) reads
   * (a x + b y + c, d x + e y + f), pixel centres at i + 0.5 on both sides (src/crop/model/geometry.ts,
   * sourceMap, with the input's own offset taken off).
   */
  map: readonly number[];
}

/** How many samples a side an output pixel takes: one (a cubic) unless it covers several input pixels. */
export function transformSamples(map: readonly number[]): number {
  const [a = 1, b = 0, , d = 0, e = 1] = map;
  const scale = Math.max(Math.hypot(a, d), Math.hypot(b, e));
  return Math.min(MAX_TRANSFORM_SAMPLES, Math.max(1, Math.ceil(scale - 1e-6)));
}

const UNIFORMS = [
  { name: 'size', type: 'vec2i' },
  { name: 'samples', type: 'i32' },
  { name: 'rowX', type: 'vec3f' },
  { name: 'rowY', type: 'vec3f' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type TransformUniforms = UniformParams<typeof UNIFORMS>;

/**
 * Crop, quarter turns, flips and straightening in one pass: each output pixel reads the input
 * where the map sends it. At a scale of one input pixel per output pixel or less (a turn, a straighten,
 * a tight crop enlarged), the Catmull-Rom cubic of the 4 x 4 input pixels around that point; where an
 * output pixel covers more (a crop made smaller), the mean of n x n bilinear samples spread over its
 * footprint, n the input pixels it spans (at most 8), so a reduction does not alias. Positions past the
 * input's edge read its edge pixels.
 */
export const transformStage: StageDefinition<TransformParams> = {
  name: 'transform',
  uniforms: UNIFORMS,
  outputSize: requestedSize,
  encode(encoder, input, params) {
    const [a = 1, b = 0, c = 0, d = 0, e = 1, f = 0] = params.map;
    return resamplePass(encoder, input, requestedSize(params), {
      samples: transformSamples(params.map),
      rowX: [a, b, c],
      rowY: [d, e, f],
    });
  },
};
