/**
 * The frame's plan, pure: the frame stage's call for a piece of the print, and the pieces the print is
 * saved in, each reading only the part of the photo under its window (src/engine/worker/frame.ts runs it).
 */
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';
import { FRAME_LOOK } from '../../pipeline/stages/frame/stage.ts';
import type { TileLimits } from '../tiling.ts';
import type { FrameChoice } from '../../edit/frame.ts';
import { FRAME_KIND, isFilm, type Rect } from '../../frames/model/frames.ts';
import type { PrintLayout, Size } from '../../frames/model/layout.ts';

/** The resource key of the frame's text texture. */
export const FRAME_TEXT = 'frame:text';

/** The paper (or rebate) and the ink for a frame. */
function colours(layout: PrintLayout, choice: FrameChoice) {
  if (isFilm(layout.kind)) {
    return choice.orangeMask
      ? { paper: FRAME_LOOK.ORANGE, ink: FRAME_LOOK.EDGE_ON_ORANGE }
      : { paper: FRAME_LOOK.REBATE, ink: FRAME_LOOK.EDGE_ON_BLACK };
  }
  return {
    paper: FRAME_LOOK.PAPER,
    ink: layout.kind === FRAME_KIND.border ? FRAME_LOOK.DATE : FRAME_LOOK.MARKER,
  };
}

/**
 * The frame stage's call for the piece `out` of the print, its input the part of the photo whose texel
 * (0, 0) lies at `photoAt` in the print.
 */
export function frameInvocation(
  layout: PrintLayout,
  choice: FrameChoice,
  out: Rect,
  photoAt: readonly [number, number],
): StageInvocation {
  const { window: w, text, holes } = layout;
  return {
    stage: 'frame',
    params: {
      kind: layout.kind,
      width: out.width,
      height: out.height,
      at: [out.x, out.y],
      photoAt: [photoAt[0], photoAt[1]],
      window: [w.x, w.y, w.x + w.width, w.y + w.height],
      scale: layout.scale,
      ...colours(layout, choice),
      text: text ? [text.x, text.y, text.x + text.width, text.y + text.height] : [0, 0, 0, 0],
      holes: holes ? [holes.pitch, holes.width, holes.height, holes.radius] : [1, 0, 0, 0],
      holeAt: [holes?.first ?? 0, holes?.rows[0] ?? 0, holes?.rows[1] ?? 0, layout.gap],
    },
    textures: { text: FRAME_TEXT },
  };
}

/** The bands of the print (their top and height) and the widest piece a band is cut in, within `limits`. */
export function framePieces(
  layout: Size,
  limits: TileLimits,
): { y: number; height: number; width: number }[] {
  const width = Math.max(1, Math.min(layout.width, limits.maxSide, Math.floor(limits.maxPixels / 16)));
  // Rows a multiple of 16 (the JPEG's 4:2:0 rows) where the limits allow.
  const fit = Math.min(limits.maxSide, Math.floor(limits.maxPixels / width));
  const rows = fit >= 16 ? fit - (fit % 16) : Math.max(1, fit);
  const pieces: { y: number; height: number; width: number }[] = [];
  for (let y = 0; y < layout.height; y += rows)
    pieces.push({ y, height: Math.min(rows, layout.height - y), width });
  return pieces;
}

/** How many pieces the print is drawn in within `limits` (each band cut across in pieces of its width). */
export function framePieceCount(layout: Size, limits: TileLimits): number {
  return framePieces(layout, limits).reduce((sum, band) => sum + Math.ceil(layout.width / band.width), 0);
}

/**
 * The part of the photo a piece of the print shows: the window's crop of the photo under the piece (at
 * least one pixel, for a piece all border or all letterbox). A letterboxed photo (its crop negative) is
 * read only within itself.
 */
export function photoRegion(layout: PrintLayout, out: Rect, photo: Size): Rect {
  const { crop, window } = layout;
  const dx = crop.x - window.x;
  const dy = crop.y - window.y;
  const left = Math.max(0, crop.x);
  const top = Math.max(0, crop.y);
  const right = Math.min(photo.width, crop.x + window.width);
  const bottom = Math.min(photo.height, crop.y + window.height);
  const x0 = Math.max(left, Math.min(right - 1, out.x + dx));
  const y0 = Math.max(top, Math.min(bottom - 1, out.y + dy));
  const x1 = Math.max(x0 + 1, Math.min(right, out.x + out.width + dx));
  const y1 = Math.max(y0 + 1, Math.min(bottom, out.y + out.height + dy));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
