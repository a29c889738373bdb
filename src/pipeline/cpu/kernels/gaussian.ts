/**
 * shaders/common/gaussian and gaussian-passes: the separable gaussian's passes (down, blurH, blurV) and
 * its read-back, shared by the stages built on it (blur, sharpen, smart-blur, soft-corners, and the
 * highlight stages), whose kernels are in their folders.
 *
 * A shader's 1-D pass reads each pair of neighbouring taps as one bilinear sample placed between them by
 * their weights; with clamp-to-edge, that sample is exactly the two integer taps weighted by (1 - f) and
 * f. Here the pairs are spread back into integer weights and each pass is a plain convolution over rows,
 * which a CPU runs far faster than per-texel bilinear reads, for the same sums.
 */
import { input, type Kernel, type KernelPass } from '../kernel.ts';
import { readRow, store, tap, type CpuTexture, unit, writeRow } from '../texture.ts';
import type { GaussianUniforms } from '../../stages/gaussian-pass-plan.ts';

/** The gaussian's uniforms, read once per pass. */
export function gaussianParams(u: GaussianUniforms) {
  const [scaleX = 1, scaleY = 1] = u.lowScale;
  const [lowWidth = 1, lowHeight = 1] = u.lowSize;
  const [targetWidth = 1, targetHeight = 1] = u.targetSize;
  const [originX = 0, originY = 0] = u.lowOrigin;
  return {
    weights: integerWeights(u.taps, u.tapCount),
    samples: u.downSamples,
    margin: u.margin,
    blurColumns: u.blurColumns === 1,
    scaleX,
    scaleY,
    lowWidth,
    lowHeight,
    targetWidth,
    targetHeight,
    originX,
    originY,
  };
}

type GaussianParams = ReturnType<typeof gaussianParams>;

/** The taps (centre, then (offset, weight) pairs) as weights of integer offsets -radius..radius. */
function integerWeights(taps: readonly number[], count: number): { radius: number; w: Float64Array } {
  let radius = 0;
  for (let t = 1; t < count; t++) radius = Math.max(radius, Math.floor(taps[4 * t] as number) + 1);
  const w = new Float64Array(2 * radius + 1);
  w[radius] = taps[1] as number;
  for (let t = 1; t < count; t++) {
    const offset = taps[4 * t] as number;
    const weight = taps[4 * t + 1] as number;
    const i = Math.floor(offset);
    const f = offset - i;
    for (const side of [1, -1]) {
      w[radius + side * i] = (w[radius + side * i] as number) + weight * (1 - f);
      w[radius + side * (i + 1)] = (w[radius + side * (i + 1)] as number) + weight * f;
    }
  }
  return { radius, w };
}

/** blurH: every row convolved with the weights, edges clamped. */
function convolveRows(source: CpuTexture, out: CpuTexture, { radius, w }: GaussianParams['weights']): void {
  const width = source.width;
  const row = new Float32Array((width + 2 * radius) * 4);
  const result = new Float32Array(width * 4);
  const taps = w.length;
  for (let y = 0; y < out.height; y++) {
    readRow(source, y, row, radius);
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0, at = x * 4; k < taps; k++, at += 4) {
        const weight = w[k] as number;
        r += weight * (row[at] as number);
        g += weight * (row[at + 1] as number);
        b += weight * (row[at + 2] as number);
        a += weight * (row[at + 3] as number);
      }
      const o = x * 4;
      result[o] = r;
      result[o + 1] = g;
      result[o + 2] = b;
      result[o + 3] = a;
    }
    writeRow(out, y, result);
  }
}

/** Row y of the source convolved down its columns (blurV, and the final pass's blurColumns), into `row`. */
function columnRow(
  source: CpuTexture,
  y: number,
  { radius, w }: GaussianParams['weights'],
  row: Float32Array,
): void {
  const n = source.width * 4;
  const d = source.data;
  const s = unit(source);
  row.fill(0, 0, n);
  for (let k = -radius; k <= radius; k++) {
    const weight = (w[k + radius] as number) * s;
    if (weight === 0) continue;
    const sy = Math.min(Math.max(y + k, 0), source.height - 1);
    const from = sy * n;
    for (let j = 0; j < n; j++) row[j] = (row[j] as number) + weight * (d[from + j] as number);
  }
}

/** The blurred image's row y at full resolution, from the rows pass or the low-resolution blur (blurred). */
export function blurredRow(
  source: CpuTexture,
  y: number,
  width: number,
  g: GaussianParams,
  row: Float32Array,
  c: Float32Array,
) {
  if (g.blurColumns) {
    columnRow(source, y, g.weights, row);
    return;
  }
  const ty = ((y + 0.5 - g.originY) / g.targetHeight) * g.lowHeight + g.margin;
  for (let x = 0; x < width; x++) {
    const tx = ((x + 0.5 - g.originX) / g.targetWidth) * g.lowWidth + g.margin;
    tap(source, tx, ty, c);
    row.set(c, x * 4);
  }
}

const gaussianDown: Kernel<GaussianUniforms> = (pass) => {
  const source = input(pass, 0);
  const g = gaussianParams(pass.u);
  const c = new Float32Array(4);
  const stepX = g.scaleX / g.samples;
  const stepY = g.scaleY / g.samples;
  const n = g.samples * g.samples;
  const { out } = pass;
  for (let y = 0, i = 0; y < out.height; y++) {
    const oy = (y - g.margin) * g.scaleY + g.originY;
    for (let x = 0; x < out.width; x++, i++) {
      const ox = (x - g.margin) * g.scaleX + g.originX;
      let r = 0;
      let gr = 0;
      let b = 0;
      let a = 0;
      for (let j = 0; j < g.samples; j++)
        for (let k = 0; k < g.samples; k++) {
          tap(source, ox + (k + 0.5) * stepX, oy + (j + 0.5) * stepY, c);
          r += c[0] as number;
          gr += c[1] as number;
          b += c[2] as number;
          a += c[3] as number;
        }
      store(out, i, r / n, gr / n, b / n, a / n);
    }
  }
};

const blurH: Kernel<GaussianUniforms> = (pass) =>
  convolveRows(input(pass, 0), pass.out, gaussianParams(pass.u).weights);

const blurV: Kernel<GaussianUniforms> = (pass) => {
  const source = input(pass, 0);
  const { weights } = gaussianParams(pass.u);
  const row = new Float32Array(source.width * 4);
  for (let y = 0; y < pass.out.height; y++) {
    columnRow(source, y, weights, row);
    writeRow(pass.out, y, row);
  }
};

/**
 * A final pass (for the gaussian stages here and those of other files): row by row, the blurred row (from input `blurInput`), then `combine` writes the output
 * row from it in place.
 */
export function finalPass<U extends GaussianUniforms>(
  blurInput: number,
  combine: (pass: KernelPass<U>, g: GaussianParams) => (y: number, row: Float32Array) => void,
): Kernel<U> {
  return (pass) => {
    const g = gaussianParams(pass.u);
    const blur = input(pass, blurInput);
    const { width } = pass.out;
    const row = new Float32Array(width * 4);
    const c = new Float32Array(4);
    const finish = combine(pass, g);
    for (let y = 0; y < pass.out.height; y++) {
      blurredRow(blur, y, width, g, row, c);
      finish(y, row);
      writeRow(pass.out, y, row);
    }
  };
}

export const GAUSSIAN_ENTRIES = { down: gaussianDown, blurH, blurV } as const;
