/** Photographic classics: sepia, black and white, desaturations, bleach bypass. */
import type { Grade } from '../lut-atlas.ts';
import {
  blend,
  clamp01,
  curve,
  fromHsv,
  gradientMap,
  luma,
  lumaSaturation,
  overlayBlend,
  toHsv,
  type Rgb,
} from './ops.ts';

/** Sepia as a print toned in a sepia bath: luma through a brown-to-cream gradient, blacks a little lifted. */
export const sepiaGrade: Grade = (r, g, b) => {
  const y = luma([r, g, b]);
  return gradientMap(y, [
    [0.1, 0.06, 0.03],
    [0.36, 0.24, 0.14],
    [0.64, 0.49, 0.33],
    [0.88, 0.77, 0.6],
    [1, 0.97, 0.88],
  ]);
};

// A red-leaning channel mix (as with a yellow-orange filter on black and white film): skies darken and
// skin lightens; then a steep S-curve with deep blacks and clean whites.
const punchy = curve([
  [0, 0],
  [0.08, 0.01],
  [0.3, 0.2],
  [0.5, 0.5],
  [0.7, 0.8],
  [0.92, 0.99],
  [1, 1],
]);
export const blackAndWhiteGrade: Grade = (r, g, b) => {
  const y = punchy(clamp01(0.42 * r + 0.48 * g + 0.1 * b));
  return [y, y, y];
};

// Black and white held inside a narrower range: blacks lifted to charcoal and whites lowered to paper grey,
// as a matte print; the tone curve is otherwise gentle.
const matte = curve([
  [0, 0.13],
  [0.25, 0.3],
  [0.5, 0.5],
  [0.75, 0.68],
  [1, 0.84],
]);
export const blackAndWhiteClampedGrade: Grade = (r, g, b) => {
  const y = matte(luma([r, g, b]));
  return [y, y, y];
};

/** Luma-based partial desaturation: each channel half way to its luma, so brightness is kept. */
export const desatGrade: Grade = (r, g, b) => lumaSaturation([r, g, b], 0.45);

/**
 * HSV-based partial desaturation: saturation scaled down with the value (the brightest channel) kept, so
 * saturated colours turn pastel and brighter than luma desaturation makes them.
 */
export const hsvDesatGrade: Grade = (r, g, b) => {
  const [h, s, v] = toHsv([r, g, b]);
  return fromHsv([h, s * 0.4, v]);
};

// Bleach bypass: the print keeps its silver, which lays a black and white image over the colour one.
// Modelled as partial desaturation, an overlay of the image's own luma (the contrast of the silver layer),
// a touch of cool silver in the highlights.
const bleachCurve = curve([
  [0, 0],
  [0.15, 0.08],
  [0.5, 0.5],
  [0.85, 0.93],
  [1, 1],
]);
export const bleachBypassGrade: Grade = (r, g, b) => {
  const c: Rgb = [r, g, b];
  const y = luma(c);
  const desat = lumaSaturation(c, 0.45);
  const silver = blend(desat, [y, y, y], overlayBlend, 0.9);
  const toned: Rgb = [silver[0] * 0.98, silver[1] * 1.0, silver[2] * 1.03];
  return [bleachCurve(clamp01(toned[0])), bleachCurve(clamp01(toned[1])), bleachCurve(clamp01(toned[2]))];
};
