/** Kernel<TransformUniforms> of transform.glsl: crop, turns, flips and straightening through an affine map. */
import { forEachTexel, input, type Kernel } from '../../cpu/kernel.ts';
import { cubicWeights } from '../../cpu/kernels/cubic.ts';
import { clamp01, load, store, tap } from '../../cpu/texture.ts';
import type { TransformUniforms } from './stage.ts';

export const transform: Kernel<TransformUniforms> = (pass) => {
  const source = input(pass, 0);
  const { out } = pass;
  const n = pass.u.samples;
  const [a = 1, b = 0, c = 0] = pass.u.rowX;
  const [d = 0, e = 1, f = 0] = pass.u.rowY;
  const wx = new Float64Array(4);
  const wy = new Float64Array(4);
  const texel = new Float32Array(4);
  const sum = new Float64Array(4);
  forEachTexel(out, (i, x, y) => {
    sum.fill(0);
    if (n <= 1) {
      const px = x + 0.5;
      const py = y + 0.5;
      const cx = a * px + b * py + c - 0.5;
      const cy = d * px + e * py + f - 0.5;
      const bx = Math.floor(cx);
      const by = Math.floor(cy);
      cubicWeights(cx - bx, wx);
      cubicWeights(cy - by, wy);
      for (let j = 0; j < 4; j++)
        for (let k = 0; k < 4; k++) {
          load(source, bx - 1 + k, by - 1 + j, texel);
          const w = (wx[k] as number) * (wy[j] as number);
          for (let m = 0; m < 4; m++) sum[m] = (sum[m] as number) + w * (texel[m] as number);
        }
      store(out, i, clamp01(sum[0]!), clamp01(sum[1]!), clamp01(sum[2]!), clamp01(sum[3]!));
      return;
    }
    for (let j = 0; j < n; j++)
      for (let k = 0; k < n; k++) {
        const px = x + (k + 0.5) / n;
        const py = y + (j + 0.5) / n;
        tap(source, a * px + b * py + c, d * px + e * py + f, texel);
        for (let m = 0; m < 4; m++) sum[m] = (sum[m] as number) + (texel[m] as number);
      }
    const norm = 1 / (n * n);
    store(out, i, sum[0]! * norm, sum[1]! * norm, sum[2]! * norm, sum[3]! * norm);
  });
};
