import { createImage, type RgbaImage } from './image.ts';

/** ITU-T T.81 Annex K base quantisation tables, row-major (index v * 8 + u). */
export const LUMA_BASE: readonly number[] = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
export const CHROMA_BASE: readonly number[] = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...(new Array(32).fill(99) as number[]),
];

/** libjpeg's jpeg_set_quality(quality, TRUE): the base table scaled and clamped to 1..255. */
export function quantTable(base: readonly number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
  return base.map((entry) => Math.min(255, Math.max(1, Math.floor((entry * scale + 50) / 100))));
}

/**
 * DCT[u * 8 + x] = sqrt(8) a(u) cos((2x + 1) u pi / 16): the orthonormal 8-point DCT-II M scaled so that
 * its DC row is exactly 1 (F = M B M^T = DCT B DCT^T / 8), as the shaders use it: flat blocks are exact
 * and their .5 ties round up, as libjpeg's integer transforms round them.
 */
export const DCT: readonly number[] = Array.from({ length: 64 }, (_, i) => {
  const u = Math.floor(i / 8);
  const x = i % 8;
  return u === 0 ? 1 : Math.SQRT2 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
});

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.floor(v + 0.5);
const padToBlocks = (length: number) => Math.ceil(length / 8) * 8;

/** Quantise and dequantise, rounding half away from zero. */
function requantise(value: number, step: number): number {
  return Math.sign(value) * Math.floor(Math.abs(value) / step + 0.5) * step;
}

/**
 * Encodes and decodes one plane (width and height whole blocks, 0..255 samples): forward DCT of each block
 * with the level shift, requantisation, inverse DCT, and the decoder's rounding and clamping to 8 bits.
 */
export function roundTripPlane(
  plane: Float64Array,
  width: number,
  height: number,
  steps: readonly number[],
): Float64Array {
  const out = new Float64Array(width * height);
  const block = new Float64Array(64);
  const temp = new Float64Array(64);
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) block[y * 8 + x] = (plane[(by + y) * width + bx + x] ?? 0) - 128;
      }
      // Rows, then columns: F = M B M^T.
      for (let y = 0; y < 8; y++) {
        for (let u = 0; u < 8; u++) {
          let sum = 0;
          for (let k = 0; k < 8; k++) sum += (DCT[u * 8 + k] ?? 0) * (block[y * 8 + k] ?? 0);
          temp[y * 8 + u] = sum;
        }
      }
      for (let v = 0; v < 8; v++) {
        for (let u = 0; u < 8; u++) {
          let sum = 0;
          for (let k = 0; k < 8; k++) sum += (DCT[v * 8 + k] ?? 0) * (temp[k * 8 + u] ?? 0);
          block[v * 8 + u] = requantise(sum / 8, steps[v * 8 + u] ?? 1);
        }
      }
      // Inverse: B = M^T F M, columns then rows.
      for (let y = 0; y < 8; y++) {
        for (let u = 0; u < 8; u++) {
          let sum = 0;
          for (let v = 0; v < 8; v++) sum += (DCT[v * 8 + y] ?? 0) * (block[v * 8 + u] ?? 0);
          temp[y * 8 + u] = sum;
        }
      }
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          let sum = 0;
          for (let u = 0; u < 8; u++) sum += (DCT[u * 8 + x] ?? 0) * (temp[y * 8 + u] ?? 0);
          out[(by + y) * width + bx + x] = clamp(round(sum / 8 + 128), 0, 255);
        }
      }
    }
  }
  return out;
}

/**
 * CPU reference of shaders/jpeg: a libjpeg-style encode and decode (JFIF colour; below quality 100, 4:2:0
 * with libjpeg's biased 2x2 average and h2v2 "fancy" upsampling, or with `subsampling` 1 a camera's 4:2:2
 * with its biased 2x1 average and h2v1 fancy upsampling; quality-scaled Annex K tables), without the
 * GPU's half-float intermediates.
 */
