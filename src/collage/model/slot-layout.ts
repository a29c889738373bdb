/**
 * The collage's geometry as pure functions (product spec sections 4, 5 and 9): canvas sizes and their
 * limits, the scale factor, slots in pixels, how a photo fits, pans and zooms in its slot, and where free
 * images go. The fabric editor only carries these numbers out.
 */
import type { Fitting, SlotDefinition, TextStyle } from './types.ts';
import { msg } from '../../i18n/msg.ts';

// ---------------------------------------------------------------- limits and constants

export const MIN_CANVAS_SIDE = 200;
export const MAX_CANVAS_SIDE = 800;
/** The side at which the scale factor is 1. */
export const SCALE_BASE_SIDE = 400;
export const MIN_SCALE_FACTOR = 0.5;
/** Window resizes settle this long before the canvas is sized again. */
export const RESIZE_DEBOUNCE_MS = 200;

export const TEXT_SIZE_RANGE = { min: 8, max: 72, step: 1 } as const;
export const TEXT_STROKE_WIDTH_RANGE = { min: 0, max: 10, step: 0.5 } as const;

/**
 * The most characters a collage text holds: a caption, not a page. fabric lays a text out again on
 * every keystroke, so a text without a limit can freeze the page; 500 lay out within a frame.
 */
export const MAX_TEXT_LENGTH = 500;

/** `text` cut to MAX_TEXT_LENGTH characters (code points, so no emoji is split). */
export function limitText(text: string): string {
  if (text.length <= MAX_TEXT_LENGTH) return text;
  return Array.from(text.slice(0, MAX_TEXT_LENGTH * 2))
    .slice(0, MAX_TEXT_LENGTH)
    .join('');
}
export const IMAGE_BORDER_RANGE = { min: 0, max: 20, step: 1 } as const;
/** A slot photo can be zoomed to this many times its fitted size. */
export const MAX_SLOT_ZOOM = 5;
/** No photo is ever drawn smaller than this scale (spec: slot images' minimum scale). */
export const MIN_IMAGE_SCALE = 0.1;

/** Free mode: the main image takes up to 80% of the smaller side, added images 50%. */
export const MAIN_IMAGE_FRACTION = 0.8;
export const ADDED_IMAGE_FRACTION = 0.5;
export const MAX_RANDOM_OFFSET = 50;

export const BASE_TEXT_WIDTH = 200;
export const DEFAULT_TEXT = msg('get well soon');
/** Spec section 9's default added text: Arial 24, white, a 50% black outline of width 1. */
export const DEFAULT_TEXT_STYLE: TextStyle = {
  fontFamily: 'Arial',
  fontSize: 24,
  fill: '#ffffff',
  fontWeight: 'normal',
  fontStyle: 'normal',
  underline: false,
  textAlign: 'center',
  stroke: '#000000',
  strokeWidth: 1,
  strokeEnabled: true,
};
export const DEFAULT_TEXT_STROKE_OPACITY = 0.5;

/** Preset texts' defaults (section 3). */
export const PRESET_TEXT_DEFAULTS = { fontFamily: 'Times New Roman', fontSize: 18, fill: '#ffffff' } as const;

export const CANVAS_ASPECTS = [
  { id: '1:1', ratio: 1 },
  { id: '4:3', ratio: 4 / 3 },
  { id: '16:9', ratio: 16 / 9 },
  { id: '3:4', ratio: 3 / 4 },
  { id: '9:16', ratio: 9 / 16 },
] as const;

// ---------------------------------------------------------------- canvas size

export interface Size {
  width: number;
  height: number;
}

/**
 * The collage canvas for an aspect ratio in the space the editor has for it: as large as fits, then held
 * to 200-800 px a side (a canvas too thin for 200 grows and is shown scaled down). Whole pixels.
 */
export function canvasSizeFor(aspect: number, area: Size): Size {
  const ratio = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  let width = Math.max(1, Math.min(area.width, area.height * ratio));
  let height = width / ratio;
  const longest = Math.max(width, height);
  if (longest > MAX_CANVAS_SIDE) {
    width *= MAX_CANVAS_SIDE / longest;
    height *= MAX_CANVAS_SIDE / longest;
  }
  const shortest = Math.min(width, height);
  if (shortest < MIN_CANVAS_SIDE) {
    width *= MIN_CANVAS_SIDE / shortest;
    height *= MIN_CANVAS_SIDE / shortest;
  }
  return clampCanvasSize({ width: Math.round(width), height: Math.round(height) });
}

