/** The Filters effect's looks (spec section 3), in the order the picker shows them. */
export const LOOK_NAMES = [
  'nashville',
  'chief_keef',
  'nuke',
  'phreshboy',
  'sepia',
  '2014',
  '$$$',
  'pandora',
  'bleach_bypass',
  'stressor',
  'b&w',
  'b&w_clamped',
  'desat',
  'hsv_desat',
  'nokia',
  'laptop',
  'coloredvignette',
  'calvin',
] as const;

export type LookName = (typeof LOOK_NAMES)[number];

/** The resource key of a look's LUT, or of the user's own `.cube` file. */
export function lutKey(name: string): string {
  return `lut:${name}`;
}

export const CUSTOM_LUT = 'custom';
