import { SMEAR_AREA, SMEAR_GAIN, SMEAR_SOFTNESS, SMEAR_TINT } from '../../src/pipeline/stages/smear/stage.ts';
import { clipped } from './clip.ts';
import { mapPixels, type RgbaImage } from './image.ts';

/**
 * CPU reference of the smear stage: each column's clipped share, softened across columns by a gaussian
 * (columns beyond the frame count as 0, the weights summed over the whole kernel), saturated as
 * 1 - exp(-gain share) and faded by exp(-share / area) where much of the column clips, and the tinted stripe screened over the column.
 */
export function smear(input: RgbaImage, params: { amount: number }): RgbaImage {
  const { width, height, data } = input;
  const amount = Math.min(1, Math.max(0, params.amount));
  const shares = new Float64Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      shares[x] =
        (shares[x] ?? 0) + clipped((data[i] ?? 0) / 255, (data[i + 1] ?? 0) / 255, (data[i + 2] ?? 0) / 255);
    }
  }
  const sigma = SMEAR_SOFTNESS * Math.max(width, height);
  const radius = Math.ceil(3 * sigma);
  const strength = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    let sum = 0;
    let total = 0;
    for (let k = -radius; k <= radius; k++) {
      const w = Math.exp(-(k * k) / (2 * sigma * sigma));
      total += w;
      if (x + k >= 0 && x + k < width) sum += (w * (shares[x + k] ?? 0)) / height;
    }
    const share = sum / total;
    strength[x] = amount * (1 - Math.exp(-SMEAR_GAIN * share)) * Math.exp(-share / SMEAR_AREA);
  }
  return mapPixels(input, (r, g, b, a, x) => {
    const s = strength[x] ?? 0;
    return [
      r + s * SMEAR_TINT[0] * (1 - r),
      g + s * SMEAR_TINT[1] * (1 - g),
      b + s * SMEAR_TINT[2] * (1 - b),
      a,
    ];
  });
}
