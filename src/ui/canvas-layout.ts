/** Product spec section 2: the canvas layout rule. */

export const MOBILE_MAX = 767;
export const TABLET_MAX = 991;
export const TABLET_PANEL = 280;
export const DESKTOP_PANELS = 480;
const GUTTER = 20;

export type LayoutMode = 'mobile' | 'tablet' | 'desktop';

export function layoutMode(viewportWidth: number): LayoutMode {
  if (viewportWidth <= MOBILE_MAX) return 'mobile';
  if (viewportWidth <= TABLET_MAX) return 'tablet';
  return 'desktop';
}

/** A window this short is a phone held sideways, whatever its width (844 x 390). */
export const PHONE_LANDSCAPE_MAX_HEIGHT = 500;

/**
 * Whether the window is a phone's: the mobile layout, or a phone on its side (the tablet's or desktop's
 * columns in a short window). A phone's action bar is one row, its effects and steps strips.
 */
export function isPhone(viewport: { width: number; height: number }): boolean {
  return layoutMode(viewport.width) === 'mobile' || viewport.height <= PHONE_LANDSCAPE_MAX_HEIGHT;
}

/** The least share of a phone's height the photo keeps while a tool is open under it. */
export const PHONE_PHOTO_SHARE = 0.45;

/** The box the canvas must fit in, from the table: width and height by viewport width. */
export function canvasBox(viewportWidth: number, viewportHeight: number): { width: number; height: number } {
  switch (layoutMode(viewportWidth)) {
    case 'mobile':
      return { width: viewportWidth - GUTTER, height: 0.7 * viewportHeight - GUTTER };
    case 'tablet':
      return { width: viewportWidth - TABLET_PANEL - GUTTER, height: viewportHeight - GUTTER };
    case 'desktop':
      return { width: viewportWidth - DESKTOP_PANELS - GUTTER, height: viewportHeight - GUTTER };
  }
}

/** The space the collage canvas has: the canvas box, in whole pixels. */
export function collageArea(
  viewportWidth: number,
  viewportHeight: number,
): { width: number; height: number } {
  const box = canvasBox(viewportWidth, viewportHeight);
  return { width: Math.max(1, Math.floor(box.width)), height: Math.max(1, Math.floor(box.height)) };
}

/**
 * The height of the mobile layout's canvas area: the table's 70 % of the viewport, or, when a photo is
 * shown smaller than that (a landscape photo on a portrait phone), just the photo (or the collage canvas) and its gutter, so
 * the effects and the collage's tools come up beside it on the first screen rather than below a band of
 * empty space. Null (no photo) keeps the full 70 %. A zoomed canvas taller than the area scrolls inside it.
 */
export function mobileCanvasAreaHeight(viewportHeight: number, canvasHeight: number | null): number {
  const full = Math.round(0.7 * viewportHeight);
  return canvasHeight === null ? full : Math.min(full, Math.ceil(canvasHeight) + GUTTER);
}

/**
 * The phone's photo area while a tool is open under it (a look's controls, the recipes, the frames): the
 * table's area (mobileCanvasAreaHeight) made shorter by as much as the tool needs (`toolNeed`, the height
 * from the area's foot to the tool's first controls' foot, the action bar's included), but never under
 * PHONE_PHOTO_SHARE of the height, nor under what a photo at the full width needs (a landscape photo
 * already leaves that room). Null `toolNeed` (nothing open): the table's area.
 */
export function phoneCanvasAreaHeight(
  viewportHeight: number,
  canvasHeight: number | null,
  toolNeed: number | null,
): number {
  const table = mobileCanvasAreaHeight(viewportHeight, canvasHeight);
  if (toolNeed === null || canvasHeight === null) return table;
  const least = Math.min(table, Math.round(PHONE_PHOTO_SHARE * viewportHeight));
  return Math.max(least, Math.min(table, Math.floor(viewportHeight - toolNeed)));
}

/**
 * The canvas's displayed size: the image's aspect ratio kept, as large as the box allows (shrunk to fit the
 * available height), in whole CSS pixels.
 */
export function fittedCanvasSize(
  viewportWidth: number,
  viewportHeight: number,
  imageWidth: number,
  imageHeight: number,
  /** A phone's photo area made shorter while a tool is open (phoneCanvasAreaHeight); the box fits in it. */
  areaHeight: number | null = null,
): { width: number; height: number } {
  const box = canvasBox(viewportWidth, viewportHeight);
  const boxWidth = Math.max(1, box.width);
  const boxHeight = Math.max(1, areaHeight === null ? box.height : Math.min(box.height, areaHeight - GUTTER));
  if (imageWidth <= 0 || imageHeight <= 0)
    return { width: Math.floor(boxWidth), height: Math.floor(boxHeight) };
  const scale = Math.min(boxWidth / imageWidth, boxHeight / imageHeight);
  return {
    width: Math.max(1, Math.floor(imageWidth * scale)),
    height: Math.max(1, Math.floor(imageHeight * scale)),
  };
}
