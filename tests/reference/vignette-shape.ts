import { hash2 } from './pcg.ts';

/** shaders/common/vignette: the radius of a texel, 0 at the centre and 1 at the corners. */
export function vignetteRadius(
  x: number,
  y: number,
  width: number,
  height: number,
  roundness: number,
): number {
  const ax = Math.pow(width / height, 1 - roundness);
  const dx = (x + 0.5 - 0.5 * width) / ax;
  const dy = y + 0.5 - 0.5 * height;
  const cx = (0.5 * width) / ax;
  const cy = 0.5 * height;
  return Math.hypot(dx, dy) / Math.hypot(cx, cy);
}

/** shaders/common/vignette: triangular +-1 level noise, scaled by `weight`. */
export function vignetteDither(x: number, y: number, weight: number): number {
  return ((hash2(x, y, 40503) + hash2(x, y, 40504) - 1) * weight) / 255;
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

export const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
