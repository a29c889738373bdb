/** Spec section 9: the collage's eight fonts, in the order the font menu lists them. */
export const COLLAGE_FONTS = [
  'Arial',
  'Times New Roman',
  'Comic Sans MS',
  'Impact',
  'Courier New',
  'Yomogi',
  'Creepster',
  'Special Elite',
] as const;

export type CollageFont = (typeof COLLAGE_FONTS)[number];

export function isCollageFont(name: string): name is CollageFont {
  return (COLLAGE_FONTS as readonly string[]).includes(name);
}