/** Each side held to 200-800 px (the last word, whatever the aspect ratio asked for). */
export function clampCanvasSize(size: Size): Size {
  const clamp = (v: number) => Math.min(MAX_CANVAS_SIDE, Math.max(MIN_CANVAS_SIDE, Math.round(v)));
  return { width: clamp(size.width), height: clamp(size.height) };
}

/** How large the canvas is shown: its own size, or smaller to fit the area; never enlarged. */
export function displaySize(canvas: Size, area: Size): Size {
  const scale = Math.min(1, area.width / canvas.width, area.height / canvas.height);
  return {
    width: Math.max(1, Math.floor(canvas.width * scale)),
    height: Math.max(1, Math.floor(canvas.height * scale)),
  };
}

/** The canvas aspect button that matches a size, if any (within rounding). */
export function aspectIdOf(size: Size): string | null {
  const ratio = size.width / size.height;
  const match = CANVAS_ASPECTS.find((aspect) => Math.abs(aspect.ratio - ratio) / aspect.ratio < 0.01);
  return match ? match.id : null;
}

/** Spec section 9: the smaller canvas side over 400, at least 0.5. */
export function scaleFactor(size: Size): number {
  return Math.max(MIN_SCALE_FACTOR, Math.min(size.width, size.height) / SCALE_BASE_SIDE);
}

// ---------------------------------------------------------------- slots and fitting

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A slot in canvas pixels. Edges snap to whole pixels so neighbouring slots meet without a seam. */
export function slotBox(slot: Pick<SlotDefinition, 'x' | 'y' | 'width' | 'height'>, canvas: Size): Box {
  const left = Math.round(slot.x * canvas.width);
  const top = Math.round(slot.y * canvas.height);
  const right = Math.round((slot.x + slot.width) * canvas.width);
  const bottom = Math.round((slot.y + slot.height) * canvas.height);
  return { left, top, width: right - left, height: bottom - top };
}

/** Where an image is drawn: its scale on each axis and its centre, in canvas pixels. */
export interface Placement {
  scaleX: number;
  scaleY: number;
  centerX: number;
  centerY: number;
}

/** An image of `image` size fitted into `box`: contain (all of it shows), cover (it fills), or stretch. */
export function fitImage(image: Size, box: Box, fitting: Fitting): Placement {
  const sx = box.width / image.width;
  const sy = box.height / image.height;
  const centerX = box.left + box.width / 2;
  const centerY = box.top + box.height / 2;
  if (fitting === 'stretch') return { scaleX: sx, scaleY: sy, centerX, centerY };
  const scale = fitting === 'contain' ? Math.min(sx, sy) : Math.max(sx, sy);
  return { scaleX: scale, scaleY: scale, centerX, centerY };
}

/**
 * Keeps a slot photo where it belongs after a pan or zoom: on an axis where it is larger than the slot it
 * must cover the slot (no empty edge), and on an axis where it is smaller it stays centred.
 */
export function clampToBox(placement: Placement, image: Size, box: Box): Placement {
  const axis = (center: number, extent: number, start: number, size: number) => {
    if (extent <= size) return start + size / 2;
    return Math.min(start + extent / 2, Math.max(start + size - extent / 2, center));
  };
  return {
    ...placement,
    centerX: axis(placement.centerX, image.width * placement.scaleX, box.left, box.width),
    centerY: axis(placement.centerY, image.height * placement.scaleY, box.top, box.height),
  };
}

/** A slot photo's zoom: its scale over the fitted scale (1 = as the slot's fitting places it). */
export function slotZoomOf(placement: Placement, fitted: Placement): number {
  return placement.scaleX / fitted.scaleX;
}

/**
 * Zooms a slot photo to `zoom` times its fitted size (held to 1..5, and never below scale 0.1), keeping the
 * canvas point `focus` where it is, then clamps it to the slot.
 */
