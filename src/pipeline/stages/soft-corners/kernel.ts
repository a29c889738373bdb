import { input, type Kernel } from '../../cpu/kernel.ts';
import { GAUSSIAN_ENTRIES, finalPass } from '../../cpu/kernels/gaussian.ts';
import { vignetteRadius } from '../../cpu/kernels/vignette.ts';
import { clamp01, readRow, smoothstep } from '../../cpu/texture.ts';
import type { SoftCornersUniforms } from './stage.ts';

/** soft-corners' main: the blur mixed over the image by a smoothstep of the vignette radius. */
export const softCornersEntries: Record<string, Kernel<SoftCornersUniforms>> = {
  ...GAUSSIAN_ENTRIES,
  main: finalPass(1, (pass) => {
    const u = pass.u;
    const image = input(pass, 0);
    const amount = u.amount;
    const start = u.start;
    const ramp = u.ramp;
    const scale = u.scale;
    const [ox = 0, oy = 0] = u.origin;
    const [fw = 1, fh = 1] = u.fullSize;
    const source = new Float32Array(image.width * 4);
    return (y, row) => {
      readRow(image, y, source);
      for (let x = 0; x < image.width; x++) {
        const k = amount * smoothstep(start, start + ramp, vignetteRadius(x + ox, y + oy, fw, fh, scale));
        for (let c = 0; c < 4; c++) {
          const j = x * 4 + c;
          const s = source[j] as number;
          row[j] = c === 3 ? s : clamp01(s + ((row[j] as number) - s) * k);
        }
      }
    };
  }),
};
