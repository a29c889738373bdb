import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { perPixelStage } from '../per-pixel.ts';
import { frameScale } from '../vignette/stage.ts';

type Rgb = readonly [number, number, number];

/**
 * Two rings: the inner one (nearer the centre, usually a light colour at a low strength) washes the image
 * towards its colour, the outer one (usually black at a high strength) paints the rim. Sizes and
 * softnesses are radii normalised to the corners (0 centre, 1 corner), as in the vignette stage.
 */
export interface DualVignetteParams {
  innerSize: number;
  innerStrength: number;
  innerColor: Rgb;
  innerSoftness: number;
  outerSize: number;
  outerStrength: number;
  outerColor: Rgb;
  outerSoftness: number;
  /** 0 (the default): the rings follow the frame's shape; 1: circles. */
  roundness?: number;
}

const UNIFORMS = [
  { name: 'innerColor', type: 'vec3f' },
  { name: 'innerSize', type: 'f32' },
  { name: 'outerColor', type: 'vec3f' },
  { name: 'outerSize', type: 'f32' },
  { name: 'innerStrength', type: 'f32' },
  { name: 'innerSoftness', type: 'f32' },
  { name: 'outerStrength', type: 'f32' },
  { name: 'outerSoftness', type: 'f32' },
  { name: 'scale', type: 'vec2f' },
  { name: 'origin', type: 'vec2i' },
  { name: 'fullSize', type: 'vec2i' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type DualVignetteUniforms = UniformParams<typeof UNIFORMS>;

/** One pointwise pass; see dual-vignette.wgsl and .glsl. */
export const dualVignetteStage = perPixelStage<DualVignetteParams, typeof UNIFORMS>({
  name: 'dual-vignette',
  uniforms: UNIFORMS,
  // The rings are laid over the whole image, of which the input may be a tile.
  values: (params, region) => ({ scale: frameScale(region, params.roundness ?? 0) }),
  reach: () => 0,
});
