/**
 * shaders/common/light, shared by bloom and lens-reflection (kernels in their folders): bright passes,
 * 13-tap downsamples, tent upsamples.
 */
import { forEachTexel, input, type Kernel, type KernelPass } from '../kernel.ts';
import { clamp01, load, store, tap, type CpuTexture } from '../texture.ts';

export type Rgb = [number, number, number];

export function softThreshold(brightness: number, threshold: number, knee: number): number {
  let soft = Math.min(Math.max(brightness - threshold + knee, 0), 2 * knee);
  soft = (soft * soft) / (4 * knee + 1e-5);
  return Math.max(soft, brightness - threshold);
}

const scratch = new Float32Array(4);

/** One bilinear tap's colour at (x, y) in texel units. */
export function tapAt(source: CpuTexture, x: number, y: number): Rgb {
  tap(source, x, y, scratch);
  return [scratch[0] as number, scratch[1] as number, scratch[2] as number];
}

export function loadRgb(source: CpuTexture, x: number, y: number): Rgb {
  load(source, x, y, scratch);
  return [scratch[0] as number, scratch[1] as number, scratch[2] as number];
}

export const add = (a: Rgb, b: Rgb): Rgb => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];

export const scale = (a: Rgb, s: number): Rgb => [a[0] * s, a[1] * s, a[2] * s];

export const times = (a: Rgb, b: readonly number[]): Rgb => [
  a[0] * (b[0] as number),
  a[1] * (b[1] as number),
  a[2] * (b[2] as number),
];

export const max3 = (a: Rgb, b: Rgb): Rgb => [
  Math.max(a[0], b[0]),
  Math.max(a[1], b[1]),
  Math.max(a[2], b[2]),
];

export const luma = (c: Rgb) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

/** Jimenez's 13 taps around destination texel (x, y)'s 2x2 source block, as five 4x4 box means. */
export function boxes13(source: CpuTexture, x: number, y: number): [Rgb, Rgb, Rgb, Rgb, Rgb] {
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

export function downsample13(source: CpuTexture, x: number, y: number): Rgb {
  const b = boxes13(source, x, y);
  return add(scale(b[0], 0.5), scale(add(add(b[1], b[2]), add(b[3], b[4])), 0.125));
}

/** The 3x3 tent over a half-size level at texel (x, y) of the full-size one, as four bilinear taps. */
export function tentUp(source: CpuTexture, x: number, y: number): Rgb {
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
export function opaque<U>(value: (pass: KernelPass<U>) => (x: number, y: number) => Rgb): Kernel<U> {
  return (pass) => {
    const at = value(pass);
    forEachTexel(pass.out, (i, x, y) => {
      const c = at(x, y);
      store(pass.out, i, c[0], c[1], c[2], 1);
    });
  };
}

/** The full-size pass of both light stages: input1 (at 1 / `factor` of the size) added to input0. */
export function addLight(factor: number): Kernel {
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
