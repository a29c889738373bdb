/**
 * Sensor noise in flat patches. The image is cut into 16 x 16 blocks; in each, a quadratic surface is
 * fitted to every plane by least squares and what is left over is the noise (and any texture). The
 * flattest tenth of the blocks (by luma) are the flat patches, and the noise is the median of their
 * residual's standard deviation. Choosing blocks by their own residual would favour blocks whose noise
 * happened to come out low, so the blocks are chosen by the residual of the pixels with x + y even and
 * measured on those with x + y odd: for noise that is independent from pixel to pixel the two halves
 * are independent, and the estimate keeps no bias from the choice.
 */
import { median, type Plane, type Rgba, ycbcr } from './planes.ts';

export interface NoiseEstimate {
  /** Standard deviation of Y in flat patches, in levels of 255. */
  luma: number;
  /** Root mean square of the standard deviations of Cb and Cr there, in levels of 255. */
  chroma: number;
  /** chroma / luma. */
  ratio: number;
  /** The residual's correlation between neighbouring pixels (0: a fresh value each pixel; near 1: blotches). */
  lumaGrain: number;
  chromaGrain: number;
  /** How many blocks were measured. */
  blocks: number;
}

const SIZE = 16;
const N = SIZE * SIZE;
const TERMS = 6;

/** (A^T A)^-1 A^T for the basis 1, u, v, u^2, v^2, uv on the block's centred grid: coefficients = P y. */
const PROJECTION = (() => {
  const basis = new Float64Array(N * TERMS);
  for (let j = 0; j < SIZE; j++)
    for (let i = 0; i < SIZE; i++) {
      const u = (i - 7.5) / 8;
      const v = (j - 7.5) / 8;
      basis.set([1, u, v, u * u, v * v, u * v], (j * SIZE + i) * TERMS);
    }
  // Normal equations, inverted by Gauss-Jordan elimination.
  const m = new Float64Array(TERMS * 2 * TERMS);
  const w = 2 * TERMS;
  for (let a = 0; a < TERMS; a++) {
    for (let b = 0; b < TERMS; b++) {
      let s = 0;
      for (let k = 0; k < N; k++) s += basis[k * TERMS + a]! * basis[k * TERMS + b]!;
      m[a * w + b] = s;
    }
    m[a * w + TERMS + a] = 1;
  }
  for (let c = 0; c < TERMS; c++) {
    const pivot = m[c * w + c]!;
    for (let k = 0; k < w; k++) m[c * w + k]! /= pivot;
    for (let r = 0; r < TERMS; r++) {
      if (r === c) continue;
      const f = m[r * w + c]!;
      for (let k = 0; k < w; k++) m[r * w + k]! -= f * m[c * w + k]!;
    }
  }
  const projection = new Float64Array(TERMS * N);
  for (let a = 0; a < TERMS; a++)
    for (let k = 0; k < N; k++) {
      let s = 0;
      for (let b = 0; b < TERMS; b++) s += m[a * w + TERMS + b]! * basis[k * TERMS + b]!;
      projection[a * N + k] = s;
    }
  return { basis, projection };
})();

/** A residual's statistics: sums of squares on the even and odd pixels, and of neighbours' products. */
interface Residual {
  even: number;
  odd: number;
  neighbours: number;
}

const block = new Float64Array(N);
const coefficients = new Float64Array(TERMS);
const residual = new Float64Array(N);

function fit(plane: Plane, x0: number, y0: number): Residual {
  for (let j = 0; j < SIZE; j++) {
    const row = (y0 + j) * plane.width + x0;
    for (let i = 0; i < SIZE; i++) block[j * SIZE + i] = plane.data[row + i]!;
  }
  for (let a = 0; a < TERMS; a++) {
    let s = 0;
    for (let k = 0; k < N; k++) s += PROJECTION.projection[a * N + k]! * block[k]!;
    coefficients[a] = s;
  }
  let even = 0;
  let odd = 0;
  for (let k = 0; k < N; k++) {
    let surface = 0;
    for (let a = 0; a < TERMS; a++) surface += PROJECTION.basis[k * TERMS + a]! * coefficients[a]!;
    const r = block[k]! - surface;
    residual[k] = r;
    if ((((k >> 4) + (k & 15)) & 1) === 0) even += r * r;
    else odd += r * r;
  }
  let neighbours = 0;
  for (let j = 0; j < SIZE; j++)
    for (let i = 0; i < SIZE; i++) {
      const r = residual[j * SIZE + i]!;
      if (i + 1 < SIZE) neighbours += r * residual[j * SIZE + i + 1]!;
      if (j + 1 < SIZE) neighbours += r * residual[(j + 1) * SIZE + i]!;
    }
  return { even, odd, neighbours };
}

/** A fitted residual's variance is (N - TERMS) / N of the noise's: the fit takes TERMS degrees of freedom. */
const DOF = N / (N - TERMS);
/** Pairs of neighbours in a block, across and down. */
const PAIRS = 2 * SIZE * (SIZE - 1);

/** Blocks with a clipped or nearly black pixel, or a mean outside this, say little about noise. */
const LOWEST = 5;
const HIGHEST = 250;

/** The share of the valid blocks taken as flat. */
const FLAT_SHARE = 0.1;
const MIN_BLOCKS = 12;

export function flatNoise(image: Rgba): NoiseEstimate {
  const { y, cb, cr } = ycbcr(image);
  const candidates: { select: number; x0: number; y0: number; y: Residual }[] = [];
  for (let y0 = 0; y0 + SIZE <= image.height; y0 += SIZE) {
    for (let x0 = 0; x0 + SIZE <= image.width; x0 += SIZE) {
      let valid = true;
      for (let j = 0; j < SIZE && valid; j++) {
        const row = ((y0 + j) * image.width + x0) * 4;
        for (let i = 0; i < SIZE * 4; i++) {
          if ((i & 3) === 3) continue;
          const v = image.data[row + i]!;
          if (v <= LOWEST || v >= HIGHEST) {
            valid = false;
            break;
          }
        }
      }
      if (!valid) continue;
      const luma = fit(y, x0, y0);
      candidates.push({ select: luma.even, x0, y0, y: luma });
    }
  }
  candidates.sort((a, b) => a.select - b.select);
  const count = Math.min(candidates.length, Math.max(MIN_BLOCKS, Math.round(FLAT_SHARE * candidates.length)));
  // Chroma is fitted on the chosen blocks only.
  const flat = candidates
    .slice(0, count)
    .map((b) => ({ ...b, cb: fit(cb, b.x0, b.y0), cr: fit(cr, b.x0, b.y0) }));
  const half = N / 2;
  const sd = (r: Residual) => Math.sqrt((DOF * r.odd) / half);
  const luma = median(flat.map((b) => sd(b.y)));
  const chroma = median(flat.map((b) => Math.sqrt((sd(b.cb) ** 2 + sd(b.cr) ** 2) / 2)));
  const grain = (pick: (b: (typeof flat)[number]) => Residual[]) => {
    let products = 0;
    let squares = 0;
    for (const b of flat)
      for (const r of pick(b)) {
        products += r.neighbours / PAIRS;
        squares += (r.even + r.odd) / N;
      }
    return squares > 0 ? products / squares : Number.NaN;
  };
  return {
    luma,
    chroma,
    ratio: chroma / luma,
    lumaGrain: grain((b) => [b.y]),
    chromaGrain: grain((b) => [b.cb, b.cr]),
    blocks: flat.length,
  };
}
