import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { perPixelStage } from '../per-pixel.ts';

export interface GrainParams {
  /** Strength: the largest change of a channel, in 0..1 units, at mid-grey. */
  amount: number;
  /** Grain size in pixels of this image (the effect derives it from the image size). */
  size: number;
  /** Fixed per look, so that the grain does not shimmer as settings change. */
  seed: number;
}

const UNIFORMS = [
  { name: 'amount', type: 'f32' },
  { name: 'size', type: 'f32' },
  { name: 'seed', type: 'u32' },
  { name: 'origin', type: 'vec2i' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type GrainUniforms = UniformParams<typeof UNIFORMS>;

export const grainStage = perPixelStage<GrainParams, typeof UNIFORMS>({
  name: 'grain',
  uniforms: UNIFORMS,
  values: (params) => ({ size: Math.max(1, params.size) }),
  // Pointwise; the lattice is placed by the region's origin.
  reach: () => 0,
});