export function zoomInBox(
  placement: Placement,
  fitted: Placement,
  zoom: number,
  focus: { x: number; y: number },
  image: Size,
  box: Box,
): Placement {
  const minZoom = Math.max(1, MIN_IMAGE_SCALE / Math.min(fitted.scaleX, fitted.scaleY));
  const target = Math.min(MAX_SLOT_ZOOM, Math.max(minZoom, zoom));
  const factor = (fitted.scaleX * target) / placement.scaleX;
  const next: Placement = {
    scaleX: fitted.scaleX * target,
    scaleY: fitted.scaleY * target,
    centerX: focus.x + (placement.centerX - focus.x) * factor,
    centerY: focus.y + (placement.centerY - focus.y) * factor,
  };
  return clampToBox(next, image, box);
}

/** The slot whose box holds the point, if any. */
export function slotAt<T extends { box: Box }>(slots: readonly T[], x: number, y: number): T | undefined {
  return slots.find(
    ({ box }) => x >= box.left && x <= box.left + box.width && y >= box.top && y <= box.top + box.height,
  );
}

/**
 * A slot's border as bands inside its edge, so it never spills onto a neighbour or off the canvas: the
 * border first, then the secondary line between it and the photo. Each is a rectangle to stroke (centre
 * line) with its width, in canvas pixels, for scale factor `scale`.
 */
export function borderBands(
  box: Box,
  strokeWidth: number,
  secondaryStrokeWidth: number,
  scale: number,
): { outer: (Box & { strokeWidth: number }) | null; inner: (Box & { strokeWidth: number }) | null } {
  const maxBand = Math.min(box.width, box.height) / 4;
  const outerWidth = Math.min(maxBand, Math.max(0, strokeWidth) * scale);
  const innerWidth = Math.min(maxBand, Math.max(0, secondaryStrokeWidth) * scale);
  const inset = (by: number, width: number) =>
    width > 0
      ? {
          left: box.left + by + width / 2,
          top: box.top + by + width / 2,
          width: box.width - 2 * by - width,
          height: box.height - 2 * by - width,
          strokeWidth: width,
        }
      : null;
  return { outer: inset(0, outerWidth), inner: inset(outerWidth, innerWidth) };
}

// ---------------------------------------------------------------- free mode

/** A random offset of up to +/-50 px on each axis; `random` returns [0, 1) like Math.random. */
export function randomOffset(random: () => number, max = MAX_RANDOM_OFFSET): { dx: number; dy: number } {
  return { dx: (random() * 2 - 1) * max, dy: (random() * 2 - 1) * max };
}

/**
 * A free image: centred (plus an offset), its longer side at most `fraction` of the canvas's smaller side,
 * and never enlarged past its own size.
 */
export function freePlacement(
  image: Size,
  canvas: Size,
  fraction: number,
  offset: { dx: number; dy: number } = { dx: 0, dy: 0 },
): Placement {
  const limit = fraction * Math.min(canvas.width, canvas.height);
  const scale = Math.min(1, limit / Math.max(image.width, image.height));
  return {
    scaleX: scale,
    scaleY: scale,
    centerX: canvas.width / 2 + offset.dx,
    centerY: canvas.height / 2 + offset.dy,
  };
}

// ---------------------------------------------------------------- text

/** A text's size, width and outline in canvas pixels for scale factor `scale`. */
export function scaledText(
  style: Pick<TextStyle, 'fontSize' | 'strokeWidth'>,
  scale: number,
): { fontSize: number; width: number; strokeWidth: number } {
  return {
    fontSize: style.fontSize * scale,
    width: BASE_TEXT_WIDTH * scale,
    strokeWidth: style.strokeWidth * scale,
  };
}

export function clampTextSize(size: number): number {
  return Math.min(TEXT_SIZE_RANGE.max, Math.max(TEXT_SIZE_RANGE.min, size));
}

/** `#rrggbb` and an opacity as a CSS colour fabric can draw. */
export function withOpacity(hex: string, opacity: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match || opacity >= 1) return hex;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16));
  return `rgba(${r}, ${g}, ${b}, ${opacity})`;
}
