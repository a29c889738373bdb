import { vignetteScale, type VignetteParams } from '../../src/pipeline/stages/vignette/stage.ts';
import { mapPixels, type RgbaImage } from './image.ts';
import { clamp01, smoothstep, vignetteDither, vignetteRadius } from './vignette-shape.ts';

/** CPU reference of shaders/vignette. */
export function vignette(input: RgbaImage, params: VignetteParams): RgbaImage {
  const { width, height } = input;
  const scale = vignetteScale(width, height, params.roundness ?? 0);
  const softness = Math.max(params.softness, 1e-4);
  return mapPixels(input, (r, g, b, a, x, y) => {
    const radius = vignetteRadius(x, y, width, height, scale);
    const k = params.amount * smoothstep(params.size, params.size + softness, radius);
    const dither = vignetteDither(x, y, clamp01(k * 32));
    const rgb = [r, g, b].map((c, i) => {
      const target = params.color[i] ?? 0;
      const v = (params.blend ?? 0) === 1 ? c + (target - c) * k : c * (1 + (target - 1) * k);
      return v + dither;
    });
    return [rgb[0] ?? 0, rgb[1] ?? 0, rgb[2] ?? 0, a];
  });
}
