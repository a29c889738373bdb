/** The block grid of pixelation (shaders/common/blocks.*), shared by the pixelate and smart-blur stages. */
import type { GpuTexture } from '../texture.ts';
import type { UniformParams, UniformTable } from '../uniforms.ts';
import type { PassEncoder } from './types.ts';

export interface BlockGrid {
  /** Block side in whole pixels (at least 1). */
  size: number;
  /** Where the first block starts on each axis, in (-size, 0]. */
  startX: number;
  startY: number;
  /** Blocks across and down, partial ones included. */
  columns: number;
  rows: number;
}

/**
 * Blocks of round(pixelSize) pixels, one corner of the grid at (offsetX, offsetY) (whole pixels). Sizes are
 * rounded: a grid of fractional blocks would have blocks of two different sizes.
 */
export function blockGrid(
  width: number,
  height: number,
  pixelSize: number,
  offsetX = 0,
  offsetY = 0,
): BlockGrid {
  const size = Math.max(1, Math.round(Number.isFinite(pixelSize) ? pixelSize : 1));
  const start = (offset: number) => {
    const phase = ((Math.round(Number.isFinite(offset) ? offset : 0) % size) + size) % size;
    return phase === 0 ? 0 : phase - size;
  };
  const startX = start(offsetX);
  const startY = start(offsetY);
  return {
    size,
    startX,
    startY,
    columns: Math.ceil((width - startX) / size),
    rows: Math.ceil((height - startY) / size),
  };
}

export const BLOCK_UNIFORMS = [
  { name: 'blockSize', type: 'i32' },
  { name: 'blockStart', type: 'vec2i' },
] as const satisfies UniformTable;

/** What the block means pass reads. */
export type BlockUniforms = UniformParams<typeof BLOCK_UNIFORMS>;

export function blockUniforms(grid: BlockGrid) {
  return { blockSize: grid.size, blockStart: [grid.startX, grid.startY] };
}

/** Runs the `means` entry: one texel per block holding its mean, rounded to 8 bits (as the image is). */
export function blockMeans(
  encoder: PassEncoder,
  input: GpuTexture,
  grid: BlockGrid,
  uniforms: Record<string, number | readonly number[]>,
): GpuTexture {
  return encoder.pass({
    entry: 'means',
    inputs: [input],
    uniforms,
    width: grid.columns,
    height: grid.rows,
  });
}
