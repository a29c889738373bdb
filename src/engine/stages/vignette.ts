import type { StageDefinition } from './types.ts';

export interface VignetteParams {
  /** 0 leaves the image alone; 1 reaches the full colour at the corners. */
  amount: number;
  /** Radius where the falloff starts: 0 at the centre, 1 at the corners. */
  size: number;
  /** Width of the falloff in the same units (a larger value is a gentler edge). */
  softness: number;
  /** 0: the falloff follows the frame's shape (an ellipse); 1: a circle. */
  roundness: number;
  /** Colour the edge goes towards; black darkens. */
  color: readonly [number, number, number];
  /** 0: multiply (light falls off, tinted by the colour); 1: paint the colour over the edge. */
  blend: 0 | 1;
}

/** One pointwise pass; see shaders/vignette. */
export const vignetteStage: StageDefinition<VignetteParams> = {
  name: 'vignette',
  uniforms: [
    { name: 'color', type: 'vec3f' },
    { name: 'amount', type: 'f32' },
    { name: 'size', type: 'f32' },
    { name: 'softness', type: 'f32' },
    { name: 'roundness', type: 'f32' },
    { name: 'blend', type: 'i32' },
  ],
  encode(encoder, input, params) {
    return encoder.pass({
      inputs: [input],
      uniforms: {
        color: params.color,
        amount: params.amount,
        size: params.size,
        softness: params.softness,
        roundness: params.roundness,
        blend: params.blend,
      },
      width: input.width,
      height: input.height,
    });
  },
};
