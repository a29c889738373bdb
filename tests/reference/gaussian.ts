/**
 * Float images and the filters the blur family's references share: the exact discrete gaussian, area
 * averaging, bilinear reads. Written for clarity, not speed.
 */
import { createImage, toByte, type RgbaImage } from './image.ts';

/** RGBA in 0..1, rows from the top. */
export interface FloatImage {
  width: number;
  height: number;
  data: Float64Array;
}

export function createFloat(width: number, height: number): FloatImage {
  return { width, height, data: new Float64Array(width * height * 4) };
}

export function toFloat(image: RgbaImage): FloatImage {
  const out = createFloat(image.width, image.height);
  for (let i = 0; i < image.data.length; i++) out.data[i] = (image.data[i] ?? 0) / 255;
  return out;
}

export function toBytes(image: FloatImage): RgbaImage {
  const out = createImage(image.width, image.height);
  for (let i = 0; i < image.data.length; i++) out.data[i] = toByte(image.data[i] ?? 0);
  return out;
}

function clampIndex(i: number, n: number): number {
  return Math.min(n - 1, Math.max(0, i));
}

/** The value of channel c at integer texel (x, y), coordinates clamped to the image. */
export function texel(image: FloatImage, x: number, y: number, c: number): number {
  const cx = clampIndex(x, image.width);
  const cy = clampIndex(y, image.height);
  return image.data[(cy * image.width + cx) * 4 + c] ?? 0;
}

/** Bilinear read at continuous position (x, y) in texels (texel centres at i + 0.5), clamped to the edge. */
export function bilinear(image: FloatImage, x: number, y: number): [number, number, number, number] {
  const tx = Math.min(image.width - 1, Math.max(0, x - 0.5));
  const ty = Math.min(image.height - 1, Math.max(0, y - 0.5));
  const x0 = Math.floor(tx);
  const y0 = Math.floor(ty);
  const fx = tx - x0;
  const fy = ty - y0;
  const out: [number, number, number, number] = [0, 0, 0, 0];
  for (let c = 0; c < 4; c++) {
    const top = texel(image, x0, y0, c) * (1 - fx) + texel(image, x0 + 1, y0, c) * fx;
    const bottom = texel(image, x0, y0 + 1, c) * (1 - fx) + texel(image, x0 + 1, y0 + 1, c) * fx;
    out[c] = top * (1 - fy) + bottom * fy;
  }
  return out;
}

/** Normalised weights exp(-i^2 / 2 sigma^2) for i in -r..r, r = ceil(3 sigma); [1] for sigma 0. */
export function gaussianKernel(sigma: number): number[] {
  if (!(sigma > 0)) return [1];
  const radius = Math.ceil(3 * sigma);
  const weights: number[] = [];
  for (let i = -radius; i <= radius; i++) weights.push(Math.exp((-i * i) / (2 * sigma * sigma)));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** Convolves along x (axis 0) or y (axis 1) with a centred odd-length kernel, edges clamped. */
export function convolve1D(image: FloatImage, kernel: readonly number[], axis: 0 | 1): FloatImage {
  const { width, height } = image;
  const out = createFloat(width, height);
  const radius = (kernel.length - 1) / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let k = -radius; k <= radius; k++) {
          const w = kernel[k + radius] ?? 0;
          sum += w * (axis === 0 ? texel(image, x + k, y, c) : texel(image, x, y + k, c));
        }
        out.data[(y * width + x) * 4 + c] = sum;
      }
    }
  }
  return out;
}

export function gaussian2D(image: FloatImage, sigmaX: number, sigmaY = sigmaX): FloatImage {
  return convolve1D(convolve1D(image, gaussianKernel(sigmaX), 0), gaussianKernel(sigmaY), 1);
}

/**
 * Area average along one axis into `count + 2 * margin` cells of `scale` texels each, cell j covering
 * [(j - margin) * scale, (j - margin + 1) * scale); the image is extended beyond its edge by clamping.
 */
function areaAverage1D(image: FloatImage, count: number, scale: number, margin: number, axis: 0 | 1) {
  const cells = count + 2 * margin;
  const out = axis === 0 ? createFloat(cells, image.height) : createFloat(image.width, cells);
  const lines = axis === 0 ? image.height : image.width;
  for (let line = 0; line < lines; line++) {
    for (let j = 0; j < cells; j++) {
      const start = (j - margin) * scale;
      const end = start + scale;
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let i = Math.floor(start); i < Math.ceil(end); i++) {
          const overlap = Math.min(end, i + 1) - Math.max(start, i);
          if (overlap <= 0) continue;
          sum += overlap * (axis === 0 ? texel(image, i, line, c) : texel(image, line, i, c));
        }
        const at = axis === 0 ? (line * cells + j) * 4 + c : (j * image.width + line) * 4 + c;
        out.data[at] = sum / scale;
      }
    }
  }
  return out;
}

/**
 * The gaussian blur as the blur stage defines it. downsample 1: the exact separable gaussian, edges
 * clamped. downsample D > 1: the image averaged over blocks of about D x D pixels (ceil(size / D) blocks
 * per axis, filling the image), blurred there by the sigma left once the box and the bilinear read-back
 * are counted, sqrt(sigma^2 - (D^2 - 1) / 4) / D, and read back bilinearly. The low-resolution image
 * extends past the edge as the clamped full-resolution image would, so edges clamp as at full resolution.
 */
export function gaussianBlur(image: FloatImage, sigma: number, downsample = 1): FloatImage {
  const { width, height } = image;
  const lowWidth = Math.ceil(width / Math.max(1, downsample));
  const lowHeight = Math.ceil(height / Math.max(1, downsample));
  if (lowWidth === width && lowHeight === height) return gaussian2D(image, sigma);
  const scaleX = width / lowWidth;
  const scaleY = height / lowHeight;
  const low = (scale: number) => Math.sqrt(Math.max(0, sigma * sigma - (scale * scale - 1) / 4)) / scale;
  const sigmaX = low(scaleX);
  const sigmaY = low(scaleY);
  const margin = Math.ceil(3 * Math.max(sigmaX, sigmaY)) + 1;
  const reduced = areaAverage1D(
    areaAverage1D(image, lowWidth, scaleX, margin, 0),
    lowHeight,
    scaleY,
    margin,
    1,
  );
  const blurred = gaussian2D(reduced, sigmaX, sigmaY);
  const out = createFloat(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = bilinear(
        blurred,
        ((x + 0.5) / width) * lowWidth + margin,
        ((y + 0.5) / height) * lowHeight + margin,
      );
      out.data.set(value, (y * width + x) * 4);
    }
  }
  return out;
}
