import { input, num, type Kernel, type Uniforms, vec } from '../../cpu/kernel.ts';
import { GAUSSIAN_ENTRIES, finalPass } from '../../cpu/kernels/gaussian.ts';
import { maskOf } from '../../cpu/kernels/highlights.ts';
import { readRow, smoothstep } from '../../cpu/texture.ts';

export const brightness = (u: Uniforms) => {
  const threshold = num(u, 'threshold');
  return (r: number, g: number, b: number) => smoothstep(threshold, 1, Math.max(r, g, b));
};

export const halationEntries: Record<string, Kernel> = {
  ...GAUSSIAN_ENTRIES,
  mask: maskOf(brightness),
  main: finalPass(1, (pass) => {
    const image = input(pass, 0);
    const bright = brightness(pass.u);
    const strength = num(pass.u, 'amount') * num(pass.u, 'gain');
    const tint = vec(pass.u, 'tint');
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
