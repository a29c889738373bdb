/**
 * The measurement's image and its planes: an RGBA8 image as decoders give it, split into BT.601 full-range
 * Y, Cb and Cr (JFIF's, the planes a JPEG codes), and the small statistics every descriptor uses.
 */

/** An RGBA8 image, rows from the top (jpeg-js's and ImageData's layout). */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** One plane of floats, rows from the top. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

/** JFIF's Y, Cb and Cr in 0..255 (Cb and Cr centred on 128), at every pixel. */
export function ycbcr(image: Rgba): { y: Plane; cb: Plane; cr: Plane } {
  const { width, height, data } = image;
  const n = width * height;
  const y = new Float32Array(n);
  const cb = new Float32Array(n);
  const cr = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = data[4 * i] as number;
    const g = data[4 * i + 1] as number;
    const b = data[4 * i + 2] as number;
    y[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    cb[i] = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    cr[i] = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  }
  return { y: { width, height, data: y }, cb: { width, height, data: cb }, cr: { width, height, data: cr } };
}

/** The plane turned about its diagonal: columns become rows, so one row scan serves both directions. */
export function transpose(plane: Plane): Plane {
  const { width, height, data } = plane;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x * height + y] = data[y * width + x]!;
  return { width: height, height: width, data: out };
}

/**
 * The image reduced by a whole factor so that its long side is at most `longSide`, each output pixel the
 * mean of its factor x factor source pixels (partial blocks at the right and bottom are dropped).
 */
export function downscale(image: Rgba, longSide: number): Rgba {
  const factor = Math.ceil(Math.max(image.width, image.height) / longSide);
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = new Uint8Array(width * height * 4);
  const sums = new Float64Array(width * 3);
  const area = factor * factor;
  for (let oy = 0; oy < height; oy++) {
    sums.fill(0);
    for (let sy = oy * factor; sy < (oy + 1) * factor; sy++) {
      const row = sy * image.width * 4;
      for (let ox = 0; ox < width; ox++) {
        let at = row + ox * factor * 4;
        for (let k = 0; k < factor; k++, at += 4) {
          sums[3 * ox]! += image.data[at]!;
          sums[3 * ox + 1]! += image.data[at + 1]!;
          sums[3 * ox + 2]! += image.data[at + 2]!;
        }
      }
    }
    for (let ox = 0; ox < width; ox++) {
      const at = (oy * width + ox) * 4;
      out[at] = Math.round(sums[3 * ox]! / area);
      out[at + 1] = Math.round(sums[3 * ox + 1]! / area);
      out[at + 2] = Math.round(sums[3 * ox + 2]! / area);
      out[at + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/** The p-quantile (0..1) of the values, linearly interpolated between order statistics; NaN when empty. */
export function quantile(values: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(values)
    .filter((v) => Number.isFinite(v))
    .sort();
  if (sorted.length === 0) return Number.NaN;
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

export const median = (values: ArrayLike<number>) => quantile(values, 0.5);
