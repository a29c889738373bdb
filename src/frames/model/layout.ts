/**
 * A frame placed around a photo, in pixels: the print's size, the image window (the photo at its own
 * resolution), the border, the holes and the text band. The window has the frame's shape, which may not
 * be the photo's: the user places the photo in it (FrameChoice `fill`, `placeX`, `placeY`). At `fill` 0
 * the window is the smallest of its shape that holds the whole photo (nothing is cut; the paper, or the
 * film's rebate, shows beside it); at 1 the largest inside the photo (the window filled, the rest of the
 * photo cut); the place says where the photo lies in the window (0.5 centred). A photo too thin for the
 * window (a 1 x 4000 strip, a single pixel) always lies whole in a window at least MIN_WINDOW a side, so
 * the print keeps the frame's own shape. Pure; the worker's frame stage draws from it and the editor sizes
 * its canvas by it.
 */
import {
  FILM_GAP,
  FRAME_KIND,
  PERFORATION,
  frameSpecFor,
  type FrameKind,
  type FrameSpec,
  type Rect,
} from './frames.ts';
import type { FrameChoice } from '../../edit/frame.ts';

export interface Size {
  width: number;
  height: number;
}

/** The even border of the print border frame, as a fraction of the photo's shorter side. */
export const BORDER_FRACTION = 0.06;
/** The smallest window side, in pixels: a thinner photo is letterboxed in a window this large or more. */
export const MIN_WINDOW = 64;

export interface PrintLayout {
  kind: FrameKind;
  /** The print's size in pixels. */
  width: number;
  height: number;
  /** The image window in the print, whole pixels. */
  window: Rect;
  /**
   * Where the window's top-left pixel lies in the photo (the centred crop); negative where the photo is
   * letterboxed (smaller than the window: the window's pixels outside it show the paper).
   */
  crop: { x: number; y: number };
  /** Pixels per millimetre of the print. */
  scale: number;
  /**
   * Where text is written, pixels of the print; null: none. On an upright 35 mm strip (and its `holes`)
   * in the strip's own axes: see stripToPrint.
   */
  text: Rect | null;
  /** 35 mm film: the perforations, pixels (first hole's centre along the strip, the rows' centres across). */
  holes: {
    pitch: number;
    width: number;
    height: number;
    radius: number;
    first: number;
    rows: [number, number];
  } | null;
  /** Film: the space between this frame and the next, pixels. */
  gap: number;
}

/** The smallest window of `aspect` that holds the whole photo, at least MIN_WINDOW a side. */
function holdingWindow(aspect: number, photo: Size): Size {
  const least =
    aspect >= 1
      ? { width: MIN_WINDOW * aspect, height: MIN_WINDOW }
      : { width: MIN_WINDOW, height: MIN_WINDOW / aspect };
  const height = Math.max(least.height, photo.height, photo.width / aspect);
  return { width: Math.round(height * aspect), height: Math.round(height) };
}

/**
 * The window's size for this photo at `fill` (0-1): from the smallest of the window's aspect that holds
 * the whole photo (0) to the largest inside it (1), in between in proportion. A photo too thin for a
 * window inside it (under MIN_WINDOW a side) is always held whole.
 */
function windowSize(aspect: number, photo: Size, fill: number): Size {
  const holding = holdingWindow(aspect, photo);
  const inside =
    photo.width / photo.height > aspect
      ? {
          width: Math.max(1, Math.min(photo.width, Math.round(photo.height * aspect))),
          height: photo.height,
        }
      : {
          width: photo.width,
          height: Math.max(1, Math.min(photo.height, Math.round(photo.width / aspect))),
        };
  if (Math.min(inside.width, inside.height) < MIN_WINDOW || fill <= 0) return holding;
  if (fill >= 1) return inside;
  const height = Math.round(holding.height + (inside.height - holding.height) * fill);
  return { width: Math.max(1, Math.round(height * aspect)), height: Math.max(1, height) };
}

/** The window's top-left in the photo: the photo's place in the window (0.5 centred) on each axis. */
function placed(photo: Size, window: Size, choice: FrameChoice): { x: number; y: number } {
  return {
    x: Math.floor((photo.width - window.width) * choice.placeX) || 0,
    y: Math.floor((photo.height - window.height) * choice.placeY) || 0,
  };
}

/**
 * The window's aspect (width / height) for a frame on a photo of `photo`'s shape (film turns for an
 * upright photo); null for no frame or the print border (any aspect).
 */
export function windowAspect(id: FrameChoice['id'], photo: Size = { width: 3, height: 2 }): number | null {
  const spec = id === 'none' ? null : frameSpecFor(id, photo);
  if (!spec || spec.kind === FRAME_KIND.border) return null;
  return spec.kind === FRAME_KIND.film35Upright
    ? spec.window.height / spec.window.width
    : spec.window.width / spec.window.height;
}

/**
 * A point of an upright 35 mm strip's own axes (along it, across it: `holes` and `text` are given so)
 * in the print: the strip runs down the print, its axis `across` measured leftwards from the print's
 * left edge (negative), so that `along` is y and `-across` is x. Any other print: the point as it is.
 */
