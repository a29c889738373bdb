/**
 * Colours of the CCD effect's bloom (`ccd_bloom_tint_preset`, names in tints.ts): the glow of a cheap
 * 2005 compact, whose coatings and sensor lend its flare a cast. Values are RGB multipliers of the glow,
 * chosen by eye on bright photos; each keeps its brightest channel at 1 so that the presets glow about
 * equally strongly. Worker-safe: plain data.
 */
import type { TintPreset } from './tints.ts';

export const BLOOM_TINTS: Readonly<Record<TintPreset, readonly [number, number, number]>> = {
  violet: [0.78, 0.6, 1],
  magenta: [1, 0.5, 0.86],
  blue: [0.55, 0.74, 1],
  orange: [1, 0.7, 0.42],
  green: [0.64, 1, 0.6],
  white: [1, 1, 1],
};

/** The tint for a preset name; any name it does not know (or none) is white. */
export function bloomTint(name: string | null | undefined): readonly [number, number, number] {
  return Object.hasOwn(BLOOM_TINTS, name ?? '') ? BLOOM_TINTS[name as TintPreset] : BLOOM_TINTS.white;
}
