/**
 * Stage params for the light looks, from effect settings and the processing size: chosen by eye on the
 * Kodak photos and a night scene, for effects to use as they are or to start from. Sizes are given at the
 * 1080 px reference long side and scale with the image. Worker-safe.
 */
import { bloomTint } from '../grading/bloom-tints.ts';
import { relativePixels } from './settings.ts';
import type { ImageSize } from './types.ts';

/**
 * The CCD glow (ccd_bloom_amount 0..2, ccd_bloom_tint_preset): a low threshold and a wide reach, so that
 * the whole bright part of the frame is veiled in tinted light as a cheap 2005 compact's was.
 */
export function ccdBloomParams(amount: number, tintPreset: string, size: ImageSize) {
  return {
    threshold: 0.62,
    knee: 0.2,
    amount: 0.75 * Math.max(0, amount),
    tint: bloomTint(tintPreset),
    radius: relativePixels(54, size),
  };
}

/**
 * The iPhone 3G's highlight bloom (highlightBloom 0..1): the bloom stage again, with a high threshold,
 * a narrow knee and a tight radius, so that only near-clipped highlights bleed a little into their
 * surroundings, warm-white, as on its small sensor. 0 adds nothing.
 */
export function iphone3HighlightBloomParams(highlightBloom: number, size: ImageSize) {
  return {
    threshold: 0.85,
    knee: 0.08,
    amount: 2 * Math.max(0, highlightBloom),
    tint: [1, 0.97, 0.92] as const,
    radius: relativePixels(14, size),
  };
}
