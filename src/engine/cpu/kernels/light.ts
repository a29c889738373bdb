/** shaders/common/light, bloom and lens-reflection: bright passes, 13-tap downsamples, tent upsamples, the flare. */
import { forEachTexel, input, num, vec, type Kernel, type KernelPass } from '../kernel.ts';
import { clamp01, load, smoothstep, store, tap, type CpuTexture } from '../texture.ts';

type Rgb = [number, number, number];

function softThreshold(brightness: number, threshold: number, knee: number): number {
  let soft = Math.min(Math.max(brightness - threshold + knee, 0), 2 * knee);
  soft = (soft * soft) / (4 * knee + 1e-5);
  return Math.max(soft, brightness - threshold);
}

const scratch = new Float32Array(4);

/** One bilinear tap's colour at (x, y) in texel units. */
function tapAt(source: CpuTexture, x: number, y: number): Rgb {
  tap(source, x, y, scratch);
  return [scratch[0] as number, scratch[1] as number, scratch[2] as number];
}

function loadRgb(source: CpuTexture, x: number, y: number): Rgb {
  load(source, x, y, scratch);
  return [scratch[0] as number, scratch[1] as number, scratch[2] as number];
}

const add = (a: Rgb, b: Rgb): Rgb => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Rgb, s: number): Rgb => [a[0] * s, a[1] * s, a[2] * s];
const times = (a: Rgb, b: readonly number[]): Rgb => [
  a[0] * (b[0] as number),
  a[1] * (b[1] as number),
  a[2] * (b[2] as number),
];
const max3 = (a: Rgb, b: Rgb): Rgb => [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.max(a[2], b[2])];
const luma = (c: Rgb) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

/** Jimenez's 13 taps around destination texel (x, y)'s 2x2 source block, as five 4x4 box means. */
function boxes13(source: CpuTexture, x: number, y: number): [Rgb, Rgb, Rgb, Rgb, Rgb] {
  const cx = x * 2 + 1;
  const cy = y * 2 + 1;
  const at = (dx: number, dy: number) => tapAt(source, cx + dx, cy + dy);
  const centre = at(0, 0);
  const n = at(0, -2);
  const w = at(-2, 0);
  const e = at(2, 0);
  const s = at(0, 2);
  const inner = add(add(at(-1, -1), at(1, -1)), add(at(-1, 1), at(1, 1)));
  return [
    scale(inner, 0.25),
    scale(add(add(at(-2, -2), n), add(w, centre)), 0.25),
    scale(add(add(n, at(2, -2)), add(centre, e)), 0.25),
    scale(add(add(w, centre), add(at(-2, 2), s)), 0.25),
    scale(add(add(centre, e), add(s, at(2, 2))), 0.25),
  ];
}

function downsample13(source: CpuTexture, x: number, y: number): Rgb {
  const b = boxes13(source, x, y);
  return add(scale(b[0], 0.5), scale(add(add(b[1], b[2]), add(b[3], b[4])), 0.125));
}

/** The 3x3 tent over a half-size level at texel (x, y) of the full-size one, as four bilinear taps. */
function tentUp(source: CpuTexture, x: number, y: number): Rgb {
  const startX = ((x - 3) >> 1) + 0.5;
  const startY = ((y - 3) >> 1) + 0.5;
  const oddX = x & 1;
  const oddY = y & 1;
  const ax = startX + (oddX ? 0.7 : 5 / 6);
  const ay = startY + (oddY ? 0.7 : 5 / 6);
  const bx = startX + 2 + (oddX ? 1 / 6 : 0.3);
  const by = startY + 2 + (oddY ? 1 / 6 : 0.3);
  const wax = oddX ? 10 / 16 : 6 / 16;
  const way = oddY ? 10 / 16 : 6 / 16;
  const top = add(scale(tapAt(source, ax, ay), wax), scale(tapAt(source, bx, ay), 1 - wax));
  const bottom = add(scale(tapAt(source, ax, by), wax), scale(tapAt(source, bx, by), 1 - wax));
  return add(scale(top, way), scale(bottom, 1 - way));
}

/** A kernel that stores an opaque colour from `value(x, y)` at every texel. */
function opaque(value: (pass: KernelPass) => (x: number, y: number) => Rgb): Kernel {
  return (pass) => {
    const at = value(pass);
    forEachTexel(pass.out, (i, x, y) => {
      const c = at(x, y);
      store(pass.out, i, c[0], c[1], c[2], 1);
    });
  };
}

/** The full-size pass of both light stages: input1 (at 1 / `factor` of the size) added to input0. */
function addLight(factor: number): Kernel {
  return (pass) => {
    const image = input(pass, 0);
    const light = input(pass, 1);
    const c = new Float32Array(4);
    const l = new Float32Array(4);
    const s = 1 / factor;
    forEachTexel(pass.out, (i, x, y) => {
      load(image, x, y, c);
      tap(light, (x + 0.5) * s, (y + 0.5) * s, l);
      store(
        pass.out,
        i,
        clamp01((c[0] as number) + (l[0] as number)),
        clamp01((c[1] as number) + (l[1] as number)),
        clamp01((c[2] as number) + (l[2] as number)),
        c[3] as number,
      );
    });
  };
}

const karis = (c: Rgb) => 1 / (1 + luma(c));

export const bloomEntries: Record<string, Kernel> = {
  bright: opaque((pass) => {
    const source = input(pass, 0);
    const threshold = num(pass.u, 'threshold');
    const knee = num(pass.u, 'knee');
    const brightScale = num(pass.u, 'brightScale');
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
    const upWeight = num(pass.u, 'upWeight');
    return (x, y) => add(loadRgb(own, x, y), scale(tentUp(coarser, x, y), upWeight));
  }),
  finish: opaque((pass) => {
    const own = input(pass, 0);
    const coarser = input(pass, 1);
    const upWeight = num(pass.u, 'upWeight');
    const gain = num(pass.u, 'normalise') * num(pass.u, 'amount');
    const tint = vec(pass.u, 'tint');
    return (x, y) =>
      times(scale(add(loadRgb(own, x, y), scale(tentUp(coarser, x, y), upWeight)), gain), tint);
  }),
  main: addLight(4),
};

// ---------------------------------------------------------------- lens reflection

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

function flare(pass: KernelPass): void {
  const u = pass.u;
  const [sharp, soft, softer, hot, squashed] = [0, 1, 2, 3, 4].map((k) => input(pass, k)) as [
    CpuTexture,
    CpuTexture,
    CpuTexture,
    CpuTexture,
    CpuTexture,
  ];
  const ghosts = vec(u, 'ghosts');
  const ghostBlur = vec(u, 'ghostBlur');
  const haloTint = vec(u, 'haloTint');
  const streakTint = vec(u, 'streakTint');
  const haloRadius = num(u, 'haloRadius');
  const streakStep = num(u, 'streakStep');
  const strength = num(u, 'strength');
  const ghostCount = num(u, 'ghostCount');
  const ghostGain = num(u, 'ghostGain');
  const ghostDispersion = num(u, 'ghostDispersion');
  const haloDispersion = num(u, 'haloDispersion');
  const rayLines = num(u, 'rayLines');
  const rayStep = num(u, 'rayStep');
  const rayGain = num(u, 'rayGain');
  const rayAngle = num(u, 'rayAngle');
  const streakGain = num(u, 'streakGain');
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

export const lensReflectionEntries: Record<string, Kernel> = {
  bright: opaque((pass) => {
    const source = input(pass, 0);
    const threshold = num(pass.u, 'threshold');
    const knee = num(pass.u, 'knee');
    const brightScale = num(pass.u, 'brightScale');
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
