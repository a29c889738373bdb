/** App-filter looks: Nashville, 2014, $$$, Pandora, Colored vignette, Calvin. */
import type { Grade } from '../lut-atlas.ts';
import {
  blend,
  brightness,
  clamp01,
  clampRgb,
  contrast,
  curve,
  curves,
  darkenBlend,
  gains,
  lightenBlend,
  luma,
  lumaSaturation,
  saturate,
  screenBlend,
  sepia,
  splitTone,
  type Rgb,
} from './ops.ts';

/**
 * Nashville after the public CSSgram recipe: sepia .2, contrast 1.2, brightness 1.05, saturate 1.2, then a
 * peach layer (247, 176, 153) at .56 in darken mode and a blue layer (0, 70, 150) at .4 in lighten mode:
 * peachy highlights over blue-lifted shadows.
 */
export const nashvilleGrade: Grade = (r, g, b) => {
  let c: Rgb = sepia([r, g, b], 0.2);
  c = contrast(c, 1.2);
  c = brightness(c, 1.05);
  c = saturate(c, 1.2);
  c = blend(c, [247 / 255, 176 / 255, 153 / 255], darkenBlend, 0.56);
  return blend(c, [0, 70 / 255, 150 / 255], lightenBlend, 0.4);
};

// 2014: the faded, matte teal-and-orange of that year's apps: blacks lifted into teal, whites held below
// white, warm orange mids and highlights, colour a little muted.
const fadeR = curve([
  [0, 0.1],
  [0.25, 0.24],
  [0.5, 0.53],
  [0.75, 0.8],
  [1, 0.95],
]);
const fadeG = curve([
  [0, 0.14],
  [0.25, 0.27],
  [0.5, 0.5],
  [0.75, 0.74],
  [1, 0.92],
]);
const fadeB = curve([
  [0, 0.17],
  [0.25, 0.3],
  [0.5, 0.46],
  [0.75, 0.64],
  [1, 0.82],
]);
export const look2014Grade: Grade = (r, g, b) => {
  const c = lumaSaturation([r, g, b], 0.85);
  return curves(splitTone(clampRgb(c), [0.1, 0.55, 0.6], [1, 0.62, 0.3], 0.5), fadeR, fadeG, fadeB);
};

// $$$: money: deep green shadows, gold highlights, rich and a little contrasty.
const moneyContrast = curve([
  [0, 0.02],
  [0.25, 0.2],
  [0.5, 0.5],
  [0.75, 0.79],
  [1, 0.97],
]);
export const moneyGrade: Grade = (r, g, b) => {
  let c: Rgb = splitTone([r, g, b], [0.05, 0.45, 0.2], [1, 0.8, 0.25], 0.8, 0.45);
  c = gains(c, [1.02, 1.03, 0.86]);
  c = saturate(clampRgb(c), 1.25);
  return curves(c, moneyContrast);
};

// Pandora: luminous blue-cyan: midtones lifted by a cyan screen, shadows deepened to blue, colour rich.
export const pandoraGrade: Grade = (r, g, b) => {
  let c: Rgb = [r, g, b];
  const y = luma(c);
  c = blend(c, [0.0, 0.42, 0.62], screenBlend, 0.55);
  c = gains(c, [0.82, 1.0, 1.08]);
  c = splitTone(clampRgb(c), [0.05, 0.15, 0.6], [0.6, 1, 1], 0.7);
  // A soft glow: brighter where the image is already bright.
  c = blend(c, [y, y, y], screenBlend, 0.35);
  return saturate(clampRgb(c), 1.25);
};

// Colored vignette: a dreamy cross-processed grade made to sit under a tinted vignette: violet-pink
// shadows, warm creamy highlights, a soft fade.
const dreamFade = curve([
  [0, 0.07],
  [0.5, 0.52],
  [1, 0.97],
]);
export const coloredVignetteGrade: Grade = (r, g, b) => {
  let c: Rgb = splitTone([r, g, b], [0.55, 0.1, 0.7], [1, 0.85, 0.55], 0.85);
  c = gains(c, [1.05, 0.96, 1.0]);
  c = saturate(clampRgb(c), 1.1);
  return curves(c, dreamFade);
};

// Calvin: a clean warm fashion grade: whites stay white, skin glows, a gentle S-curve, colour slightly
// restrained so it reads as expensive rather than loud.
const calvinCurve = curve([
  [0, 0],
  [0.2, 0.16],
  [0.5, 0.52],
  [0.8, 0.86],
  [1, 1],
]);
export const calvinGrade: Grade = (r, g, b) => {
  let c: Rgb = gains([r, g, b], [1.06, 1.01, 0.9]);
  c = lumaSaturation(c, 0.88);
  c = [clamp01(c[0]), clamp01(c[1]), clamp01(c[2])];
  return curves(c, calvinCurve);
};
