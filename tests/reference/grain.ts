import { mapPixels, type RgbaImage } from './image.ts';
import { pcg, triangular } from './pcg.ts';

/** CPU reference of shaders/grain. */
export function grain(input: RgbaImage, params: { amount: number; size: number; seed: number }): RgbaImage {
  const size = Math.max(1, params.size);
  const seedHash = pcg(params.seed >>> 0);
  // A triangular value per lattice point: a hash of its row, then of its column (two's-complement wrap).
  const lattice = (x: number, y: number) =>
    triangular(pcg(((x >>> 0) + pcg(((y >>> 0) + seedHash) >>> 0)) >>> 0));
  const mix = (a: number, b: number, t: number) => a + (b - a) * t;
  return mapPixels(input, (r, g, b, a, x, y) => {
    const qx = (x + 0.5) / size;
    const qy = (y + 0.5) / size;
    const cx = Math.floor(qx);
    const cy = Math.floor(qy);
    const fx = qx - cx;
    const fy = qy - cy;
    const top = mix(lattice(cx, cy), lattice(cx + 1, cy), fx);
    const bottom = mix(lattice(cx, cy + 1), lattice(cx + 1, cy + 1), fx);
    const n = mix(top, bottom, fy);
    const luma = 0.299 * r + 0.587 * g + 0.114 * b;
    const delta = n * params.amount * (0.5 + 2 * luma * (1 - luma));
    return [r + delta, g + delta, b + delta, a];
  });
}
