/** Device looks: the colour of an early phone camera and of a laptop webcam. */
import type { Grade } from '../lut-atlas.ts';
import { clamp01, gains, levels, lumaSaturation, mix, type Rgb } from './ops.ts';

// Nokia: an early phone sensor: a green cast from a poor white balance, low dynamic range (highlights clip
// early, shadows never reach black), colour a little washed.
export const nokiaGrade: Grade = (r, g, b) => {
  let c: Rgb = gains([r, g, b], [0.94, 1.06, 0.82]);
  c = lumaSaturation(c, 0.75);
  return [
    levels(c[0], 0.02, 0.86, 1.1, 0.08, 0.93),
    levels(c[1], 0.02, 0.86, 1.15, 0.1, 0.96),
    levels(c[2], 0.02, 0.86, 1.0, 0.09, 0.86),
  ];
};

// Laptop: a webcam under office light: a cool blue cast, flat contrast, lifted grey shadows, muted colour.
export const laptopGrade: Grade = (r, g, b) => {
  let c: Rgb = gains([r, g, b], [0.88, 0.98, 1.12]);
  c = lumaSaturation(c, 0.8);
  return [
    mix(0.12, 0.9, clamp01(c[0]) ** 0.9),
    mix(0.13, 0.93, clamp01(c[1]) ** 0.9),
    mix(0.17, 0.98, clamp01(c[2]) ** 0.9),
  ];
};
