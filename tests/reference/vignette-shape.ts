import { pcg, triangular } from './pcg.ts';

/** shaders/common/vignette: the radius of a texel, 0 at the centre and 1 at the corners. */
export function vignetteRadius(
  x: number,
  y: number,
  width: number,
  height: number,
  scale: [number, number],
): number {
  return Math.hypot((x + 0.5 - 0.5 * width) * scale[0], (y + 0.5 - 0.5 * height) * scale[1]);
}

/** shaders/common/vignette: triangular +-1 level noise from the halves of one hash, scaled by `weight`. */
export function vignetteDither(x: number, y: number, weight: number): number {
  return (triangular(pcg(((x >>> 0) + pcg(((y >>> 0) + 40503) >>> 0)) >>> 0)) * weight) / 255;
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

export const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
