import { forEachTexel, input, type Kernel, type KernelPass } from '../../cpu/kernel.ts';
import { blockOf } from '../../cpu/kernels/blocks.ts';
import { load, store } from '../../cpu/texture.ts';
import type { PixelateUniforms } from './stage.ts';

/** pixelate's main: each pixel takes its block's mean. */
export const pixelate: Kernel<PixelateUniforms> = (pass: KernelPass<PixelateUniforms>) => {
  const means = input(pass, 0);
  const size = pass.u.blockSize;
  const [startX = 0, startY = 0] = pass.u.blockStart;
  const c = new Float32Array(4);
  forEachTexel(pass.out, (i, x, y) => {
    load(means, blockOf(x, size, startX), blockOf(y, size, startY), c);
    store(pass.out, i, c[0] as number, c[1] as number, c[2] as number, c[3] as number);
  });
};
