/** Kernels of shaders/copy, resize, bilateral and pixelate, and the block means pixelate shares. */
import { forEachTexel, input, num, vec, type Kernel, type KernelPass } from '../kernel.ts';
import { clamp01, load, readRow, store, writeRow, type CpuTexture } from '../texture.ts';

export const copy: Kernel = (pass) => {
  const source = input(pass, 0);
  const { out } = pass;
  if (source.format === out.format && source.width === out.width && source.height === out.height) {
    out.data.set(source.data);
    return;
  }
  const c = new Float32Array(4);
  forEachTexel(out, (i, x, y) => {
    load(source, x, y, c);
    store(out, i, c[0] as number, c[1] as number, c[2] as number, c[3] as number);
  });
};

/** Catmull-Rom weights of the 4 taps from floor(x) - 1 for a fraction t, into w (resize and transform). */
export function cubicWeights(t: number, w: Float64Array): void {
  const t2 = t * t;
  const t3 = t2 * t;
  w[0] = 0.5 * (-t3 + 2 * t2 - t);
  w[1] = 0.5 * (3 * t3 - 5 * t2 + 2);
  w[2] = 0.5 * (-3 * t3 + 4 * t2 + t);
  w[3] = 0.5 * (t3 - t2);
}

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
export const resize: Kernel = (pass) => {
  const source = input(pass, 0);
  const { out } = pass;
  const mode = num(pass.u, 'mode');
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

/**
 * shaders/bilateral: one direction of the separable bilateral filter, row by row. Each neighbour's
 * weight is its tap's times exp(-|colour difference|^2 * rangeScale), against the centre texel.
 */
function bilateral(horizontal: boolean): Kernel {
  return (pass) => {
    const source = input(pass, 0);
    const { out } = pass;
    const taps = vec(pass.u, 'taps');
    const count = num(pass.u, 'tapCount');
    const rangeScale = num(pass.u, 'rangeScale');
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

/** shaders/common/blocks: the mean of block (bx, by) of the grid; blocks cut by the edge average what they cover. */
export function blockMean(
  source: CpuTexture,
  bx: number,
  by: number,
  size: number,
  startX: number,
  startY: number,
  out: Float32Array,
): void {
  const x0 = Math.max(startX + bx * size, 0);
  const y0 = Math.max(startY + by * size, 0);
  const x1 = Math.min(startX + (bx + 1) * size, source.width);
  const y1 = Math.min(startY + (by + 1) * size, source.height);
  const c = new Float32Array(4);
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      load(source, x, y, c);
      r += c[0] as number;
      g += c[1] as number;
      b += c[2] as number;
      a += c[3] as number;
    }
  const area = Math.max(x1 - x0, 1) * Math.max(y1 - y0, 1);
  out[0] = r / area;
  out[1] = g / area;
  out[2] = b / area;
  out[3] = a / area;
}

/** The `means` entry of pixelate and smart-blur: one texel per block. */
export const blockMeans: Kernel = (pass) => {
  const source = input(pass, 0);
  const size = num(pass.u, 'blockSize');
  const [startX = 0, startY = 0] = vec(pass.u, 'blockStart');
  const c = new Float32Array(4);
  forEachTexel(pass.out, (i, x, y) => {
    blockMean(source, x, y, size, startX, startY, c);
    store(pass.out, i, c[0] as number, c[1] as number, c[2] as number, c[3] as number);
  });
};

/** The block of pixel p: p - start >= 0, so integer division rounds down. */
export function blockOf(p: number, size: number, start: number): number {
  return Math.floor((p - start) / size);
}

/** pixelate's main: each pixel takes its block's mean. */
export const pixelate: Kernel = (pass: KernelPass) => {
  const means = input(pass, 0);
  const size = num(pass.u, 'blockSize');
  const [startX = 0, startY = 0] = vec(pass.u, 'blockStart');
  const c = new Float32Array(4);
  forEachTexel(pass.out, (i, x, y) => {
    load(means, blockOf(x, size, startX), blockOf(y, size, startY), c);
    store(pass.out, i, c[0] as number, c[1] as number, c[2] as number, c[3] as number);
  });
};
