import { input, num, type Kernel, vec } from '../../cpu/kernel.ts';
import { GAUSSIAN_ENTRIES, finalPass } from '../../cpu/kernels/gaussian.ts';
import { clipped, maskOf } from '../../cpu/kernels/highlights.ts';
import { readRow } from '../../cpu/texture.ts';

export const fringingEntries: Record<string, Kernel> = {
  ...GAUSSIAN_ENTRIES,
  mask: maskOf(() => clipped),
  main: finalPass(1, (pass) => {
    const image = input(pass, 0);
    const amount = num(pass.u, 'amount');
    const gain = num(pass.u, 'gain');
    const tint = vec(pass.u, 'tint');
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
        row[at] = r + ((tint[0] as number) - r) * w;
        row[at + 1] = g + ((tint[1] as number) - g) * w;
        row[at + 2] = b + ((tint[2] as number) - b) * w;
        row[at + 3] = source[at + 3] as number;
      }
    };
  }),
};
