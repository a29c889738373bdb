/** Music-video looks: Chief Keef, Phreshboy, Nuke, Stressor. */
import type { Grade } from '../lut-atlas.ts';
import {
  blend,
  brightness,
  clampRgb,
  contrast,
  curve,
  curves,
  gains,
  luma,
  lumaSaturation,
  multiplyBlend,
  overlayBlend,
  saturate,
  splitTone,
  type Rgb,
} from './ops.ts';

// Chief Keef: a hot, saturated warm-magenta video grade: purple shadows, pink-red highlights, punchy.
const keefCurve = curve([
  [0, 0],
  [0.2, 0.14],
  [0.5, 0.52],
  [0.8, 0.88],
  [1, 1],
]);
export const chiefKeefGrade: Grade = (r, g, b) => {
  let c: Rgb = splitTone([r, g, b], [0.5, 0.05, 0.6], [1, 0.6, 0.55], 0.75);
  c = gains(c, [1.08, 0.93, 1.0]);
  c = saturate(clampRgb(c), 1.55);
  return curves(c, keefCurve);
};

// Phreshboy: cool and crushed: blacks pushed down hard into blue-black, a teal-cyan cast, saturated blues.
const crush = curve([
  [0, 0],
  [0.18, 0.02],
  [0.45, 0.38],
  [0.75, 0.8],
  [1, 0.98],
]);
export const phreshboyGrade: Grade = (r, g, b) => {
  // The cast lives mostly in the shadows, so skin keeps some warmth under the cool highlights.
  let c: Rgb = gains([r, g, b], [0.92, 1.0, 1.08]);
  c = splitTone(clampRgb(c), [0.0, 0.3, 0.65], [0.42, 0.52, 0.62], 0.85);
  c = saturate(clampRgb(c), 1.45);
  return curves(c, crush);
};

// Nuke: an over-the-top, blown-out colour: exposure pushed, saturation doubled, highlights clipping.
export const nukeGrade: Grade = (r, g, b) => {
  let c: Rgb = brightness([r, g, b], 1.45);
  c = saturate(c, 2.4);
  c = contrast(c, 1.45);
  return blend(c, [1, 0.85, 0.2], overlayBlend, 0.35);
};

// Stressor: harsh and gritty: colour drained towards a sickly yellow-green, very hard contrast, crushed
// shadows, clipped highlights.
const harsh = curve([
  [0, 0],
  [0.15, 0.02],
  [0.35, 0.22],
  [0.5, 0.48],
  [0.65, 0.76],
  [0.85, 0.97],
  [1, 1],
]);
export const stressorGrade: Grade = (r, g, b) => {
  let c: Rgb = lumaSaturation([r, g, b], 0.55);
  const y = luma(c);
  c = blend(clampRgb(c), [y, y, y], overlayBlend, 0.6);
  c = blend(c, [0.85, 0.95, 0.6], multiplyBlend, 0.5);
  return curves(clampRgb(c), harsh);
};
