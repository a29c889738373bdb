import { bloomSoftThreshold } from '../../src/pipeline/stages/bloom/stage.ts';
import {
  FLARE_TAPS,
  lensReflectionSizes,
  lensReflectionUniforms,
  type LensReflectionParams,
} from '../../src/pipeline/stages/lens-reflection/stage.ts';
import {
  add,
  load,
  luma709,
  mapFloat,
  maxRgb,
  multiply,
  quantise8,
  sampleBilinear,
  scale,
  toFloatImage,
  toRgbaImage,
  type Rgb,
} from './float-image.ts';
import type { RgbaImage } from './image.ts';
import { downsample13 } from './light.ts';
import { smoothstep } from './vignette-shape.ts';

const ZERO: Rgb = [0, 0, 0];

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
    const t = (dx: number, dy: number) => brightPass(sampleBilinear(source, 4 * x + dx, 4 * y + dy));
    return scale(add(add(t(1, 1), t(3, 1)), add(t(1, 3), t(3, 3))), 0.25);
  });
  const soft = mapFloat(sizes.soft.width, sizes.soft.height, (x, y) => downsample13(bright, x, y));
  const softer = mapFloat(sizes.softer.width, sizes.softer.height, (x, y) => downsample13(soft, x, y));
  const hot = mapFloat(sizes.soft.width, sizes.soft.height, (x, y) => {
    const peak = maxRgb(
      maxRgb(load(bright, 2 * x, 2 * y), load(bright, 2 * x + 1, 2 * y)),
      maxRgb(load(bright, 2 * x, 2 * y + 1), load(bright, 2 * x + 1, 2 * y + 1)),
    );
    const around = load(soft, x, y);
    const d: Rgb = [
      Math.max(0, peak[0] - around[0]),
      Math.max(0, peak[1] - around[1]),
      Math.max(0, peak[2] - around[2]),
    ];
    return scale(d, luma709(d));
  });
  const squashed = mapFloat(sizes.streak.width, sizes.streak.height, (x, y) => {
    let hottest = ZERO;
    for (let i = -4; i < 12; i++) hottest = maxRgb(hottest, load(hot, 8 * x + i, y));
    return hottest;
  });

  // The flare, on the eighth-size grid, in its texel units.
  const width = soft.width;
  const height = soft.height;
  const cx = width / 2;
  const cy = height / 2;
  const halfDiagonal = Math.hypot(cx, cy);
  const sharpAt = (qx: number, qy: number) => sampleBilinear(bright, qx * 2, qy * 2);
  const softAt = (qx: number, qy: number) => sampleBilinear(soft, qx, qy);
  const softerAt = (qx: number, qy: number) => sampleBilinear(softer, qx * 0.5, qy * 0.5);
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
    smoothstep(0, 1, qx) *
    smoothstep(0, 1, qy) *
    smoothstep(0, 1, width - qx) *
    smoothstep(0, 1, height - qy);
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
  const hotAt = (qx: number, qy: number): Rgb => scale(sampleBilinear(hot, qx, qy), inside(qx, qy));
  const falloff = (t: number, taps: number) => (1 - t / (taps + 1)) ** 2;

  const flare = quantise8(
    mapFloat(width, height, (x, y) => {
      const px = x + 0.5;
      const py = y + 0.5;
      const vx = px - cx;
      const vy = py - cy;
      let sum = ZERO;
      for (let i = 0; i < u.ghostCount; i++) {
        const [r, g, b, s] = u.ghosts.slice(4 * i, 4 * i + 4) as [number, number, number, number];
        sum = add(sum, multiply(ghost(vx, vy, s, u.ghostBlur[i] ?? 0), [r, g, b]));
      }
      if (u.haloRadius > 0) {
        const length = Math.max(Math.hypot(vx, vy), 1e-3);
        const channel = (k: number, c: 0 | 1 | 2) => {
          const qx = px - (vx / length) * u.haloRadius * k;
          const qy = py - (vy / length) * u.haloRadius * k;
          return lift(softAt(qx, qy), u.ghostGain)[c] * ghostWindow(qx, qy);
        };
        const d = u.haloDispersion;
        sum = add(sum, multiply([channel(1 + d, 0), channel(1, 1), channel(1 - d, 2)], u.haloTint));
      }
      if (u.rayLines > 0) {
        let rays = ZERO;
        for (let k = 0; k < u.rayLines; k++) {
          const angle = u.rayAngle + (k * Math.PI) / u.rayLines;
          const sx = Math.cos(angle) * u.rayStep;
          const sy = Math.sin(angle) * u.rayStep;
          for (let t = 1; t <= FLARE_TAPS.ray; t++) {
            const both = add(hotAt(px + sx * t, py + sy * t), hotAt(px - sx * t, py - sy * t));
            rays = add(rays, scale(both, falloff(t, FLARE_TAPS.ray)));
          }
        }
        sum = add(sum, lift(rays, u.rayGain));
      }
      if (u.streakStep > 0) {
        const xs = px * 0.125;
        let strongest = ZERO;
        for (let t = 1; t <= FLARE_TAPS.streak; t++) {
          const dx = t * u.streakStep;
          const right = xs + dx <= squashed.width ? sampleBilinear(squashed, xs + dx, py) : ZERO;
          const left = xs - dx >= 0 ? sampleBilinear(squashed, xs - dx, py) : ZERO;
          strongest = maxRgb(strongest, scale(maxRgb(right, left), falloff(t, FLARE_TAPS.streak)));
        }
        sum = add(sum, multiply(lift(strongest, u.streakGain), u.streakTint));
      }
      return scale(sum, u.strength);
    }),
  );

  const out = mapFloat(input.width, input.height, (x, y) => {
    const light = sampleBilinear(flare, (x + 0.5) * 0.125, (y + 0.5) * 0.125);
    return add(load(source, x, y), light);
  });
  return toRgbaImage(out, input);
}
