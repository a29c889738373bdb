import { input, type Kernel } from '../../cpu/kernel.ts';
import { GAUSSIAN_ENTRIES, finalPass } from '../../cpu/kernels/gaussian.ts';
import { clipped, maskOf } from '../../cpu/kernels/highlights.ts';
import { readRow } from '../../cpu/texture.ts';
import type { FringingUniforms } from './stage.ts';

export const fringingEntries: Record<string, Kernel<FringingUniforms>> = {
  ...GAUSSIAN_ENTRIES,
  mask: maskOf(() => clipped),
  main: finalPass(1, (pass) => {
    const image = input(pass, 0);
    const amount = pass.u.amount;
    const gain = pass.u.gain;
    const tint = pass.u.tint;
    const source = new Float32Array(image.width * 4);
    return (y, row) => {
      readRow(image, y, source);
      for (let at = 0; at < row.length; at += 4) {
        const r = source[at] as number;
        const g = source[at + 1] as number;
        const b = source[at + 2] as number;
        const spread = Math.min(1, gain * (row[at] as number));
        const dark = 1 - (0.2126 * r + 0.7152 * g + 0.0722 * b);
        const w = amount * spread * (1 - clipped(r, g, b)) * dark;
        row[at] = r + (tint[0] - r) * w;
        row[at + 1] = g + (tint[1] - g) * w;
        row[at + 2] = b + (tint[2] - b) * w;
        row[at + 3] = source[at + 3] as number;
      }
    };
  }),
};
