import { mapPixels, type RgbaImage } from './image.ts';
import { pcg, triangular } from './pcg.ts';

/** CPU reference of shaders/noise. */
export function noise(
  input: RgbaImage,
  params: { amount: number; monochrome: number; blendMode: number; shadowAmount: number; seed: number },
): RgbaImage {
  const seedHash = pcg(params.seed >>> 0);
  const amount = Math.max(0, params.amount);
  const shadow = Math.min(1, Math.max(0, params.shadowAmount));
  return mapPixels(input, (r, g, b, a, x, y) => {
    let state = pcg((x + pcg((y + seedHash) >>> 0)) >>> 0);
    const draw = () => {
      state = pcg(state);
      return triangular(state);
    };
    let n: number[];
    if (params.monochrome) {
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
