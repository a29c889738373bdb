import { lightLeakGeometry, type LightLeakParams } from '../../src/pipeline/stages/light-leak/stage.ts';
import { mapPixels, type RgbaImage } from './image.ts';
import { clamp01, smoothstep, vignetteDither } from './vignette-shape.ts';

const HOT = [1, 0.93, 0.75];

/** CPU reference of shaders/light-leak. */
export function lightLeak(input: RgbaImage, params: LightLeakParams): RgbaImage {
  const { width, height } = input;
  const { edge, lobes } = lightLeakGeometry(params.seed, width, height);
  const amount = clamp01(params.amount);
  const alongX = edge >= 2;
  // Each lobe's light at a pixel centre, per channel, with its strength and the amount.
  const light = (px: number, py: number) =>
    lobes.map(({ centre, halfLength, depth, color, strength }) => {
      const [along, across] = alongX ? [px - centre[0], py - centre[1]] : [py - centre[1], px - centre[0]];
      const f = 1 - smoothstep(0, 1, Math.hypot(along / halfLength, across / depth));
      const light = 1 - (1 - f) ** 2;
      const hot = 0.5 * light ** 4;
      return color.map((c, k) => amount * strength * light * (c + ((HOT[k] ?? 0) - c) * hot));
    });
  return mapPixels(input, (r, g, b, a, x, y) => {
    const [first = [], second = []] = light(x + 0.5, y + 0.5);
    const dither = vignetteDither(x, y, clamp01(((first[0] ?? 0) + (second[0] ?? 0)) * 32));
    const out = [r, g, b].map(
      (value, k) => 1 - (1 - value) * (1 - (first[k] ?? 0)) * (1 - (second[k] ?? 0)) + dither,
    );
    return [out[0] ?? 0, out[1] ?? 0, out[2] ?? 0, a];
  });
}
