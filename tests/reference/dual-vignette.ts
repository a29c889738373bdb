import type { DualVignetteParams } from '../../src/pipeline/stages/dual-vignette/stage.ts';
import { vignetteScale } from '../../src/pipeline/stages/vignette/stage.ts';
import { mapPixels, type RgbaImage } from './image.ts';
import { clamp01, smoothstep, vignetteDither, vignetteRadius } from './vignette-shape.ts';

/** CPU reference of shaders/dual-vignette. */
export function dualVignette(input: RgbaImage, params: DualVignetteParams): RgbaImage {
  const { width, height } = input;
  const scale = vignetteScale(width, height, params.roundness ?? 0);
  return mapPixels(input, (r, g, b, a, x, y) => {
    const radius = vignetteRadius(x, y, width, height, scale);
    const ring = (size: number, softness: number, strength: number) =>
      strength * smoothstep(size, size + Math.max(softness, 1e-4), radius);
    const inner = ring(params.innerSize, params.innerSoftness, params.innerStrength);
    const outer = ring(params.outerSize, params.outerSoftness, params.outerStrength);
    const dither = vignetteDither(x, y, clamp01((inner + outer) * 32));
    const rgb = [r, g, b].map((c, i) => {
      const washed = c + ((params.innerColor[i] ?? 0) - c) * inner;
      return washed + ((params.outerColor[i] ?? 0) - washed) * outer + dither;
    });
    return [rgb[0] ?? 0, rgb[1] ?? 0, rgb[2] ?? 0, a];
  });
}
