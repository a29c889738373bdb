import { createFloat, texel, toBytes, toFloat, type FloatImage } from './gaussian.ts';
import type { RgbaImage } from './image.ts';

/**
 * One pass of the separable bilateral filter along x (axis 0) or y (axis 1): offsets 0, s, 2s, ... up to
 * r = ceil(2 sigma_s) with s = ceil(r / 6), each neighbour weighted exp(-o^2 / 2 sigma_s^2) times
 * exp(-D^2 / 2 sigma_r^2), D^2 the mean squared r, g, b difference from the centre; edges clamped.
 */
function bilateralPass(image: FloatImage, sigmaS: number, sigmaR: number, axis: 0 | 1): FloatImage {
  const { width, height } = image;
  const out = createFloat(width, height);
  const radius = sigmaS > 0 ? Math.ceil(2 * sigmaS) : 0;
  const stride = Math.max(1, Math.ceil(radius / 6));
  const offsets: number[] = [0];
  for (let o = stride; o <= radius; o += stride) offsets.push(o, -o);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const centre = [0, 1, 2, 3].map((c) => texel(image, x, y, c));
      const sum = [0, 0, 0, 0];
      let total = 0;
      for (const o of offsets) {
        const qx = axis === 0 ? x + o : x;
        const qy = axis === 0 ? y : y + o;
        const value = [0, 1, 2, 3].map((c) => texel(image, qx, qy, c));
        let d2 = 0;
        for (let c = 0; c < 3; c++) d2 += ((value[c] ?? 0) - (centre[c] ?? 0)) ** 2;
        const w = Math.exp((-o * o) / (2 * sigmaS * sigmaS || 1)) * Math.exp(-d2 / 3 / (2 * sigmaR * sigmaR));
        for (let c = 0; c < 4; c++) sum[c] = (sum[c] ?? 0) + w * (value[c] ?? 0);
        total += w;
      }
      for (let c = 0; c < 4; c++) out.data[(y * width + x) * 4 + c] = (sum[c] ?? 0) / total;
    }
  }
  return out;
}

/** CPU reference of the bilateral stage: rows, then columns of the rows' (unrounded) result. */
export function bilateral(
  input: RgbaImage,
  params: { spatialSigma?: number; luminanceSigma?: number },
): RgbaImage {
  const sigmaS = Math.max(0, params.spatialSigma ?? 2);
  const sigmaR = Math.max(0.001, params.luminanceSigma ?? 0.1);
  const rows = bilateralPass(toFloat(input), sigmaS, sigmaR, 0);
  return toBytes(bilateralPass(rows, sigmaS, sigmaR, 1));
}
