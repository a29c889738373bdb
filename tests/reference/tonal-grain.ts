import {
  tonalGrainCurve,
  tonalGrainPixels,
  type TonalGrainParams,
} from '../../src/pipeline/stages/tonal-grain/stage.ts';
import { mapPixels, type RgbaImage } from './image.ts';
import { pcg, triangular } from './pcg.ts';

/** CPU reference of shaders/tonal-grain, on the whole image. */
export function tonalGrain(input: RgbaImage, params: TonalGrainParams): RgbaImage {
  const size = tonalGrainPixels(params.size, Math.max(input.width, input.height));
  const seedHash = pcg(params.seed >>> 0);
  const amount = Math.min(0.3, Math.max(0, params.amount));
  const chroma = Math.min(0.3, Math.max(0, params.chroma));
  // Three fields (luma, Cb, Cr), each a lattice of triangular values hashed by row and then column.
  const fields = [0, 1, 2].map((k) => pcg((seedHash + k) >>> 0));
  const lattice = (field: number, x: number, y: number) =>
    triangular(pcg(((x >>> 0) + pcg(((y >>> 0) + field) >>> 0)) >>> 0));
  const mix = (a: number, b: number, t: number) => a + (b - a) * t;
  return mapPixels(input, (r, g, b, a, x, y) => {
    const qx = (x + 0.5) / size;
    const qy = (y + 0.5) / size;
    const cx = Math.floor(qx);
    const cy = Math.floor(qy);
    const [n, cb, cr] = fields.map((field) =>
      mix(
        mix(lattice(field, cx, cy), lattice(field, cx + 1, cy), qx - cx),
        mix(lattice(field, cx, cy + 1), lattice(field, cx + 1, cy + 1), qx - cx),
        qy - cy,
      ),
    ) as [number, number, number];
    const weight = tonalGrainCurve(params.curve, 0.299 * r + 0.587 * g + 0.114 * b);
    const luma = n * amount * weight;
    // Cb and Cr offsets through BT.601's inverse, which adds nothing to luma.
    const pb = cb * chroma * weight;
    const pr = cr * chroma * weight;
    return [r + luma + 1.402 * pr, g + luma - 0.344136 * pb - 0.714136 * pr, b + luma + 1.772 * pb, a];
  });
}
