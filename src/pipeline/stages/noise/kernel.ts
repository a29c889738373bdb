import { type PixelStage } from '../../cpu/kernel.ts';
import { pcg, triangular, valueNoise } from '../../cpu/kernels/pcg.ts';
import { clamp01 } from '../../cpu/texture.ts';
import type { NoiseUniforms } from './stage.ts';

/** noise.wgsl's latticeNoise: value noise on a lattice `grain` pixels apart, its spread evened out. */
function latticeNoise(x: number, y: number, grain: number, field: number): number {
  const qx = (x + 0.5) / grain;
  const qy = (y + 0.5) / grain;
  const cx = Math.floor(qx);
  const cy = Math.floor(qy);
  const fx = qx - cx;
  const fy = qy - cy;
  const spread = ((1 - fx) * (1 - fx) + fx * fx) * ((1 - fy) * (1 - fy) + fy * fy);
  return valueNoise(cx, cy, fx, fy, field) / Math.sqrt(spread);
}

export const noise: PixelStage<NoiseUniforms> = (u) => {
  const amount = u.amount;
  const monochrome = u.monochrome !== 0;
  const overlay = u.blendMode !== 0;
  const shadow = u.shadowAmount;
  const seedHash = pcg(u.seed);
  const sensor = u.sensor !== 0;
  const fields = [pcg(seedHash), pcg(seedHash + 1), pcg(seedHash + 2)] as const;
  const n = new Float32Array(3);
  const blend = (base: number, delta: number) => {
    if (!overlay) return base + delta;
    const layer = clamp01(0.5 + delta);
    return base < 0.5 ? 2 * base * layer : 1 - 2 * (1 - base) * (1 - layer);
  };
  return (c, x, y) => {
    let state = pcg(x + pcg(y + seedHash));
    state = pcg(state);
    n[0] = triangular(state);
    if (sensor) {
      const grey = latticeNoise(x, y, u.lumaGrain, fields[0]);
      const cb = monochrome ? 0 : u.chroma * latticeNoise(x, y, u.chromaGrain, fields[1]);
      const cr = monochrome ? 0 : u.chroma * latticeNoise(x, y, u.chromaGrain, fields[2]);
      n[0] = grey + 1.402 * cr;
      n[1] = grey - 0.344136 * cb - 0.714136 * cr;
      n[2] = grey + 1.772 * cb;
    } else if (monochrome) {
      n[1] = n[0];
      n[2] = n[0];
    } else {
      state = pcg(state);
      n[1] = triangular(state);
      state = pcg(state);
      n[2] = triangular(state);
    }
    const r = c[0] as number;
    const g = c[1] as number;
    const b = c[2] as number;
    const dark = 1 - (0.299 * r + 0.587 * g + 0.114 * b);
    const scale = amount * (1 + 2 * shadow * dark * dark * dark);
    c[0] = clamp01(blend(r, n[0] * scale));
    c[1] = clamp01(blend(g, n[1] * scale));
    c[2] = clamp01(blend(b, n[2] * scale));
  };
};
