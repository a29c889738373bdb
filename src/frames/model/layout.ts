/**
 * A frame placed around a photo, in pixels: the print's size, the image window (the photo at its own
 * resolution, cropped centred to the window's aspect), the border, the holes and the text band. A photo
 * too thin for the window (cropped to its aspect it would leave a window under MIN_WINDOW pixels a side:
 * a 1 x 4000 strip, a single pixel) is letterboxed instead: the window is the smallest of its aspect that
 * holds the whole photo, at least MIN_WINDOW a side, and the photo lies centred in it on the paper (the
 * film's rebate), so the print keeps the frame's own shape. Pure; the worker's frame stage draws from it
 * and the editor sizes its canvas by it.
 */
import {
  FILM_GAP,
  FRAME_KIND,
  PERFORATION,
  frameSpec,
  type FrameKind,
  type FrameSpec,
  type Rect,
} from './frames.ts';
import type { FrameChoice } from './choice.ts';

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
  /** Where text is written, pixels of the print; null: none. */
  text: Rect | null;
  /** 35 mm film: the perforations, pixels (first hole's centre x, the rows' centres y). */
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

/**
 * The window's size for this photo: the largest of the window's aspect inside it (the photo cropped
 * centred); for a photo too thin for that, the smallest that holds it whole, at least MIN_WINDOW a side.
 */
function windowSize(aspect: number, photo: Size): Size {
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
  if (Math.min(inside.width, inside.height) >= MIN_WINDOW) return inside;
  // Letterboxed: the window's shorter side at least MIN_WINDOW, and the whole photo inside it.
  const least =
    aspect >= 1
      ? { width: MIN_WINDOW * aspect, height: MIN_WINDOW }
      : { width: MIN_WINDOW, height: MIN_WINDOW / aspect };
  const height = Math.max(least.height, photo.height, photo.width / aspect);
  return { width: Math.round(height * aspect), height: Math.round(height) };
}

/** The window's aspect (width / height) for a frame; null for no frame or the print border (any aspect). */
export function windowAspect(id: FrameChoice['id']): number | null {
  const spec = id === 'none' ? null : frameSpec(id);
  if (!spec || spec.kind === FRAME_KIND.border) return null;
  return spec.window.width / spec.window.height;
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

function borderLayout(photo: Size, date: boolean): PrintLayout {
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
    crop: {
      x: Math.floor((photo.width - inner.width) / 2),
      y: Math.floor((photo.height - inner.height) / 2),
    },
    scale,
    text: date
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
  const spec: FrameSpec | null = choice.id === 'none' ? null : frameSpec(choice.id);
  if (!spec) return null;
  if (spec.kind === FRAME_KIND.border) return borderLayout(photo, choice.date);
  const win = windowSize(spec.window.width / spec.window.height, photo);
  const scale = win.width / spec.window.width;
  const left = Math.round(spec.window.x * scale);
  const top = Math.round(spec.window.y * scale);
  const width = Math.round(spec.print.width * scale);
  const height = Math.round(spec.print.height * scale);
  const holes =
    spec.kind === FRAME_KIND.film35
      ? {
          pitch: PERFORATION.pitch * scale,
          width: PERFORATION.width * scale,
          height: PERFORATION.height * scale,
          radius: PERFORATION.radius * scale,
          first: (spec.print.width / 2 - 3.5 * PERFORATION.pitch) * scale,
          rows: [PERFORATION.centre * scale, (spec.print.height - PERFORATION.centre) * scale] as [
            number,
            number,
          ],
        }
      : null;
  const hasText = spec.caption ? choice.caption.trim().length > 0 : spec.text !== null;
  return {
    kind: spec.kind,
    width,
    height,
    window: { x: left, y: top, width: win.width, height: win.height },
    crop: {
      x: Math.floor((photo.width - win.width) / 2),
      y: Math.floor((photo.height - win.height) / 2),
    },
    scale,
    text: hasText && spec.text ? scaled(spec.text, scale) : null,
    holes,
    gap:
      spec.kind === FRAME_KIND.film35 ? FILM_GAP * scale : spec.kind === FRAME_KIND.film120 ? 3 * scale : 0,
  };
}

/** The size shown and saved: the print's, or the photo's without a frame. */
export function framedSize(choice: FrameChoice, photo: Size): Size {
  const layout = printLayout(choice, photo);
  return layout
    ? { width: layout.width, height: layout.height }
    : { width: photo.width, height: photo.height };
}
