/** The tint presets offered for bloom (spec section 3: an unknown name becomes white). */
export const TINT_PRESETS = ['violet', 'magenta', 'blue', 'orange', 'green', 'white'] as const;
export type TintPreset = (typeof TINT_PRESETS)[number];

export const TINT_OPTIONS = TINT_PRESETS.map((value) => ({
  value,
  label: value[0]?.toUpperCase() + value.slice(1),
}));
