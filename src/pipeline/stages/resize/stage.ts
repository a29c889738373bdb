import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { requestedSize, resamplePass } from '../passes.ts';
import type { StageDefinition } from '../types.ts';

export const RESIZE_AREA = 0;
export const RESIZE_NEAREST = 1;
export const RESIZE_SMOOTH = 2;

export interface ResizeParams {
  /** Output size in pixels; rounded, at least 1. */
  width: number;
  height: number;
  /**
   * 0 (area): coverage-weighted average of the source pixels under each output pixel, for reductions of
   * any ratio without aliasing; enlarging in this mode copies pixels like nearest neighbour, with the
   * seam pixels that straddle two sources blended by coverage. 1 (nearest): the source pixel under each
   * output pixel's centre, for the pixelated 2x upscale. 2 (smooth): for a photo at another size, as an
   * editor scales it: enlarging, the Catmull-Rom cubic of the 4 x 4 source pixels around each output
   * pixel's centre (sharp, without the blocks of nearest or area); reducing, area.
   */
  mode: number;
}

/** The shader's mode: nearest, cubic (a smooth enlargement) or area (any reduction, and the rest). */
function shaderMode(
  mode: number,
  input: { width: number; height: number },
  output: { width: number; height: number },
): number {
  if (mode === RESIZE_NEAREST) return RESIZE_NEAREST;
  const enlarging = output.width >= input.width && output.height >= input.height;
  return mode === RESIZE_SMOOTH && enlarging ? RESIZE_SMOOTH : RESIZE_AREA;
}

const UNIFORMS = [
  { name: 'size', type: 'vec2i' },
  { name: 'mode', type: 'i32' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type ResizeUniforms = UniformParams<typeof UNIFORMS>;

/** Resizes to any size in one pass (averages are taken in the stored sRGB values, as a canvas does). */
export const resizeStage: StageDefinition<ResizeParams> = {
  name: 'resize',
  uniforms: UNIFORMS,
  outputSize: requestedSize,
  encode(encoder, input, params) {
    const output = requestedSize(params);
    return resamplePass(encoder, input, output, { mode: shaderMode(params.mode, input, output) });
  },
};
