import { input, type Kernel } from '../../cpu/kernel.ts';
import {
  type Rgb,
  add,
  addLight,
  boxes13,
  downsample13,
  loadRgb,
  luma,
  opaque,
  scale,
  softThreshold,
  tapAt,
  tentUp,
  times,
} from '../../cpu/kernels/light.ts';
import type { BloomUniforms } from './stage.ts';

const karis = (c: Rgb) => 1 / (1 + luma(c));

export const bloomEntries: Record<string, Kernel<BloomUniforms>> = {
  bright: opaque((pass) => {
    const source = input(pass, 0);
    const threshold = pass.u.threshold;
    const knee = pass.u.knee;
    const brightScale = pass.u.brightScale;
    return (x, y) => {
      const c = tapAt(source, x * 2 + 1, y * 2 + 1);
      const brightness = Math.max(c[0], c[1], c[2]);
      const weight = softThreshold(brightness, threshold, knee) / Math.max(brightness, 1e-5);
      return scale(c, weight * brightScale);
    };
  }),
  prefilter: opaque((pass) => {
    const source = input(pass, 0);
    return (x, y) => {
      const b = boxes13(source, x, y);
      const w = [
        0.5 * karis(b[0]),
        0.125 * karis(b[1]),
        0.125 * karis(b[2]),
        0.125 * karis(b[3]),
        0.125 * karis(b[4]),
      ];
      let sum: Rgb = [0, 0, 0];
      let total = 0;
      b.forEach((box, k) => {
        sum = add(sum, scale(box, w[k] as number));
        total += w[k] as number;
      });
      return scale(sum, 1 / total);
    };
  }),
  down: opaque((pass) => {
    const source = input(pass, 0);
    return (x, y) => downsample13(source, x, y);
  }),
  up: opaque((pass) => {
    const own = input(pass, 0);
    const coarser = input(pass, 1);
    const upWeight = pass.u.upWeight;
    return (x, y) => add(loadRgb(own, x, y), scale(tentUp(coarser, x, y), upWeight));
  }),
  finish: opaque((pass) => {
    const own = input(pass, 0);
    const coarser = input(pass, 1);
    const upWeight = pass.u.upWeight;
    const gain = pass.u.normalise * pass.u.amount;
    const tint = pass.u.tint;
    return (x, y) =>
      times(scale(add(loadRgb(own, x, y), scale(tentUp(coarser, x, y), upWeight)), gain), tint);
  }),
  main: addLight(4),
};

// ---------------------------------------------------------------- lens reflection
