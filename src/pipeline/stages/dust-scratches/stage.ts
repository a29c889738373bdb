import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { perPixelStage } from '../per-pixel.ts';

/**
 * The accidents of a film print: dust, hairs and scratches. Dust on the negative blocks light, so it
 * prints as light specks; dust and hairs on the print itself are dark. A scratch in the negative's base
 * runs along the film as it was wound, a thin light line most of the frame's height, wobbling slightly
 * with the film's path.
 *
 * Every pixel works out what covers it without a list of primitives: the whole image is laid with a
 * grid of square cells, 3 % of its long side, each holding at most one speck or hair whose position,
 * size and shape come from the integer hash of the cell and the seed. A primitive stays within a cell's
 * width of its centre, so a pixel need only look at its own cell and the eight around it. Scratches come
 * from columns 5 % of the long side wide, each holding at most one, kept inside its column, so a pixel
 * looks at its own column only. Sizes are fractions of the long side, so a thumbnail and a tile of the
 * full-resolution export show what the whole image shows.
 */
export interface DustScratchesParams {
  /** 0..1: how many accidents and how opaque they are together; 0 leaves the image unchanged. */
  amount: number;
  /** Which accidents: fixed per look, so they stay put as settings change. */
  seed: number;
}

const UNIFORMS = [
  { name: 'amount', type: 'f32' },
  { name: 'seed', type: 'u32' },
  { name: 'origin', type: 'vec2i' },
  { name: 'fullSize', type: 'vec2i' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type DustScratchesUniforms = UniformParams<typeof UNIFORMS>;

/** One pointwise pass; see dust-scratches.wgsl and .glsl. */
export const dustScratchesStage = perPixelStage<DustScratchesParams, typeof UNIFORMS>({
  name: 'dust-scratches',
  uniforms: UNIFORMS,
  values: (params) => ({ amount: Math.min(1, Math.max(0, params.amount)) }),
  // Pointwise: a pixel reads only itself; the grid is placed by the region.
  reach: () => 0,
});
