import { BLOCK_UNIFORMS, type BlockUniforms, blockGrid, blockMeans, blockUniforms } from '../pixel-blocks.ts';
import { finalPass } from '../passes.ts';
import type { StageDefinition } from '../types.ts';

/** What its shaders and CPU kernel read: the block means' uniforms. */
export type PixelateUniforms = BlockUniforms;

export interface PixelateParams {
  /** Block side in pixels of this image, rounded to whole pixels, at least 1. */
  pixelSize: number;
  /** Where a block corner sits, in pixels (default 0: blocks start at the top left). */
  offsetX?: number;
  offsetY?: number;
}

/**
 * Block average: every pixel takes the mean colour of its pixelSize x pixelSize block; blocks cut by the
 * image edge average what they cover. Two passes: the means at one texel per block, then spread out.
 */
export const pixelateStage: StageDefinition<PixelateParams> = {
  name: 'pixelate',
  uniforms: BLOCK_UNIFORMS,
  entries: ['means'],
  encode(encoder, input, params) {
    const grid = blockGrid(input.width, input.height, params.pixelSize, params.offsetX, params.offsetY);
    const uniforms = blockUniforms(grid);
    // 8-bit means are exact here: main copies them out unchanged, so the result is rounded once.
    const means = blockMeans(encoder, input, grid, uniforms);
    return finalPass(encoder, input, [means], uniforms, [means]);
  },
};
