import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { perPixelStage } from '../per-pixel.ts';
import type { Region } from '../types.ts';

export interface VignetteParams {
  /** 0 leaves the image alone; 1 reaches the full colour at the corners. */
  amount: number;
  /** Radius where the falloff starts: 0 at the centre, 1 at the corners. */
  size: number;
  /** Width of the falloff in the same units (a larger value is a gentler edge). */
  softness: number;
  /** 0 (the default): the falloff follows the frame's shape, an ellipse; 1: a circle. */
  roundness?: number;
  /** Colour the edge goes towards; black darkens. */
  color: readonly [number, number, number];
  /** 0 (the default): multiply (light falls off, tinted by the colour); 1: paint the colour over the edge. */
  blend?: 0 | 1;
}

/**
 * Per-axis factors that turn a texel's offset from the centre (in pixels) into the vignette radius: the
 * x axis is stretched by (width / height)^(1 - roundness) (so roundness 0 follows the frame and 1 is a
 * circle), and both are scaled so that the corners sit at 1.
 */
export function vignetteScale(width: number, height: number, roundness: number): [number, number] {
  const stretch = Math.pow(width / height, 1 - roundness);
  const corner = Math.hypot((0.5 * width) / stretch, 0.5 * height);
  return [1 / (stretch * corner), 1 / corner];
}

/**
 * The whole frame's vignetteScale, for the stages whose falloff is laid over the whole image, of which
 * the input may be a tile (the tile's `origin` and the frame's `fullSize` come from the region:
 * stageUniforms).
 */
export function frameScale(region: Region, roundness: number): [number, number] {
  return vignetteScale(region.fullWidth, region.fullHeight, roundness);
}

const UNIFORMS = [
  { name: 'color', type: 'vec3f' },
  { name: 'amount', type: 'f32' },
  { name: 'scale', type: 'vec2f' },
  { name: 'size', type: 'f32' },
  { name: 'softness', type: 'f32' },
  { name: 'blend', type: 'i32' },
  { name: 'origin', type: 'vec2i' },
  { name: 'fullSize', type: 'vec2i' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type VignetteUniforms = UniformParams<typeof UNIFORMS>;

/** One pointwise pass; see vignette.wgsl and .glsl. */
export const vignetteStage = perPixelStage<VignetteParams, typeof UNIFORMS>({
  name: 'vignette',
  uniforms: UNIFORMS,
  values: (params, region) => ({
    blend: params.blend ?? 0,
    // The falloff is laid over the whole image, of which the input may be a tile.
    scale: frameScale(region, params.roundness ?? 0),
  }),
  reach: () => 0,
});
