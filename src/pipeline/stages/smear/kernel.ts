import { forEachTexel, input, type Kernel } from '../../cpu/kernel.ts';
import { clipped } from '../../cpu/kernels/highlights.ts';
import { load, readRow, store } from '../../cpu/texture.ts';
import type { SmearUniforms } from './stage.ts';

export const smearEntries: Record<string, Kernel<SmearUniforms>> = {
  columns: (pass) => {
    const source = input(pass, 0);
    const row = new Float32Array(source.width * 4);
    const sums = new Float64Array(source.width);
    for (let y = 0; y < source.height; y++) {
      readRow(source, y, row);
      for (let x = 0; x < source.width; x++)
        sums[x] =
          (sums[x] as number) +
          clipped(row[4 * x] as number, row[4 * x + 1] as number, row[4 * x + 2] as number);
    }
    forEachTexel(pass.out, (i, x) => store(pass.out, i, (sums[x] as number) / source.height, 0, 0, 1));
  },
  spread: (pass) => {
    const shares = input(pass, 0);
    const sigma = pass.u.sigma;
    const radius = pass.u.radius;
    const gain = pass.u.gain;
    const area = pass.u.area;
    const c = new Float32Array(4);
    forEachTexel(pass.out, (i, x) => {
      let sum = 0;
      let total = 0;
      for (let k = -radius; k <= radius; k++) {
        const w = Math.exp(-(k * k) / (2 * sigma * sigma));
        total += w;
        const q = x + k;
        if (q < 0 || q >= shares.width) continue;
        load(shares, q, 0, c);
        sum += w * (c[0] as number);
      }
      const share = sum / total;
      store(pass.out, i, (1 - Math.exp(-gain * share)) * Math.exp(-share / area), 0, 0, 1);
    });
  },
  main: (pass) => {
    const image = input(pass, 0);
    const stripes = input(pass, 1);
    const amount = pass.u.amount;
    const tint = pass.u.tint;
    const c = new Float32Array(4);
    const s = new Float32Array(4);
    forEachTexel(pass.out, (i, x, y) => {
      load(image, x, y, c);
      load(stripes, x, 0, s);
      const k = amount * (s[0] as number);
      const screen = (j: 0 | 1 | 2) => (c[j] as number) + k * tint[j] * (1 - (c[j] as number));
      store(pass.out, i, screen(0), screen(1), screen(2), c[3] as number);
    });
  },
};
