import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { finalPass } from '../passes.ts';
import type { StageDefinition } from '../types.ts';

export interface BilateralParams {
  /** Spatial sigma in pixels of this image (default 2). */
  spatialSigma?: number;
  /** Range sigma on colour distance, 0..1 (default 0.1): differences well above it are kept as edges. */
  luminanceSigma?: number;
}

/** Neighbours each side at most: wider windows are sampled sparsely rather than read in full. */
const MAX_SIDE_TAPS = 6;
const TAP_ENTRIES = 8;

/**
 * Spatial taps for one pass, radius ceil(2 sigma): (offset, weight) in vec4s, the centre first. Offsets
 * step by ceil(radius / 6), so a pass reads at most 13 texels whatever the sigma.
 */
export function bilateralTaps(spatialSigma: number): { values: number[]; count: number } {
  const sigma = Math.max(0, Number.isFinite(spatialSigma) ? spatialSigma : 0);
  const values = new Array<number>(4 * TAP_ENTRIES).fill(0);
  values[1] = 1;
  if (sigma === 0) return { values, count: 1 };
  const radius = Math.ceil(2 * sigma);
  const stride = Math.ceil(radius / MAX_SIDE_TAPS);
  let count = 1;
  for (let offset = stride; offset <= radius; offset += stride) {
    values[4 * count] = offset;
    values[4 * count + 1] = Math.exp((-offset * offset) / (2 * sigma * sigma));
    count++;
  }
  return { values, count };
}

const UNIFORMS = [
  { name: 'taps', type: 'vec4fArray', length: TAP_ENTRIES },
  { name: 'tapCount', type: 'i32' },
  { name: 'rangeScale', type: 'f32' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type BilateralUniforms = UniformParams<typeof UNIFORMS>;

/**
 * Edge-preserving smoothing for the laptop-webcam look: a bilateral filter, run separably (rows, then
 * columns of the rows' 8-bit result) so that a pass reads 2 ceil(2 sigma) + 1 texels instead of the square.
 * Colour distance is the root mean square over r, g and b (a grey step of d is a distance of d).
 */
export const bilateralStage: StageDefinition<BilateralParams> = {
  name: 'bilateral',
  uniforms: UNIFORMS,
  entries: ['horizontal'],
  encode(encoder, input, params) {
    const { width, height } = input;
    const taps = bilateralTaps(params.spatialSigma ?? 2);
    const rangeSigma = Math.max(0.001, params.luminanceSigma ?? 0.1);
    // exp(-|d|^2 / 3 / (2 sigma_r^2)): the 1/3 takes the mean over the three channels.
    const uniforms = {
      taps: taps.values,
      tapCount: taps.count,
      rangeScale: 1 / (6 * rangeSigma * rangeSigma),
    };
    const rows = encoder.pass({
      entry: 'horizontal',
      inputs: [input],
      uniforms,
      width,
      height,
    });
    return finalPass(encoder, input, [rows], uniforms, [rows]);
  },
  // The furthest tap, along rows and then along columns.
  reach(params) {
    const { values, count } = bilateralTaps(params.spatialSigma ?? 2);
    return count > 1 ? Math.ceil(values[4 * (count - 1)] ?? 0) : 0;
  },
};