export function stripToPrint(layout: PrintLayout, along: number, across: number): { x: number; y: number } {
  return layout.kind === FRAME_KIND.film35Upright ? { x: -across, y: along } : { x: along, y: across };
}

function scaled(rect: Rect, scale: number): Rect {
  const x = Math.round(rect.x * scale);
  const y = Math.round(rect.y * scale);
  return {
    x,
    y,
    width: Math.max(1, Math.round((rect.x + rect.width) * scale) - x),
    height: Math.max(1, Math.round((rect.y + rect.height) * scale) - y),
  };
}

function borderLayout(photo: Size, choice: FrameChoice): PrintLayout {
  // The window is the whole photo; a side thinner than MIN_WINDOW is letterboxed to it.
  const inner = { width: Math.max(MIN_WINDOW, photo.width), height: Math.max(MIN_WINDOW, photo.height) };
  const border = Math.max(1, Math.round(BORDER_FRACTION * Math.min(inner.width, inner.height)));
  const window = { x: border, y: border, ...inner };
  // The shorter side stands for a 10 x 15 print's 100 mm: the paper's texture has its size on paper.
  const scale = Math.min(inner.width, inner.height) / 100;
  const band = Math.round(border * 0.6);
  return {
    kind: FRAME_KIND.border,
    width: inner.width + 2 * border,
    height: inner.height + 2 * border,
    window,
    crop: placed(photo, inner, choice),
    scale,
    text: choice.date
      ? {
          x: border,
          y: border + inner.height + Math.round((border - band) / 2),
          width: inner.width,
          height: band,
        }
      : null,
    holes: null,
    gap: 0,
  };
}

/** The print for `photo` in `choice`'s frame; null for no frame. */
export function printLayout(choice: FrameChoice, photo: Size): PrintLayout | null {
  const spec: FrameSpec | null = choice.id === 'none' ? null : frameSpecFor(choice.id, photo);
  if (!spec) return null;
  if (spec.kind === FRAME_KIND.border) return borderLayout(photo, choice);
  // An upright 35 mm strip is the strip's layout turned a quarter: the spec's millimetres are along the
  // strip (x) and across it (y); the print's x is across it and its y along it.
  const upright = spec.kind === FRAME_KIND.film35Upright;
  const along = spec.window.width;
  const across = spec.window.height;
  const win = windowSize(upright ? across / along : along / across, photo, choice.fill);
  const scale = (upright ? win.height : win.width) / along;
  const stripWidth = Math.round(spec.print.width * scale);
  const stripHeight = Math.round(spec.print.height * scale);
  const left = Math.round((upright ? spec.window.y : spec.window.x) * scale);
  const top = Math.round((upright ? spec.window.x : spec.window.y) * scale);
  // An upright strip's axis across it runs from the print's left edge leftwards: `stripToPrint`.
  const acrossOffset = upright ? -stripHeight : 0;
  const holes =
    spec.kind === FRAME_KIND.film35 || upright
      ? {
          pitch: PERFORATION.pitch * scale,
          width: PERFORATION.width * scale,
          height: PERFORATION.height * scale,
          radius: PERFORATION.radius * scale,
          first: (spec.print.width / 2 - 3.5 * PERFORATION.pitch) * scale,
          rows: [
            PERFORATION.centre * scale + acrossOffset,
            (spec.print.height - PERFORATION.centre) * scale + acrossOffset,
          ] as [number, number],
        }
      : null;
  const hasText = spec.caption ? choice.caption.trim().length > 0 : spec.text !== null;
  const text = hasText && spec.text ? scaled(spec.text, scale) : null;
  return {
    kind: spec.kind,
    width: upright ? stripHeight : stripWidth,
    height: upright ? stripWidth : stripHeight,
    window: { x: left, y: top, width: win.width, height: win.height },
    crop: placed(photo, win, choice),
    scale,
    text: text && upright ? { ...text, y: text.y + acrossOffset } : text,
    holes,
    gap:
      spec.kind === FRAME_KIND.film35 || upright
        ? FILM_GAP * scale
        : spec.kind === FRAME_KIND.film120
          ? 3 * scale
          : 0,
  };
}

/** The size shown and saved: the print's, or the photo's without a frame. */
export function framedSize(choice: FrameChoice, photo: Size): Size {
  const layout = printLayout(choice, photo);
  return layout
    ? { width: layout.width, height: layout.height }
    : { width: photo.width, height: photo.height };
}

/**
 * Whether the print's writing (an instant print's caption, the 35 mm strip's edge print, the border's
 * date) lies in its lower half, where a control over the print's bottom edge would hide it. An upright
 * strip's edge print runs down its side.
 */
export function writesAtBottom(layout: PrintLayout | null): boolean {
  if (!layout?.text || layout.kind === FRAME_KIND.film35Upright) return false;
  return layout.text.y + layout.text.height / 2 > layout.height / 2;
}
