import { forEachTexel, input, type Kernel, type KernelPass } from '../../cpu/kernel.ts';
import {
  type Rgb,
  add,
  addLight,
  downsample13,
  loadRgb,
  luma,
  max3,
  opaque,
  scale,
  softThreshold,
  tapAt,
  times,
} from '../../cpu/kernels/light.ts';
import { smoothstep, store, type CpuTexture } from '../../cpu/texture.ts';
import type { LensReflectionUniforms } from './stage.ts';

const RAY_TAPS = 10;

const STREAK_TAPS = 16;

/** 1 inside the frame, falling to 0 over its last texel. */
function inside(qx: number, qy: number, width: number, height: number): number {
  return (
    smoothstep(0, 1, qx) *
    smoothstep(0, 1, width - qx) *
    (smoothstep(0, 1, qy) * smoothstep(0, 1, height - qy))
  );
}

function ghostWindow(qx: number, qy: number, width: number, height: number): number {
  const r = Math.hypot(qx - width * 0.5, qy - height * 0.5) / Math.hypot(width * 0.5, height * 0.5);
  return (1 - smoothstep(0.55, 1, r)) * inside(qx, qy, width, height);
}

const lift = (c: Rgb, gain: number) => scale(c, gain / (1 + gain * luma(c)));

function flare(pass: KernelPass<LensReflectionUniforms>): void {
  const u = pass.u;
  const [sharp, soft, softer, hot, squashed] = [0, 1, 2, 3, 4].map((k) => input(pass, k)) as [
    CpuTexture,
    CpuTexture,
    CpuTexture,
    CpuTexture,
    CpuTexture,
  ];
  const ghosts = u.ghosts;
  const ghostBlur = u.ghostBlur;
  const haloTint = u.haloTint;
  const streakTint = u.streakTint;
  const haloRadius = u.haloRadius;
  const streakStep = u.streakStep;
  const strength = u.strength;
  const ghostCount = u.ghostCount;
  const ghostGain = u.ghostGain;
  const ghostDispersion = u.ghostDispersion;
  const haloDispersion = u.haloDispersion;
  const rayLines = u.rayLines;
  const rayStep = u.rayStep;
  const rayGain = u.rayGain;
  const rayAngle = u.rayAngle;
  const streakGain = u.streakGain;
  const width = soft.width;
  const height = soft.height;

  const blurredAt = (qx: number, qy: number, blur: number): Rgb => {
    if (blur <= 1) {
      let c = scale(tapAt(sharp, qx * 2, qy * 2), 1 - blur);
      if (blur > 0) c = add(c, scale(tapAt(soft, qx, qy), blur));
      return c;
    }
    let c = scale(tapAt(softer, qx * 0.5, qy * 0.5), blur - 1);
    if (blur < 2) c = add(c, scale(tapAt(soft, qx, qy), 2 - blur));
    return c;
  };
  const ghostAt = (qx: number, qy: number, blur: number) =>
    scale(lift(blurredAt(qx, qy, blur), ghostGain), ghostWindow(qx, qy, width, height));
  const ghost = (vx: number, vy: number, s: number, blur: number): Rgb => {
    const cx = width * 0.5;
    const cy = height * 0.5;
    const g = ghostAt(cx + vx / s, cy + vy / s, blur);
    if (ghostDispersion === 0) return g;
    const sr = s * (1 + ghostDispersion);
    const sb = s * (1 - ghostDispersion);
    return [ghostAt(cx + vx / sr, cy + vy / sr, blur)[0], g[1], ghostAt(cx + vx / sb, cy + vy / sb, blur)[2]];
  };
  const halo = (px: number, py: number, vx: number, vy: number): Rgb => {
    const length = Math.max(Math.hypot(vx, vy), 1e-3);
    const tx = -vx / length;
    const ty = -vy / length;
    const channel = (k: 0 | 1 | 2, spread: number) => {
      const qx = px + tx * haloRadius * spread;
      const qy = py + ty * haloRadius * spread;
      return lift(tapAt(soft, qx, qy), ghostGain)[k] * ghostWindow(qx, qy, width, height);
    };
    return [channel(0, 1 + haloDispersion), channel(1, 1), channel(2, 1 - haloDispersion)];
  };
  const hotAt = (qx: number, qy: number) => scale(tapAt(hot, qx, qy), inside(qx, qy, width, height));
  const rays = (px: number, py: number): Rgb => {
    let sum: Rgb = [0, 0, 0];
    for (let k = 0; k < rayLines; k++) {
      const angle = rayAngle + (k * Math.PI) / rayLines;
      const sx = Math.cos(angle) * rayStep;
      const sy = Math.sin(angle) * rayStep;
      for (let t = 1; t <= RAY_TAPS; t++) {
        const w = 1 - t / (RAY_TAPS + 1);
        sum = add(sum, scale(add(hotAt(px + sx * t, py + sy * t), hotAt(px - sx * t, py - sy * t)), w * w));
      }
    }
    return lift(sum, rayGain);
  };
  const streak = (px: number, py: number): Rgb => {
    const streakWidth = squashed.width;
    const x = px * 0.125;
    let strongest: Rgb = [0, 0, 0];
    for (let t = 1; t <= STREAK_TAPS; t++) {
      const w = 1 - t / (STREAK_TAPS + 1);
      const dx = t * streakStep;
      const right = scale(tapAt(squashed, x + dx, py), streakWidth >= x + dx ? 1 : 0);
      const left = scale(tapAt(squashed, x - dx, py), x - dx >= 0 ? 1 : 0);
      strongest = max3(strongest, scale(max3(right, left), w * w));
    }
    return lift(strongest, streakGain);
  };

  forEachTexel(pass.out, (i, x, y) => {
    const px = x + 0.5;
    const py = y + 0.5;
    const vx = px - width * 0.5;
    const vy = py - height * 0.5;
    let sum: Rgb = [0, 0, 0];
    for (let g = 0; g < ghostCount; g++) {
      const tint: Rgb = [ghosts[4 * g] as number, ghosts[4 * g + 1] as number, ghosts[4 * g + 2] as number];
      sum = add(sum, times(ghost(vx, vy, ghosts[4 * g + 3] as number, ghostBlur[g] as number), tint));
    }
    if (haloRadius > 0) sum = add(sum, times(halo(px, py, vx, vy), haloTint));
    if (rayLines > 0) sum = add(sum, rays(px, py));
    if (streakStep > 0) sum = add(sum, times(streak(px, py), streakTint));
    store(pass.out, i, sum[0] * strength, sum[1] * strength, sum[2] * strength, 1);
  });
}