export function jpeg(input: RgbaImage, params: { quality: number; subsampling?: number }): RgbaImage {
  const quality = Math.min(100, Math.max(1, Math.round(params.quality)));
  const subsample = quality < 100;
  // Rows of chroma per pixel row: 2 in 4:2:0 (halved vertically too), 1 in 4:2:2.
  const vertical = params.subsampling === 1 ? 1 : 2;
  const { width, height } = input;
  const pw = padToBlocks(width);
  const ph = padToBlocks(height);
  // YCbCr of the padded image (edges repeated), 8-bit as the encoder's colour converter stores it.
  const ycc = [0, 1, 2].map(() => new Float64Array(pw * ph));
  for (let y = 0; y < ph; y++) {
    for (let x = 0; x < pw; x++) {
      const s = (Math.min(y, height - 1) * width + Math.min(x, width - 1)) * 4;
      const a = (input.data[s + 3] ?? 255) / 255;
      const [r, g, b] = [0, 1, 2].map((c) => round((input.data[s + c] ?? 0) * a)) as [number, number, number];
      const i = y * pw + x;
      (ycc[0] as Float64Array)[i] = clamp(round(0.299 * r + 0.587 * g + 0.114 * b), 0, 255);
      (ycc[1] as Float64Array)[i] = clamp(round(-0.168736 * r - 0.331264 * g + 0.5 * b + 128), 0, 255);
      (ycc[2] as Float64Array)[i] = clamp(round(0.5 * r - 0.418688 * g - 0.081312 * b + 128), 0, 255);
    }
  }
  const lumaSteps = quantTable(LUMA_BASE, quality);
  const chromaSteps = quantTable(CHROMA_BASE, quality);
  const luma = roundTripPlane(ycc[0] as Float64Array, pw, ph, lumaSteps);
  // Chroma planes: 4:2:0 pads ceil(size / 2) to whole blocks; 4:4:4 shares the luma plane's size.
  let cw = pw;
  let chroma: Float64Array[];
  if (subsample) {
    const cpw = padToBlocks(Math.ceil(width / 2));
    const cph = padToBlocks(Math.ceil(height / vertical));
    chroma = [ycc[1], ycc[2]].map((full) => {
      const plane = new Float64Array(cpw * cph);
      for (let r = 0; r < cph; r++) {
        for (let c = 0; c < cpw; c++) {
          let sum = 0;
          for (let dy = 0; dy < vertical; dy++)
            for (let dx = 0; dx < 2; dx++) {
              const x = Math.min(2 * c + dx, width - 1);
              const y = Math.min(vertical * r + dy, height - 1);
              sum += (full as Float64Array)[y * pw + x] ?? 0;
            }
          // libjpeg's biases: 1, 2 along the row for the 2x2 average; 0, 1 for the 2x1 one.
          plane[r * cpw + c] =
            vertical === 2 ? Math.floor((sum + 1 + (c & 1)) / 4) : Math.floor((sum + (c & 1)) / 2);
        }
      }
      return roundTripPlane(plane, cpw, cph, chromaSteps);
    });
    cw = cpw;
  } else {
    chroma = [ycc[1], ycc[2]].map((full) => roundTripPlane(full as Float64Array, pw, ph, chromaSteps));
  }
  const lastX = Math.ceil(width / 2) - 1;
  const lastY = Math.ceil(height / vertical) - 1;
  const at = (plane: Float64Array, x: number, y: number) => plane[y * cw + x] ?? 0;
  const output = createImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let cb: number;
      let cr: number;
      if (subsample && vertical === 1) {
        // h2v1 fancy upsampling: 3/4 the nearest sample and 1/4 the next one out, biases 1 and 2.
        const cx = x >> 1;
        const nx = clamp(cx + 2 * (x & 1) - 1, 0, lastX);
        const [ub, ur] = chroma.map((plane) =>
          Math.floor((3 * at(plane, cx, y) + at(plane, nx, y) + 1 + (x & 1)) / 4),
        ) as [number, number];
        cb = ub - 128;
        cr = ur - 128;
      } else if (subsample) {
        // h2v2 fancy upsampling: triangle weights 9/16, 3/16, 3/16, 1/16 in integers, biases 8 and 7.
        const cx = x >> 1;
        const cy = y >> 1;
        const nx = clamp(cx + 2 * (x & 1) - 1, 0, lastX);
        const ny = clamp(cy + 2 * (y & 1) - 1, 0, lastY);
        const [ub, ur] = chroma.map((plane) => {
          const near = 3 * at(plane, cx, cy) + at(plane, cx, ny);
          const far = 3 * at(plane, nx, cy) + at(plane, nx, ny);
          return Math.floor((3 * near + far + 8 - (x & 1)) / 16);
        }) as [number, number];
        cb = ub - 128;
        cr = ur - 128;
      } else {
        cb = at(chroma[0] as Float64Array, x, y) - 128;
        cr = at(chroma[1] as Float64Array, x, y) - 128;
      }
      const l = luma[y * pw + x] ?? 0;
      const o = (y * width + x) * 4;
      output.data[o] = clamp(round(l + 1.402 * cr), 0, 255);
      output.data[o + 1] = clamp(round(l - 0.344136 * cb - 0.714136 * cr), 0, 255);
      output.data[o + 2] = clamp(round(l + 1.772 * cb), 0, 255);
      output.data[o + 3] = 255;
    }
  }
  return output;
}
