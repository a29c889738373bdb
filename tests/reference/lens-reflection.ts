import {
  FLARE_TAPS,
  lensReflectionSizes,
  lensReflectionUniforms,
  type LensReflectionParams,
} from '../../src/engine/stages/lens-reflection.ts';
import { bloomSoftThreshold } from '../../src/engine/stages/bloom.ts';
import {
  add,
  load,
  luma709,
  mapFloat,
  maxRgb,
  multiply,
  sampleBilinear,
  scale,
  toFloatImage,
  toRgbaImage,
  type Rgb,
} from './float-image.ts';
import type { RgbaImage } from './image.ts';
import { downsample13 } from './light.ts';
import { smoothstep } from './vignette-shape.ts';

/** CPU reference of shaders/lens-reflection, pass for pass. */
export function lensReflection(input: RgbaImage, params: LensReflectionParams): RgbaImage {
  const u = lensReflectionUniforms(params, input.width, input.height);
  const sizes = lensReflectionSizes(input.width, input.height);
  const source = toFloatImage(input);
  const brightPass = (c: Rgb): Rgb => {
    const brightness = luma709(c);
    return scale(
      c,
      (bloomSoftThreshold(brightness, u.threshold, u.knee) / Math.max(brightness, 1e-5)) * u.brightScale,
    );
  };

  const bright = mapFloat(sizes.bright.width, sizes.bright.height, (x, y) => {
    let sum: Rgb = [0, 0, 0];
    for (let j = 0; j < 4; j++)
      for (let i = 0; i < 4; i++) sum = add(sum, brightPass(load(source, 4 * x + i, 4 * y + j)));
    return scale(sum, 1 / 16);
  });
  const soft = mapFloat(sizes.soft.width, sizes.soft.height, (x, y) => downsample13(bright, x, y));
  const softer = mapFloat(sizes.softer.width, sizes.softer.height, (x, y) => downsample13(soft, x, y));
  const hotAt = (qx: number, qy: number): Rgb => {
    const sharp = sampleBilinear(bright, qx, qy);
    const around = sampleBilinear(soft, qx * 0.5, qy * 0.5);
    const d: Rgb = [
      Math.max(0, sharp[0] - around[0]),
      Math.max(0, sharp[1] - around[1]),
      Math.max(0, sharp[2] - around[2]),
    ];
    return scale(d, luma709(d));
  };
  const squashed =
    u.streakStep > 0
      ? mapFloat(sizes.streak.width, sizes.streak.height, (x, y) => {
          let hottest: Rgb = [0, 0, 0];
          for (let i = 0; i < 16; i++) hottest = maxRgb(hottest, hotAt(8 * x - 3.5 + i, y + 0.5));
          return hottest;
        })
      : soft;

  const width = bright.width;
  const height = bright.height;
  const cx = width / 2;
  const cy = height / 2;
  const halfDiagonal = Math.hypot(cx, cy);
  const sharpAt = (qx: number, qy: number) => sampleBilinear(bright, qx, qy);
  const softAt = (qx: number, qy: number) => sampleBilinear(soft, qx * 0.5, qy * 0.5);
  const softerAt = (qx: number, qy: number) => sampleBilinear(softer, qx * 0.25, qy * 0.25);
  const blurredAt = (qx: number, qy: number, blur: number): Rgb => {
    if (blur <= 1) {
      const c = scale(sharpAt(qx, qy), 1 - blur);
      return blur > 0 ? add(c, scale(softAt(qx, qy), blur)) : c;
    }
    const c = scale(softerAt(qx, qy), blur - 1);
    return blur < 2 ? add(c, scale(softAt(qx, qy), 2 - blur)) : c;
  };
  const lift = (c: Rgb, gain: number) => scale(c, gain / (1 + gain * luma709(c)));
  const inside = (qx: number, qy: number) =>
    smoothstep(0, 2, qx) *
    smoothstep(0, 2, qy) *
    smoothstep(0, 2, width - qx) *
    smoothstep(0, 2, height - qy);
  const ghostWindow = (qx: number, qy: number) =>
    (1 - smoothstep(0.55, 1, Math.hypot(qx - cx, qy - cy) / halfDiagonal)) * inside(qx, qy);
  const ghostAt = (qx: number, qy: number, blur: number): Rgb =>
    scale(lift(blurredAt(qx, qy, blur), u.ghostGain), ghostWindow(qx, qy));
  const ghost = (vx: number, vy: number, s: number, blur: number): Rgb => {
    const at = (k: number) => ghostAt(cx + vx / (s * k), cy + vy / (s * k), blur);
    const g = at(1);
    if (u.ghostDispersion === 0) return g;
    return [at(1 + u.ghostDispersion)[0], g[1], at(1 - u.ghostDispersion)[2]];
  };
  const hot = (qx: number, qy: number): Rgb => scale(hotAt(qx, qy), inside(qx, qy));
  const falloff = (t: number) => (1 - t / (FLARE_TAPS + 1)) ** 2;

  const flare = mapFloat(width, height, (x, y) => {
    const px = x + 0.5;
    const py = y + 0.5;
    const vx = px - cx;
    const vy = py - cy;
    let sum: Rgb = [0, 0, 0];
    for (let i = 0; i < u.ghostCount; i++) {
      const [r, g, b, s] = u.ghosts.slice(4 * i, 4 * i + 4) as [number, number, number, number];
      const value = ghost(vx, vy, s, u.ghostBlur[i]!);
      sum = add(sum, [value[0] * r, value[1] * g, value[2] * b]);
    }
    if (u.haloRadius > 0) {
      const length = Math.max(Math.hypot(vx, vy), 1e-3);
      const channel = (k: number, c: 0 | 1 | 2) => {
        const radius = u.haloRadius * k;
        const qx = px - (vx / length) * radius;
        const qy = py - (vy / length) * radius;
        return lift(softAt(qx, qy), u.ghostGain)[c] * ghostWindow(qx, qy);
      };
      const d = u.haloDispersion;
      const halo: Rgb = [channel(1 + d, 0), channel(1, 1), channel(1 - d, 2)];
      sum = add(sum, multiply(halo, u.haloTint));
    }
    if (u.rayLines > 0) {
      let rays: Rgb = [0, 0, 0];
      for (let k = 0; k < u.rayLines; k++) {
        const angle = u.rayAngle + (k * Math.PI) / u.rayLines;
        const sx = Math.cos(angle) * u.rayStep;
        const sy = Math.sin(angle) * u.rayStep;
        for (let t = 1; t <= FLARE_TAPS; t++) {
          const both = add(hot(px + sx * t, py + sy * t), hot(px - sx * t, py - sy * t));
          rays = add(rays, scale(both, falloff(t)));
        }
      }
      sum = add(sum, lift(rays, u.rayGain));
    }
    if (u.streakStep > 0) {
      const xs = px * 0.125;
      let strongest: Rgb = [0, 0, 0];
      for (let t = 1; t <= FLARE_TAPS; t++) {
        const dx = t * u.streakStep;
        const right: Rgb = xs + dx <= squashed.width ? sampleBilinear(squashed, xs + dx, py) : [0, 0, 0];
        const left: Rgb = xs - dx >= 0 ? sampleBilinear(squashed, xs - dx, py) : [0, 0, 0];
        strongest = maxRgb(strongest, scale(maxRgb(right, left), falloff(t)));
      }
      const streak = lift(strongest, u.streakGain);
      sum = add(sum, multiply(streak, u.streakTint));
    }
    return sum;
  });

  const out = mapFloat(input.width, input.height, (x, y) => {
    const light = sampleBilinear(flare, (x + 0.5) * 0.25, (y + 0.5) * 0.25);
    return add(load(source, x, y), scale(light, u.strength));
  });
  return toRgbaImage(out, input);
}
