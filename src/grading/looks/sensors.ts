/**
 * Sensor colour of the device effects, beside the Filters looks: not pickable as a look, used inside the
 * quarter-inch (laptop webcam) and iPhone 3G effects.
 */
import type { Grade } from '../lut-atlas.ts';
import { clamp01, curve, gains, lumaSaturation, splitTone, type Rgb } from './ops.ts';

// A quarter-inch webcam sensor: auto white balance that leaves fluorescent light slightly green-cyan, a
// tone curve that lifts the shadows and clips the highlights early, and colour that loses saturation.
const webcamTone = curve([
  [0, 0.06],
  [0.25, 0.3],
  [0.6, 0.7],
  [0.85, 0.95],
  [1, 0.97],
]);
export const webcamSensorGrade: Grade = (r, g, b) => {
  let c: Rgb = gains([r, g, b], [0.95, 1.03, 1.04]);
  c = lumaSaturation(c, 0.72);
  return [webcamTone(clamp01(c[0])), webcamTone(clamp01(c[1])), webcamTone(clamp01(c[2]))];
};

// The iPhone 3G: warm, slightly yellow white balance, a gentle S-curve with soft blacks, highlights that
// roll off into cream, and saturation a little below what the scene had.
const iphoneTone = curve([
  [0, 0.035],
  [0.2, 0.17],
  [0.5, 0.52],
  [0.82, 0.86],
  [1, 0.98],
]);
export const iphone3SensorGrade: Grade = (r, g, b) => {
  let c: Rgb = gains([r, g, b], [1.05, 1.02, 0.88]);
  c = lumaSaturation(c, 0.88);
  c = [iphoneTone(clamp01(c[0])), iphoneTone(clamp01(c[1])), iphoneTone(clamp01(c[2]))];
  return splitTone(c, [0.42, 0.45, 0.5], [1, 0.93, 0.78], 0.25);
};

export const SENSOR_GRADES: Readonly<Record<string, Grade>> = {
  webcam: webcamSensorGrade,
  iphone3: iphone3SensorGrade,
};
