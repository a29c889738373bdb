/**
 * jpeg.glsl's fragment passes (downsample, forward, quantise, inverse, main) on the same packed planes:
 * each texel of the transforms' textures holds 4 horizontally adjacent samples of one plane (Y on the
 * left; Cb right of it; Cr below Cb in 4:2:0, right of it in 4:2:2 and 4:4:4). The DCT is the orthonormal one scaled
 * by sqrt(8), so that its DC row is 1, as in the shaders.
 */
import { forEachTexel, input, type Kernel, type KernelPass } from '../../cpu/kernel.ts';
import { load, store, tap } from '../../cpu/texture.ts';
import { CHROMA_420, CHROMA_422, type JpegUniforms } from './stage.ts';

/** DCT[u][x], row u at 8 u. */
const DCT = new Float64Array(64);
for (let u = 0; u < 8; u++)
  for (let x = 0; x < 8; x++)
    DCT[u * 8 + x] = u === 0 ? 1 : Math.SQRT2 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);

/** ITU-T T.81 Annex K base tables (libjpeg's), row v at 8 v. */
export const LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];

const CHROMA = [
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
  ...new Array<number>(32).fill(99),
];

/** The stage's geometry: plane sizes and where each plane lies in the packed textures. */
function layout(pass: KernelPass<JpegUniforms>) {
  const [width = 1, height = 1] = pass.u.size;
  const halfHeight = pass.u.subsample === CHROMA_420;
  const subsample = halfHeight || pass.u.subsample === CHROMA_422;
  const padded = (n: number) => Math.ceil(n / 8) * 8;
  const chromaWidth = subsample ? Math.ceil(width / 2) : width;
  const chromaHeight = halfHeight ? Math.ceil(height / 2) : height;
  const luma = { x: padded(width) / 4, y: padded(height) };
  const chroma = { x: padded(chromaWidth) / 4, y: padded(chromaHeight) };
  const origins = [[0, 0], [luma.x, 0], halfHeight ? [luma.x, chroma.y] : [luma.x + chroma.x, 0]] as const;
  /** The plane of packed texel (tx, ty) (-1 outside the planes) and its position in that plane. */
  const locate = (tx: number, ty: number): [number, number, number] => {
    if (tx < luma.x) return [ty < luma.y ? 0 : -1, tx, ty];
    let lx = tx - luma.x;
    let ly = ty;
    let plane = 1;
    if (halfHeight && ly >= chroma.y) {
      plane = 2;
      ly -= chroma.y;
    } else if (!halfHeight && lx >= chroma.x) {
      plane = 2;
      lx -= chroma.x;
    }
    return [lx < chroma.x && ly < chroma.y ? plane : -1, lx, ly];
  };
  return { width, height, subsample, halfHeight, chromaWidth, chromaHeight, origins, locate };
}

/** The pixel at (x, y), clamped, blended on black, in 0..255. */
function rgbAt(
  pass: KernelPass<JpegUniforms>,
  x: number,
  y: number,
  width: number,
  height: number,
  c: Float32Array,
) {
  load(input(pass, 0), Math.min(Math.max(x, 0), width - 1), Math.min(Math.max(y, 0), height - 1), c);
  const scale = 255 * (c[3] as number);
  c[0] = Math.floor((c[0] as number) * scale + 0.5);
  c[1] = Math.floor((c[1] as number) * scale + 0.5);
  c[2] = Math.floor((c[2] as number) * scale + 0.5);
}

const WEIGHTS = [
  [0.299, 0.587, 0.114, 0],
  [-0.168736, -0.331264, 0.5, 128],
  [0.5, -0.418688, -0.081312, 128],
] as const;

