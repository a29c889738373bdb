import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { perPixelStage } from '../per-pixel.ts';

/**
 * Grain whose strength follows a tone curve. Film grain is the silver (or dye) clumps of the emulsion:
 * it shows most in the mid-tones, where a clump's presence or absence changes the density most, and
 * hardly at all in clear highlights or dense shadows. A digital sensor's noise is mostly photon shot
 * noise and read noise, which are largest against the signal in the shadows. The luminance part adds
 * one value to r, g and b; the chroma part moves the colour along the two colour-difference axes of
 * BT.601 YCbCr, which leave luma where it is, so it changes hue and saturation but not brightness.
 */
export interface TonalGrainParams {
  /** Luminance grain strength at the curve's peak: the largest change of a channel, 0..0.3. */
  amount: number;
  /** Chroma grain strength at the curve's peak, 0..0.3 (0: grain without colour). */
  chroma: number;
  /** Grain size as a fraction of the whole image's long side (at least 1 pixel of this image). */
  size: number;
  /** Fixed per look, so that the grain does not shimmer as settings change. */
  seed: number;
  /** 0: film, strongest in the mid-tones; 1: digital, strongest in the shadows. */
  curve: 0 | 1;
}

/**
 * The grain's weight at luma l (0..1), 1 at the curve's peak: film 4 l (1 - l), peak at mid-grey;
 * digital (1 - l)^2, peak in black. The shaders compute the same.
 */
export function tonalGrainCurve(curve: number, luma: number): number {
  const l = Math.min(1, Math.max(0, luma));
  return curve === 1 ? (1 - l) * (1 - l) : 4 * l * (1 - l);
}

/** The lattice spacing in pixels of an image whose long side is `longSide` pixels. */
export function tonalGrainPixels(size: number, longSide: number): number {
  return Math.max(1, size * longSide);
}

const UNIFORMS = [
  { name: 'amount', type: 'f32' },
  { name: 'chroma', type: 'f32' },
  { name: 'size', type: 'f32' },
  { name: 'seed', type: 'u32' },
  { name: 'curve', type: 'i32' },
  { name: 'origin', type: 'vec2i' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type TonalGrainUniforms = UniformParams<typeof UNIFORMS>;

/** One pointwise pass; see tonal-grain.wgsl and .glsl. */
export const tonalGrainStage = perPixelStage<TonalGrainParams, typeof UNIFORMS>({
  name: 'tonal-grain',
  uniforms: UNIFORMS,
  values(params, region) {
    // The grain is sized by the whole image and its lattice laid over it, so a tile or a thumbnail
    // shows the grain the whole image has.
    return {
      amount: Math.min(0.3, Math.max(0, params.amount)),
      chroma: Math.min(0.3, Math.max(0, params.chroma)),
      size: tonalGrainPixels(params.size, Math.max(region.fullWidth, region.fullHeight)),
      curve: params.curve === 1 ? 1 : 0,
    };
  },
  // Pointwise; the lattice is placed by the region's origin.
  reach: () => 0,
});
