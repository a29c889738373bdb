import { input, type Kernel } from '../../cpu/kernel.ts';
import { GAUSSIAN_ENTRIES, finalPass } from '../../cpu/kernels/gaussian.ts';
import { maskOf } from '../../cpu/kernels/highlights.ts';
import { readRow, smoothstep } from '../../cpu/texture.ts';
import type { HalationUniforms } from './stage.ts';

export const brightness = (u: HalationUniforms) => {
  const threshold = u.threshold;
  return (r: number, g: number, b: number) => smoothstep(threshold, 1, Math.max(r, g, b));
};

export const halationEntries: Record<string, Kernel<HalationUniforms>> = {
  ...GAUSSIAN_ENTRIES,
  mask: maskOf(brightness),
  main: finalPass(1, (pass) => {
    const image = input(pass, 0);
    const bright = brightness(pass.u);
    const strength = pass.u.amount * pass.u.gain;
    const tint = pass.u.tint;
    const source = new Float32Array(image.width * 4);
    return (y, row) => {
      readRow(image, y, source);
      for (let at = 0; at < row.length; at += 4) {
        const r = source[at] as number;
        const g = source[at + 1] as number;
        const b = source[at + 2] as number;
        const h = Math.min(1, strength * (row[at] as number) * (1 - bright(r, g, b)));
        for (let j = 0; j < 3; j++) {
          const s = source[at + j] as number;
          row[at + j] = s + h * (tint[j] as number) * (1 - s);
        }
        row[at + 3] = source[at + 3] as number;
      }
    };
  }),
};
