/**
 * What a camera's processing leaves at edges: the halo of its sharpening (edge overshoot) and the seams
 * of its JPEG's 8 x 8 blocks (blockiness). Both are measured on luma, along rows and, on the transposed
 * plane, along columns.
 */
import { median, type Plane, transpose } from './planes.ts';

/** Lines averaged along an edge, which lowers the noise in its profile by sqrt(LINES). */
const LINES = 5;
/** The smallest step, in levels of 255, taken as an edge. */
const MIN_STEP = 40;

/**
 * Steps between two flat sides along rows of `plane`: for each, its overshoot, the amount by which the
 * profile across it goes past its two sides (beyond the bright side and below the dark one, averaged),
 * as a share of the step. The profile is the mean of LINES rows whose steps lie at the same place. The
 * sides are 4 pixels each, 4 to 7 pixels from the step; the overshoot is looked for within 3 pixels.
 */
function rowOvershoots(plane: Plane, out: number[]) {
  const { width, height, data } = plane;
  const profile = new Float32Array(width);
  for (let y0 = 0; y0 + LINES <= height; y0 += LINES) {
    profile.fill(0);
    for (let j = 0; j < LINES; j++)
      for (let x = 0; x < width; x++) profile[x]! += data[(y0 + j) * width + x]! / LINES;
    for (let x = 7; x + 8 < width; x++) {
      const step = profile[x + 1]! - profile[x]!;
      // The steepest step within 3 pixels either side: each edge is counted once.
      let steepest = true;
      for (let k = x - 3; k <= x + 3 && steepest; k++)
        if (k !== x && Math.abs(profile[k + 1]! - profile[k]!) > Math.abs(step)) steepest = false;
      if (!steepest) continue;
      let low = 0;
      let high = 0;
      let lowMin = Infinity;
      let lowMax = -Infinity;
      let highMin = Infinity;
      let highMax = -Infinity;
      for (let k = 0; k < 4; k++) {
        const a = profile[x - 7 + k]!;
        const b = profile[x + 5 + k]!;
        low += a / 4;
        high += b / 4;
        lowMin = Math.min(lowMin, a);
        lowMax = Math.max(lowMax, a);
        highMin = Math.min(highMin, b);
        highMax = Math.max(highMax, b);
      }
      const h = high - low;
      if (Math.abs(h) < MIN_STEP || Math.sign(step) !== Math.sign(h) || Math.abs(step) < 0.25 * Math.abs(h))
        continue;
      // Flat sides, neither clipped (a clipped side cannot show a halo).
      if (lowMax - lowMin > 0.15 * Math.abs(h) || highMax - highMin > 0.15 * Math.abs(h)) continue;
      if (Math.min(low, high) < 10 || Math.max(low, high) > 245) continue;
      // Every line steps at the same place (the edge runs across the lines).
      let aligned = true;
      for (let j = 0; j < LINES && aligned; j++) {
        const row = (y0 + j) * width;
        const d = data[row + x + 1]! - data[row + x]!;
        if (Math.sign(d) !== Math.sign(h) || Math.abs(d) < 0.5 * Math.abs(step)) aligned = false;
      }
      if (!aligned) continue;
      let peak = -Infinity;
      let trough = Infinity;
      for (let k = x - 3; k <= x + 4; k++) {
        peak = Math.max(peak, profile[k]!);
        trough = Math.min(trough, profile[k]!);
      }
      const bright = Math.max(low, high);
      const dark = Math.min(low, high);
      out.push((Math.max(0, peak - bright) + Math.max(0, dark - trough)) / (2 * Math.abs(h)));
    }
  }
}

export interface Overshoot {
  /** Median overshoot as a share of the step (0: no halo). */
  overshoot: number;
  edges: number;
}

export function edgeOvershoot(luma: Plane): Overshoot {
  const values: number[] = [];
  rowOvershoots(luma, values);
  rowOvershoots(transpose(luma), values);
  return { overshoot: values.length >= 10 ? median(values) : Number.NaN, edges: values.length };
}

/**
 * Block seams along rows: for each seam segment (8 rows of the boundary between two horizontally
 * adjacent 8 x 8 blocks), the mean absolute difference across the boundary and within the two blocks.
 * The segments kept are the smoother half (by their inner differences on even rows: JPEG's seams show in
 * smooth parts, and texture would hide them); the ratio is taken on the odd rows, so that the choice does
 * not bias it.
 */
function rowBlockiness(plane: Plane): { across: number; within: number } {
  const { width, height, data } = plane;
  const segments: { select: number; across: number; within: number }[] = [];
  for (let y0 = 0; y0 + 8 <= height; y0 += 8) {
    for (let x = 8; x + 8 <= width; x += 8) {
      let select = 0;
      let across = 0;
      let within = 0;
      let mean = 0;
      for (let j = 0; j < 8; j++) {
        const row = (y0 + j) * width;
        let inner = 0;
        for (let k = x - 7; k < x + 8; k++) {
          if (k === x) continue;
          inner += Math.abs(data[row + k]! - data[row + k - 1]!);
        }
        mean += data[row + x]!;
        if ((j & 1) === 0) select += inner;
        else {
          within += inner / 14;
          across += Math.abs(data[row + x]! - data[row + x - 1]!);
        }
      }
      mean /= 8;
      if (mean < 10 || mean > 245) continue;
      segments.push({ select, across, within });
    }
  }
  segments.sort((a, b) => a.select - b.select);
  const kept = segments.slice(0, Math.ceil(segments.length / 2));
  return {
    across: kept.reduce((s, v) => s + v.across, 0),
    within: kept.reduce((s, v) => s + v.within, 0),
  };
}

/** Blockiness: mean difference across 8 x 8 block seams over that within blocks (1: no seams). */
export function blockiness(luma: Plane): number {
  const rows = rowBlockiness(luma);
  const columns = rowBlockiness(transpose(luma));
  const within = rows.within + columns.within;
  return within > 0 ? (rows.across + columns.across) / within : Number.NaN;
}
