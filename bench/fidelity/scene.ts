/**
 * Descriptors of the picture as a whole: colour, white balance, highlights, corners, contrast. They
 * depend on the scene as much as on the camera, so across different scenes they are weak evidence.
 */
import { quantile, type Rgba } from './planes.ts';

/** The chroma (C*ab) below which a pixel counts as near-neutral. */
const NEUTRAL_CHROMA = 12;

/** sRGB's transfer function, undone (IEC 61966-2-1). */
function linear(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => linear(v));

/** CIE 1976 L*a*b* of an 8-bit sRGB colour, D65 white. */
export function lab(r: number, g: number, b: number): [number, number, number] {
  const R = LINEAR[r]!;
  const G = LINEAR[g]!;
  const B = LINEAR[b]!;
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  const fy = f(y);
  return [116 * fy - 16, 500 * (f(x) - fy), 200 * (fy - f(z))];
}

export interface SceneDescriptors {
  /** Mean HSV saturation, (max - min) / max, of pixels not near black. */
  saturation: number;
  /** Hasler and Suesstrunk's colourfulness M (2003), on 0..255 values. */
  colourfulness: number;
  /** Mean a* and b* of the near-neutral pixels: L* 20..95, chroma C*ab under 12. */
  castA: number;
  castB: number;
  /** Share of pixels blown to white (all three channels at 250 or more). */
  clipped: number;
  /** Mean luma of the four corners (each 15 % of each side) over that of the centre (30 % of each side). */
  vignetting: number;
  /** Luma's 1st to 99th percentile, in levels of 255. */
  contrast: number;
}

export function sceneDescriptors(image: Rgba): SceneDescriptors {
  const { width, height, data } = image;
  const n = width * height;
  let saturation = 0;
  let lit = 0;
  let clipped = 0;
  let rgSum = 0;
  let rgSquares = 0;
  let ybSum = 0;
  let ybSquares = 0;
  const luma = new Float32Array(n);
  let neutralA = 0;
  let neutralB = 0;
  let neutral = 0;
  for (let i = 0; i < n; i++) {
    const r = data[4 * i]!;
    const g = data[4 * i + 1]!;
    const b = data[4 * i + 2]!;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (max >= 16) {
      saturation += (max - min) / max;
      lit++;
    }
    if (min >= 250) clipped++;
    const rg = r - g;
    const yb = 0.5 * (r + g) - b;
    rgSum += rg;
    rgSquares += rg * rg;
    ybSum += yb;
    ybSquares += yb * yb;
    luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    // Every fourth pixel is enough for the white balance, and keeps the sort small.
    if ((i & 3) === 0) {
      const [l, a, bb] = lab(r, g, b);
      if (l >= 20 && l <= 95 && Math.hypot(a, bb) < NEUTRAL_CHROMA) {
        neutralA += a;
        neutralB += bb;
        neutral++;
      }
    }
  }
  const rgMean = rgSum / n;
  const ybMean = ybSum / n;
  const spread = Math.sqrt(rgSquares / n - rgMean ** 2 + (ybSquares / n - ybMean ** 2));
  const region = (fx0: number, fy0: number, fx1: number, fy1: number) => {
    let sum = 0;
    let count = 0;
    for (let y = Math.floor(fy0 * height); y < Math.ceil(fy1 * height); y++)
      for (let x = Math.floor(fx0 * width); x < Math.ceil(fx1 * width); x++) {
        sum += luma[y * width + x]!;
        count++;
      }
    return sum / count;
  };
  const corners =
    (region(0, 0, 0.15, 0.15) +
      region(0.85, 0, 1, 0.15) +
      region(0, 0.85, 0.15, 1) +
      region(0.85, 0.85, 1, 1)) /
    4;
  return {
    saturation: lit > 0 ? saturation / lit : 0,
    colourfulness: spread + 0.3 * Math.hypot(rgMean, ybMean),
    castA: neutral ? neutralA / neutral : Number.NaN,
    castB: neutral ? neutralB / neutral : Number.NaN,
    clipped: clipped / n,
    vignetting: corners / region(0.35, 0.35, 0.65, 0.65),
    contrast: quantile(luma, 0.99) - quantile(luma, 0.01),
  };
}