/** One JFIF component of an 8-bit RGB colour, rounded and clamped as the encoder stores it. */
function component(plane: number, c: Float32Array): number {
  const w = WEIGHTS[plane] as readonly [number, number, number, number];
  const v = Math.floor(
    w[0] * (c[0] as number) + w[1] * (c[1] as number) + w[2] * (c[2] as number) + w[3] + 0.5,
  );
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

const downsample: Kernel<JpegUniforms> = (pass) => {
  const { width, height, halfHeight } = layout(pass);
  const c = new Float32Array(4);
  const rows = halfHeight ? 2 : 1;
  forEachTexel(pass.out, (i, x, y) => {
    let cb = 0;
    let cr = 0;
    for (let dy = 0; dy < rows; dy++)
      for (let dx = 0; dx < 2; dx++) {
        rgbAt(pass, 2 * x + dx, rows * y + dy, width, height, c);
        cb += component(1, c);
        cr += component(2, c);
      }
    // libjpeg rounds the average with a bias alternating along the row: 1, 2 for 2x2; 0, 1 for 2x1.
    const bias = (halfHeight ? 1 : 0) + (x & 1);
    const n = 2 * rows;
    store(pass.out, i, Math.floor((cb + bias) / n) / 255, Math.floor((cr + bias) / n) / 255, 0, 1);
  });
};

/**
 * The colour conversion and the row DCT. A block row's 8 samples make two texels (coefficients 0..3 and
 * 4..7); planes start on even texels, so each even texel and the next are one block row.
 */
const forward: Kernel<JpegUniforms> = (pass) => {
  const g = layout(pass);
  const chroma = input(pass, 1);
  const { out } = pass;
  const c = new Float32Array(4);
  const samples = new Float64Array(8);
  const coefficients = new Float64Array(8);
  for (let ty = 0; ty < out.height; ty++) {
    for (let tx = 0; tx < out.width; tx += 2) {
      const i = ty * out.width + tx;
      const [plane, lx, y] = g.locate(tx, ty);
      if (plane < 0) {
        store(out, i, 0, 0, 0, 0);
        if (tx + 1 < out.width) store(out, i + 1, 0, 0, 0, 0);
        continue;
      }
      const x0 = lx * 4;
      for (let k = 0; k < 8; k++) {
        if (plane === 0 || !g.subsample) {
          rgbAt(pass, x0 + k, y, g.width, g.height, c);
          samples[k] = component(plane, c) - 128;
        } else {
          load(chroma, x0 + k, y, c);
          samples[k] = Math.floor((c[plane - 1] as number) * 255 + 0.5) - 128;
        }
      }
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let k = 0; k < 8; k++) sum += (DCT[u * 8 + k] as number) * (samples[k] as number);
        coefficients[u] = sum;
      }
      store(
        out,
        i,
        coefficients[0] as number,
        coefficients[1] as number,
        coefficients[2] as number,
        coefficients[3] as number,
      );
      store(
        out,
        i + 1,
        coefficients[4] as number,
        coefficients[5] as number,
        coefficients[6] as number,
        coefficients[7] as number,
      );
    }
  }
};

/**
 * The column DCT, quantisation and dequantisation, and the inverse column DCT, one block column of a
 * texel (4 lanes) at a time: the shader recomputes a column for each of its 8 texels; the sums are the
 * same. Planes start on rows that are multiples of 8, so blocks are the texture's 8-row bands.
 */
const quantise: Kernel<JpegUniforms> = (pass) => {
  const g = layout(pass);
  const rows = input(pass, 0);
  const { out } = pass;
  const q = Math.min(Math.max(pass.u.quality, 1), 100);
  const qualityScale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
  const steps = (table: readonly number[]) =>
    table.map((base) => Math.min(Math.max(Math.floor((base * qualityScale + 50) / 100), 1), 255));
  const lumaSteps = steps(LUMA);
  const chromaSteps = steps(CHROMA);
  const column = new Float32Array(32);
  const requantised = new Float64Array(8);
  const result = new Float64Array(32);
  for (let top = 0; top < out.height; top += 8) {
    for (let tx = 0; tx < out.width; tx++) {
      const [plane, lx] = g.locate(tx, top);
      if (plane < 0) {
        for (let r = 0; r < 8 && top + r < out.height; r++)
          store(out, (top + r) * out.width + tx, 0, 0, 0, 0);
        continue;
      }
      for (let k = 0; k < 8; k++) load(rows, tx, top + k, column, k * 4);
      const table = plane === 0 ? lumaSteps : chromaSteps;
      for (let lane = 0; lane < 4; lane++) {
        const u = lane + 4 * (lx & 1);
        for (let v = 0; v < 8; v++) {
          let value = 0;
          for (let k = 0; k < 8; k++) value += (DCT[v * 8 + k] as number) * (column[k * 4 + lane] as number);
          const step = table[v * 8 + u] as number;
          // Rounded half away from zero; the scaled DCT is 8 times too large.
          requantised[v] = Math.sign(value) * Math.floor(Math.abs(value * 0.125) / step + 0.5) * step;
        }
        for (let r = 0; r < 8; r++) {
          let sum = 0;
          for (let v = 0; v < 8; v++) sum += (DCT[v * 8 + r] as number) * (requantised[v] as number);
          result[r * 4 + lane] = sum;
        }
      }
      for (let r = 0; r < 8 && top + r < out.height; r++)
        store(
          out,
          (top + r) * out.width + tx,
          result[r * 4] as number,
          result[r * 4 + 1] as number,
          result[r * 4 + 2] as number,
          result[r * 4 + 3] as number,
        );
    }
  }
};

