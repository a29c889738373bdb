/**
 * The frames a photo can be put on (the testing contract's ids): their sizes in millimetres, as the real
 * objects measure, and what each draws. Pure data; `layout.ts` places them around a photo in pixels.
 */
import { FRAME_IDS, isFrameId, type FrameId } from '../../edit/frame.ts';
import { msg } from '../../i18n/msg.ts';

export { FRAME_IDS, isFrameId, type FrameId };

/** What the frame stage draws around the window (the stage's `kind` uniform). */
export const FRAME_KIND = {
  none: 0,
  instant: 1,
  film35: 2,
  film120: 3,
  border: 4,
  film35Upright: 5,
} as const;
export type FrameKind = (typeof FRAME_KIND)[keyof typeof FRAME_KIND];

/** A film strip (its rebate, the next frames' edges), not paper. */
export function isFilm(kind: FrameKind): boolean {
  return kind === FRAME_KIND.film35 || kind === FRAME_KIND.film120 || kind === FRAME_KIND.film35Upright;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FrameSpec {
  id: Exclude<FrameId, 'none'>;
  /** As the user sees it. */
  name: string;
  kind: FrameKind;
  /** The print's (or the strip's) size, millimetres; for the border, in window widths (see layout.ts). */
  print: { width: number; height: number };
  /** The image window within it, millimetres from the print's top-left. */
  window: Rect;
  /** Where text is written (the caption, the edge print, the date), millimetres; null: no text. */
  text: Rect | null;
  /** The user's caption is written in `text` (instant prints). */
  caption: boolean;
}

/**
 * 35 mm film: perforations 4.75 mm apart, 1.98 x 2.79 mm with rounded corners, 8 to a 36 x 24 frame,
 * their centres `centre` mm in from each edge of the strip.
 */
export const PERFORATION = { pitch: 4.75, width: 1.98, height: 2.79, radius: 0.5, centre: 3.9 } as const;
/** The space between two 35 mm frames on the strip, millimetres: the next frames' edges show past it. */
export const FILM_GAP = 1.5;

export const FRAMES: readonly FrameSpec[] = [
  {
    id: 'instant-square',
    name: msg('Instant square'),
    kind: FRAME_KIND.instant,
    print: { width: 88, height: 107 },
    window: { x: 4.5, y: 7, width: 79, height: 79 },
    text: { x: 6, y: 88, width: 76, height: 17 },
    caption: true,
  },
  {
    id: 'instant-mini',
    name: msg('Instant mini'),
    kind: FRAME_KIND.instant,
    print: { width: 54, height: 86 },
    window: { x: 4, y: 7, width: 46, height: 62 },
    text: { x: 5, y: 70.5, width: 44, height: 14 },
    caption: true,
  },
  {
    id: 'instant-wide',
    name: msg('Instant wide'),
    kind: FRAME_KIND.instant,
    print: { width: 108, height: 86 },
    window: { x: 4.5, y: 7, width: 99, height: 62 },
    text: { x: 6, y: 70.5, width: 96, height: 14 },
    caption: true,
  },
  {
    // One frame's pitch of the strip (38 mm less a little), so its 8 holes a side show whole.
    id: 'film-35mm',
    name: msg('35 mm film'),
    kind: FRAME_KIND.film35,
    print: { width: 40, height: 35 },
    window: { x: 2, y: 5.5, width: 36, height: 24 },
    // The edge print runs below the lower row of holes.
    text: { x: 0, y: 32.75, width: 40, height: 2 },
    caption: false,
  },
  {
    id: 'film-120',
    name: msg('120 film'),
    kind: FRAME_KIND.film120,
    print: { width: 64, height: 61.5 },
    window: { x: 4, y: 2.75, width: 56, height: 56 },
    text: { x: 0, y: 0.35, width: 64, height: 2.1 },
    caption: false,
  },
  {
    // In window widths: an even border of 6 % of the window's shorter side, the window the whole photo.
    id: 'print-border',
    name: msg('Print border'),
    kind: FRAME_KIND.border,
    print: { width: 1, height: 1 },
    window: { x: 0, y: 0, width: 1, height: 1 },
    text: null,
    caption: false,
  },
];

export function frameSpec(id: FrameId): FrameSpec | null {
  return FRAMES.find((frame) => frame.id === id) ?? null;
}

/**
 * The 120 frame for an upright photo: 6 x 4.5 (a 645 camera's frame, 56 mm high across the roll and
 * 41.5 mm along it), with the same rebate and edge print as the square frame.
 */
const FILM_120_UPRIGHT: FrameSpec = {
  id: 'film-120',
  name: msg('120 film'),
  kind: FRAME_KIND.film120,
  print: { width: 49.5, height: 61.5 },
  window: { x: 4, y: 2.75, width: 41.5, height: 56 },
  text: { x: 0, y: 0.35, width: 49.5, height: 2.1 },
  caption: false,
};

/**
 * The frame as shot for a photo of this shape: film is shot both ways, so an upright photo (taller than
 * wide) gets an upright frame: the 35 mm strip runs up the print (FRAME_KIND.film35Upright, its window
 * 24 x 36; layout.ts turns it) and 120 film a 6 x 4.5 frame. Prints keep their one shape.
 */
export function frameSpecFor(id: FrameId, photo: { width: number; height: number }): FrameSpec | null {
  const spec = frameSpec(id);
  if (!spec || photo.height <= photo.width) return spec;
  if (spec.kind === FRAME_KIND.film120) return FILM_120_UPRIGHT;
  if (spec.kind === FRAME_KIND.film35) return { ...spec, kind: FRAME_KIND.film35Upright };
  return spec;
}
