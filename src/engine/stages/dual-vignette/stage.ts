import type { UniformParams, UniformTable } from '../../uniforms.ts';
import type { StageDefinition } from '../types.ts';
import { framePlacement } from '../vignette/stage.ts';

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

/** One pointwise pass; see shaders/dual-vignette. */
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

export const dualVignetteStage: StageDefinition<DualVignetteParams> = {
  name: 'dual-vignette',
  perPixel: true,
  uniforms: UNIFORMS,
  encode(encoder, input, params) {
    // The rings are laid over the whole image, of which the input may be a tile.
    return encoder.pass({
      inputs: [input],
      uniforms: {
        innerColor: params.innerColor,
        innerSize: params.innerSize,
        outerColor: params.outerColor,
        outerSize: params.outerSize,
        innerStrength: params.innerStrength,
        innerSoftness: params.innerSoftness,
        outerStrength: params.outerStrength,
        outerSoftness: params.outerSoftness,
        ...framePlacement(encoder.region, params.roundness ?? 0),
      },
      width: input.width,
      height: input.height,
    });
  },
  reach: () => 0,
};