export const lensReflectionEntries: Record<string, Kernel<LensReflectionUniforms>> = {
  bright: opaque((pass) => {
    const source = input(pass, 0);
    const threshold = pass.u.threshold;
    const knee = pass.u.knee;
    const brightScale = pass.u.brightScale;
    const brightPass = (c: Rgb) => {
      const brightness = luma(c);
      return scale(
        c,
        (softThreshold(brightness, threshold, knee) / Math.max(brightness, 1e-5)) * brightScale,
      );
    };
    return (x, y) => {
      const cx = x * 4;
      const cy = y * 4;
      const sum = add(
        add(brightPass(tapAt(source, cx + 1, cy + 1)), brightPass(tapAt(source, cx + 3, cy + 1))),
        add(brightPass(tapAt(source, cx + 1, cy + 3)), brightPass(tapAt(source, cx + 3, cy + 3))),
      );
      return scale(sum, 0.25);
    };
  }),
  soften: opaque((pass) => {
    const source = input(pass, 0);
    return (x, y) => downsample13(source, x, y);
  }),
  hot: opaque((pass) => {
    const quarter = input(pass, 0);
    const blurred = input(pass, 1);
    return (x, y) => {
      const peak = max3(
        max3(loadRgb(quarter, x * 2, y * 2), loadRgb(quarter, x * 2 + 1, y * 2)),
        max3(loadRgb(quarter, x * 2, y * 2 + 1), loadRgb(quarter, x * 2 + 1, y * 2 + 1)),
      );
      const b = loadRgb(blurred, x, y);
      const d: Rgb = [Math.max(peak[0] - b[0], 0), Math.max(peak[1] - b[1], 0), Math.max(peak[2] - b[2], 0)];
      return scale(d, luma(d));
    };
  }),
  squash: opaque((pass) => {
    const hot = input(pass, 0);
    return (x, y) => {
      let hottest: Rgb = [0, 0, 0];
      for (let i = -4; i < 12; i++) hottest = max3(hottest, loadRgb(hot, x * 8 + i, y));
      return hottest;
    };
  }),
  flare,
  main: addLight(8),
};
