import { mapPixels, type RgbaImage } from './image.ts';
import { pcg, triangular } from './pcg.ts';

export interface NoiseReferenceParams {
  amount: number;
  monochrome: number;
  blendMode: number;
  shadowAmount: number;
  seed: number;
  sensor?: number;
  chroma?: number;
  lumaGrain?: number;
  chromaGrain?: number;
}

/**
 * A camera's noise field at pixel (x, y): triangular values on the corners of a lattice `grain` pixels
 * apart (hashed from the corner's row, offset by `field`, then its column), interpolated bilinearly and
 * divided by the root of the squared weights' sum, so its spread does not depend on the pixel's place.
 */
function lattice(x: number, y: number, grain: number, field: number): number {
  const qx = (x + 0.5) / grain;
  const qy = (y + 0.5) / grain;
  const cx = Math.floor(qx);
  const cy = Math.floor(qy);
  const wx = [1 - (qx - cx), qx - cx];
  const wy = [1 - (qy - cy), qy - cy];
  let sum = 0;
  let squares = 0;
  for (let j = 0; j < 2; j++) {
    const row = pcg((cy + j + field) >>> 0);
    for (let i = 0; i < 2; i++) {
      const w = (wx[i] ?? 0) * (wy[j] ?? 0);
      sum += w * triangular(pcg((cx + i + row) >>> 0));
      squares += w * w;
    }
  }
  return sum / Math.sqrt(squares);
}

/** CPU reference of shaders/noise. */
export function noise(input: RgbaImage, params: NoiseReferenceParams): RgbaImage {
  const seedHash = pcg(params.seed >>> 0);
  const sensor = !!params.sensor;
  const chroma = Math.min(4, Math.max(0, params.chroma ?? 0));
  const lumaGrain = Math.min(16, Math.max(1, params.lumaGrain ?? 1));
  const chromaGrain = Math.min(16, Math.max(1, params.chromaGrain ?? 1));
  const fields = [0, 1, 2].map((k) => pcg((seedHash + k) >>> 0));
  const amount = Math.max(0, params.amount);
  const shadow = Math.min(1, Math.max(0, params.shadowAmount));
  return mapPixels(input, (r, g, b, a, x, y) => {
    let state = pcg((x + pcg((y + seedHash) >>> 0)) >>> 0);
    const draw = () => {
      state = pcg(state);
      return triangular(state);
    };
    let n: number[];
    if (sensor) {
      // Grey noise, plus BT.601 Cb and Cr noise turned into RGB.
      const grey = lattice(x, y, lumaGrain, fields[0] ?? 0);
      const cb = params.monochrome ? 0 : chroma * lattice(x, y, chromaGrain, fields[1] ?? 0);
      const cr = params.monochrome ? 0 : chroma * lattice(x, y, chromaGrain, fields[2] ?? 0);
      n = [grey + 1.402 * cr, grey - 0.344136 * cb - 0.714136 * cr, grey + 1.772 * cb];
    } else if (params.monochrome) {
      const v = draw();
      n = [v, v, v];
    } else {
      const nr = draw();
      const ng = draw();
      n = [nr, ng, draw()];
    }
    const dark = 1 - (0.299 * r + 0.587 * g + 0.114 * b);
    const scale = amount * (1 + 2 * shadow * dark * dark * dark);
    const base = [r, g, b];
    const out = base.map((c, i) => {
      const delta = (n[i] ?? 0) * scale;
      if (!params.blendMode) return c + delta;
      const layer = Math.min(1, Math.max(0, 0.5 + delta));
      return c < 0.5 ? 2 * c * layer : 1 - 2 * (1 - c) * (1 - layer);
    });
    return [out[0] ?? 0, out[1] ?? 0, out[2] ?? 0, a];
  });
}
