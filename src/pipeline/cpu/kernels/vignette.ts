import { pcg, triangular } from './pcg.ts';

/** shaders/common/vignette: the radius (0 centre, 1 corners) and the dither of a texel of the whole image. */
export function vignetteRadius(
  gx: number,
  gy: number,
  fullWidth: number,
  fullHeight: number,
  scale: readonly number[],
) {
  const dx = (gx + 0.5 - 0.5 * fullWidth) * (scale[0] as number);
  const dy = (gy + 0.5 - 0.5 * fullHeight) * (scale[1] as number);
  return Math.sqrt(dx * dx + dy * dy);
}

export function vignetteDither(gx: number, gy: number, weight: number): number {
  return (triangular(pcg(gx + pcg(gy + 40503))) * weight) / 255;
}