const inverse: Kernel<JpegUniforms> = (pass) => {
  const g = layout(pass);
  const columns = input(pass, 0);
  const left = new Float32Array(4);
  const right = new Float32Array(4);
  const decoded = (plane: number, qx: number, qy: number) => {
    const origin = g.origins[plane] as readonly [number, number];
    const tx = origin[0] + (qx & ~7) / 4;
    const ty = origin[1] + qy;
    load(columns, tx, ty, left);
    load(columns, tx + 1, ty, right);
    const x = qx & 7;
    let value = 0;
    for (let u = 0; u < 4; u++)
      value +=
        (DCT[u * 8 + x] as number) * (left[u] as number) +
        (DCT[(u + 4) * 8 + x] as number) * (right[u] as number);
    const v = Math.floor(value * 0.125 + 128.5);
    return v < 0 ? 0 : v > 255 ? 255 : v;
  };
  const lastX = g.chromaWidth - 1;
  const lastY = g.chromaHeight - 1;
  forEachTexel(pass.out, (i, x, y) => {
    let cb = 0;
    let cr = 0;
    // Subsampled chroma in the top-left corner, its last row and column repeated once more for the
    // upsampler.
    if (x <= lastX + 1 && y <= lastY + 1) {
      const qx = Math.min(x, lastX);
      const qy = Math.min(y, lastY);
      cb = decoded(1, qx, qy);
      cr = decoded(2, qx, qy);
    }
    store(pass.out, i, decoded(0, x, y) / 255, cb / 255, cr / 255, 1);
  });
};

export const main: Kernel<JpegUniforms> = (pass) => {
  const g = layout(pass);
  const planes = input(pass, 0);
  const c = new Float32Array(4);
  const s = new Float32Array(4);
  forEachTexel(pass.out, (i, x, y) => {
    load(planes, x, y, c);
    const luma = Math.floor((c[0] as number) * 255 + 0.5);
    let cb = Math.floor((c[1] as number) * 255 + 0.5);
    let cr = Math.floor((c[2] as number) * 255 + 0.5);
    if (g.subsample && !g.halfHeight) {
      // libjpeg's h2v1 fancy upsampling: a bilinear read a quarter sample towards the neighbour across,
      // 3a + b rounded with a bias of 1 on even columns and 2 on odd ones.
      tap(planes, (x + 0.5) * 0.5, y + 0.5, s);
      const bias = 1 + (x & 1);
      cb = Math.floor((Math.floor((s[1] as number) * 255 * 4 + 0.5) + bias) / 4);
      cr = Math.floor((Math.floor((s[2] as number) * 255 * 4 + 0.5) + bias) / 4);
    } else if (g.subsample) {
      // libjpeg's h2v2 fancy upsampling: a bilinear read a quarter sample towards the neighbours, rounded
      // with a bias of 8 on even columns and 7 on odd ones.
      tap(planes, (x + 0.5) * 0.5, (y + 0.5) * 0.5, s);
      const bias = 8 - (x & 1);
      cb = Math.floor((Math.floor((s[1] as number) * 255 * 16 + 0.5) + bias) / 16);
      cr = Math.floor((Math.floor((s[2] as number) * 255 * 16 + 0.5) + bias) / 16);
    }
    cb -= 128;
    cr -= 128;
    const to = (v: number) => {
      const r = Math.floor(v + 0.5);
      return (r < 0 ? 0 : r > 255 ? 255 : r) / 255;
    };
    store(
      pass.out,
      i,
      to(luma + 1.402 * cr),
      to(luma - 0.344136 * cb - 0.714136 * cr),
      to(luma + 1.772 * cb),
      1,
    );
  });
};

export const jpegEntries: Record<string, Kernel<JpegUniforms>> = {
  downsample,
  forward,
  quantise,
  inverse,
  main,
};
