import { createImage, toByte, type RgbaImage } from './image.ts';

/** An RGB float image, rows from the top: the CPU counterpart of an rgba16float intermediate. */
export interface FloatImage {
  width: number;
  height: number;
  data: Float32Array;
}

export function createFloatImage(width: number, height: number): FloatImage {
  return { width, height, data: new Float32Array(width * height * 3) };
}

export function toFloatImage(image: RgbaImage): FloatImage {
  const out = createFloatImage(image.width, image.height);
  for (let i = 0, j = 0; i < image.data.length; i += 4, j += 3) {
    out.data[j] = (image.data[i] ?? 0) / 255;
    out.data[j + 1] = (image.data[i + 1] ?? 0) / 255;
    out.data[j + 2] = (image.data[i + 2] ?? 0) / 255;
  }
  return out;
}

export type Rgb = [number, number, number];

/** One texel, coordinates clamped to the edge. */
export function load(image: FloatImage, x: number, y: number): Rgb {
  const cx = Math.min(image.width - 1, Math.max(0, x));
  const cy = Math.min(image.height - 1, Math.max(0, y));
  const i = (cy * image.width + cx) * 3;
  return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
}

/**
 * A bilinear tap with clamp-to-edge at a position in texel units (texel i spans [i, i + 1]), as a linear
 * sampler reads it at uv = at / size.
 */
export function sampleBilinear(image: FloatImage, ax: number, ay: number): Rgb {
  const x = ax - 0.5;
  const y = ay - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const a = load(image, x0, y0);
  const b = load(image, x0 + 1, y0);
  const c = load(image, x0, y0 + 1);
  const d = load(image, x0 + 1, y0 + 1);
  const out: Rgb = [0, 0, 0];
  for (let k = 0; k < 3; k++) {
    const top = (a[k] ?? 0) + ((b[k] ?? 0) - (a[k] ?? 0)) * fx;
    const bottom = (c[k] ?? 0) + ((d[k] ?? 0) - (c[k] ?? 0)) * fx;
    out[k] = top + (bottom - top) * fy;
  }
  return out;
}

/** Fills a float image texel by texel. */
export function mapFloat(width: number, height: number, fn: (x: number, y: number) => Rgb): FloatImage {
  const out = createFloatImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = fn(x, y);
      const i = (y * width + x) * 3;
      out.data[i] = v[0];
      out.data[i + 1] = v[1];
      out.data[i + 2] = v[2];
    }
  }
  return out;
}

/** An rgba8unorm intermediate: every channel clamped to 0..1 and rounded to 8 bits. */
export function quantise8(image: FloatImage): FloatImage {
  return { ...image, data: image.data.map((v) => toByte(v) / 255) };
}

/** Writes RGB (rounded to 8 bits) with the alpha of `alphaFrom`. */
export function toRgbaImage(image: FloatImage, alphaFrom: RgbaImage): RgbaImage {
  const out = createImage(image.width, image.height);
  for (let i = 0, j = 0; i < out.data.length; i += 4, j += 3) {
    out.data[i] = toByte(image.data[j] ?? 0);
    out.data[i + 1] = toByte(image.data[j + 1] ?? 0);
    out.data[i + 2] = toByte(image.data[j + 2] ?? 0);
    out.data[i + 3] = alphaFrom.data[i + 3] ?? 255;
  }
  return out;
}

export const add = (a: Rgb, b: Rgb): Rgb => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
/** Channel by channel. */
export const multiply = (a: Rgb, b: readonly [number, number, number]): Rgb => [
  a[0] * b[0],
  a[1] * b[1],
  a[2] * b[2],
];
/** Channel by channel. */
export const maxRgb = (a: Rgb, b: Rgb): Rgb => [
  Math.max(a[0], b[0]),
  Math.max(a[1], b[1]),
  Math.max(a[2], b[2]),
];
export const scale = (a: Rgb, s: number): Rgb => [a[0] * s, a[1] * s, a[2] * s];
export const luma709 = (c: Rgb) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
