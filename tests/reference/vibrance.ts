import { mapPixels, type RgbaImage } from './image.ts';

/** CPU reference of shaders/vibrance. */
export function vibrance(input: RgbaImage, params: { vibrance: number }): RgbaImage {
  return mapPixels(input, (r, g, b, a) => {
    const average = (r + g + b) / 3;
    const mx = Math.max(r, g, b);
    const amount = (mx - average) * (-3 * params.vibrance);
    const mix = (c: number) => c + (mx - c) * amount;
    return [mix(r), mix(g), mix(b), a];
  });
}
