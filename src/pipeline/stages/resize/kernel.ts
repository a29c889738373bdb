import { forEachTexel, input, type Kernel } from '../../cpu/kernel.ts';
import { cubicWeights } from '../../cpu/kernels/cubic.ts';
import { clamp01, load, store, type CpuTexture } from '../../cpu/texture.ts';
import type { ResizeUniforms } from './stage.ts';

/** resize's mode 2: the Catmull-Rom cubic of the 4 x 4 source pixels around each output pixel's centre. */
function cubic(source: CpuTexture, out: CpuTexture): void {
  const inW = source.width;
  const inH = source.height;
  const wx = new Float64Array(4);
  const wy = new Float64Array(4);
  const c = new Float32Array(4);
  const sum = new Float64Array(4);
  forEachTexel(out, (i, x, y) => {
    const cx = ((x + 0.5) * inW) / out.width - 0.5;
    const cy = ((y + 0.5) * inH) / out.height - 0.5;
    const bx = Math.floor(cx);
    const by = Math.floor(cy);
    cubicWeights(cx - bx, wx);
    cubicWeights(cy - by, wy);
    sum.fill(0);
    for (let j = 0; j < 4; j++)
      for (let k = 0; k < 4; k++) {
        load(source, bx - 1 + k, by - 1 + j, c);
        const w = (wx[k] as number) * (wy[j] as number);
        for (let n = 0; n < 4; n++) sum[n] = (sum[n] as number) + w * (c[n] as number);
      }
    store(
      out,
      i,
      clamp01(sum[0] as number),
      clamp01(sum[1] as number),
      clamp01(sum[2] as number),
      clamp01(sum[3] as number),
    );
  });
}

/** shaders/resize: mode 0 averages each output pixel's footprint by exact overlaps, 1 is nearest, 2 cubic. */
export const resize: Kernel<ResizeUniforms> = (pass) => {
  const source = input(pass, 0);
  const { out } = pass;
  const mode = pass.u.mode;
  const inW = source.width;
  const inH = source.height;
  const outW = out.width;
  const outH = out.height;
  const c = new Float32Array(4);
  if (mode === 2) {
    cubic(source, out);
    return;
  }
  if (mode === 1) {
    forEachTexel(out, (i, x, y) => {
      const sx = Math.min(Math.floor(((2 * x + 1) * inW) / (2 * outW)), inW - 1);
      const sy = Math.min(Math.floor(((2 * y + 1) * inH) / (2 * outH)), inH - 1);
      load(source, sx, sy, c);
      store(out, i, c[0] as number, c[1] as number, c[2] as number, c[3] as number);
    });
    return;
  }
  // The overlap of source texel i with output texel o, in units of 1 / (inSize * outSize).
  const span = (o: number, inSize: number, outSize: number) => {
    const first = Math.floor((o * inSize) / outSize);
    const last = Math.min(Math.floor(((o + 1) * inSize - 1) / outSize), inSize - 1);
    const weights: number[] = [];
    for (let i = first; i <= last; i++)
      weights.push(Math.min((i + 1) * outSize, (o + 1) * inSize) - Math.max(i * outSize, o * inSize));
    return { first, weights };
  };
  const columns = Array.from({ length: outW }, (_, o) => span(o, inW, outW));
  const rows = Array.from({ length: outH }, (_, o) => span(o, inH, outH));
  const sum = new Float64Array(4);
  const norm = 1 / (inW * inH);
  forEachTexel(out, (i, x, y) => {
    const column = columns[x] as { first: number; weights: number[] };
    const row = rows[y] as { first: number; weights: number[] };
    sum.fill(0);
    row.weights.forEach((wy, j) => {
      column.weights.forEach((wx, k) => {
        load(source, column.first + k, row.first + j, c);
        const w = wx * wy;
        sum[0] = (sum[0] as number) + (c[0] as number) * w;
        sum[1] = (sum[1] as number) + (c[1] as number) * w;
        sum[2] = (sum[2] as number) + (c[2] as number) * w;
        sum[3] = (sum[3] as number) + (c[3] as number) * w;
      });
    });
    store(
      out,
      i,
      (sum[0] as number) * norm,
      (sum[1] as number) * norm,
      (sum[2] as number) * norm,
      (sum[3] as number) * norm,
    );
  });
};
