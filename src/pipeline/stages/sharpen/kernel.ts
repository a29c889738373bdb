import { input, type Kernel } from '../../cpu/kernel.ts';
import { GAUSSIAN_ENTRIES, finalPass } from '../../cpu/kernels/gaussian.ts';
import { clamp01, readRow } from '../../cpu/texture.ts';
import type { SharpenUniforms } from './stage.ts';

export const sharpenEntries: Record<string, Kernel<SharpenUniforms>> = {
  ...GAUSSIAN_ENTRIES,
  main: finalPass(1, (pass) => {
    const image = input(pass, 0);
    const strength = pass.u.strength;
    const source = new Float32Array(image.width * 4);
    return (y, row) => {
      readRow(image, y, source);
      for (let j = 0; j < row.length; j++) {
        const s = source[j] as number;
        row[j] = (j & 3) === 3 ? s : clamp01(s + strength * (s - (row[j] as number)));
      }
    };
  }),
};
