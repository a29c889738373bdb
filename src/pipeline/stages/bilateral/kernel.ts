import { input, type Kernel } from '../../cpu/kernel.ts';
import { readRow, writeRow } from '../../cpu/texture.ts';
import type { BilateralUniforms } from './stage.ts';

/**
 * shaders/bilateral: one direction of the separable bilateral filter, row by row. Each neighbour's
 * weight is its tap's times exp(-|colour difference|^2 * rangeScale), against the centre texel.
 */
function bilateral(horizontal: boolean): Kernel<BilateralUniforms> {
  return (pass) => {
    const source = input(pass, 0);
    const { out } = pass;
    const taps = pass.u.taps;
    const count = pass.u.tapCount;
    const rangeScale = pass.u.rangeScale;
    const offsets = Array.from({ length: count - 1 }, (_, t) => Math.trunc(taps[4 * (t + 1)] as number));
    const weights = Array.from({ length: count - 1 }, (_, t) => taps[4 * (t + 1) + 1] as number);
    const reach = Math.max(0, ...offsets);
    const width = source.width;
    const result = new Float32Array(width * 4);
    // Horizontal: one padded row. Vertical: the rows from y - reach to y + reach (clamped), padded by 0.
    const rows = Array.from(
      { length: horizontal ? 1 : 2 * reach + 1 },
      () => new Float32Array((width + (horizontal ? 2 * reach : 0)) * 4),
    );
    for (let y = 0; y < out.height; y++) {
      if (horizontal) readRow(source, y, rows[0] as Float32Array, reach);
      else for (let k = -reach; k <= reach; k++) readRow(source, y + k, rows[k + reach] as Float32Array);
      const centreRow = (horizontal ? rows[0] : rows[reach]) as Float32Array;
      const pad = horizontal ? reach : 0;
      for (let x = 0; x < width; x++) {
        const at = (x + pad) * 4;
        const cr = centreRow[at] as number;
        const cg = centreRow[at + 1] as number;
        const cb = centreRow[at + 2] as number;
        const ca = centreRow[at + 3] as number;
        let r = cr;
        let g = cg;
        let b = cb;
        let a = ca;
        let total = 1;
        for (let t = 0; t < offsets.length; t++) {
          const offset = offsets[t] as number;
          const weight = weights[t] as number;
          for (const side of [1, -1]) {
            const row = (horizontal ? centreRow : rows[reach + side * offset]) as Float32Array;
            const i = horizontal ? at + side * offset * 4 : at;
            const vr = row[i] as number;
            const vg = row[i + 1] as number;
            const vb = row[i + 2] as number;
            const dr = vr - cr;
            const dg = vg - cg;
            const db = vb - cb;
            const wt = weight * Math.exp(-(dr * dr + dg * dg + db * db) * rangeScale);
            r += wt * vr;
            g += wt * vg;
            b += wt * vb;
            a += wt * (row[i + 3] as number);
            total += wt;
          }
        }
        const o = x * 4;
        result[o] = r / total;
        result[o + 1] = g / total;
        result[o + 2] = b / total;
        result[o + 3] = a / total;
      }
      writeRow(out, y, result);
    }
  };
}

export const bilateralHorizontal = bilateral(true);

export const bilateralVertical = bilateral(false);
