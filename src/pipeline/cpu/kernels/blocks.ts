/** The block means pixelate and smart-blur share (shaders/common/blocks). */
import { forEachTexel, input, type Kernel } from '../kernel.ts';
import { load, store, type CpuTexture } from '../texture.ts';
import type { BlockUniforms } from '../../stages/pixel-blocks.ts';

/** shaders/common/blocks: the mean of block (bx, by) of the grid; blocks cut by the edge average what they cover. */
export function blockMean(
  source: CpuTexture,
  bx: number,
  by: number,
  size: number,
  startX: number,
  startY: number,
  out: Float32Array,
): void {
  const x0 = Math.max(startX + bx * size, 0);
  const y0 = Math.max(startY + by * size, 0);
  const x1 = Math.min(startX + (bx + 1) * size, source.width);
  const y1 = Math.min(startY + (by + 1) * size, source.height);
  const c = new Float32Array(4);
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      load(source, x, y, c);
      r += c[0] as number;
      g += c[1] as number;
      b += c[2] as number;
      a += c[3] as number;
    }
  const area = Math.max(x1 - x0, 1) * Math.max(y1 - y0, 1);
  out[0] = r / area;
  out[1] = g / area;
  out[2] = b / area;
  out[3] = a / area;
}

/** The `means` entry of pixelate and smart-blur: one texel per block. */
export const blockMeans: Kernel<BlockUniforms> = (pass) => {
  const source = input(pass, 0);
  const size = pass.u.blockSize;
  const [startX = 0, startY = 0] = pass.u.blockStart;
  const c = new Float32Array(4);
  forEachTexel(pass.out, (i, x, y) => {
    blockMean(source, x, y, size, startX, startY, c);
    store(pass.out, i, c[0] as number, c[1] as number, c[2] as number, c[3] as number);
  });
};

/** The block of pixel p: p - start >= 0, so integer division rounds down. */
export function blockOf(p: number, size: number, start: number): number {
  return Math.floor((p - start) / size);
}
