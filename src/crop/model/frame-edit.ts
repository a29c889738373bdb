/**
 * What the crop tool's controls do to a crop choice, pure: the frame dragged by a handle or
 * moved, pinched, stepped from the keyboard; aspects, straightening; turns and flips as the user sees them.
 * Every result keeps the frame inside the straightened photo (geometry.ts), so no blank corner is cut.
 * All lengths are in the view's units: the turned photo's pixels (the original's, turned).
 */
import {
  MAX_STRAIGHTEN,
  MIN_FRAME_SIDE,
  type AspectId,
  type CropChoice,
  type CropGeometry,
  type QuarterTurns,
  type Rect,
  type Size,
} from '../../edit/crop.ts';
import {
  aspectRatio,
  centredRect,
  fitRect,
  largestInside,
  possibleAngle,
  sourceMap,
  turnedSize,
  type Affine,
} from './geometry.ts';
import { msg, type Message } from '../../i18n/msg.ts';
import {
  CROP_FRAME_TEMPLATE,
  TOO_THIN_LEVEL_TEMPLATE,
  TOO_THIN_MOST_TEMPLATE,
} from '../../i18n/templates.ts';

export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

export function viewOf(choice: CropChoice, photo: Size): Size {
  return turnedSize(photo, choice.geometry.turns);
}

/** The width / height the frame keeps, or null when it is free. */
export function frameRatio(choice: CropChoice, photo: Size): number | null {
  return aspectRatio(choice.aspect, viewOf(choice, photo), choice.aspectTurned);
}

/**
 * The smallest side a frame may be dragged to: 1% of the photo's shorter side, at least 16 px (less on a
 * tiny photo, half its shorter side), and never under a pixel.
 */
export function minSide(photo: Size): number {
  const shorter = Math.min(photo.width, photo.height);
  return Math.max(MIN_FRAME_SIDE, Math.min(shorter / 2, Math.max(16, shorter / 100)));
}

function withRect(choice: CropChoice, rect: Rect, patch: Partial<CropGeometry> = {}): CropChoice {
  return { ...choice, geometry: { ...choice.geometry, ...patch, rect } };
}

/**
 * A preset chosen (its sides as given, or swapped): the largest frame of it, centred. The angle comes
 * down as far as the preset needs to keep a frame of a pixel or more (possibleAngle).
 */
export function chooseAspect(choice: CropChoice, photo: Size, aspect: AspectId, turned = false): CropChoice {
  const view = viewOf(choice, photo);
  const next = { ...choice, aspect, aspectTurned: turned };
  if (aspect === 'free') return withRect(next, choice.geometry.rect);
  const ratio = aspectRatio(aspect, view, turned);
  const angle = possibleAngle(view, choice.geometry.angle, ratio);
  return withRect(next, centredRect(view, angle, ratio), { angle });
}

/** Whether the rectangle's corners all lie in the photo of `view` size straightened by `angle`. */
export function isInside(rect: Rect, view: Size, angle: number, slack = 0): boolean {
  const radians = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const [cx, cy] = [view.width / 2, view.height / 2];
  for (const [x, y] of corners(rect)) {
    // Turned back by the angle about the centre: a position in the turned photo.
    const u = (x - cx) * cos + (y - cy) * sin + cx;
    const v = -(x - cx) * sin + (y - cy) * cos + cy;
    if (u < -slack || v < -slack || u > view.width + slack || v > view.height + slack) return false;
  }
  return true;
}

function corners(rect: Rect): [number, number][] {
  const { x, y, width: w, height: h } = rect;
  return [
    [x, y],
    [x + w, y],
    [x, y + h],
    [x + w, y + h],
  ];
}

function lerp(a: Rect, b: Rect, t: number): Rect {
  const mix = (p: number, q: number) => p + (q - p) * t;
  return {
    x: mix(a.x, b.x),
    y: mix(a.y, b.y),
    width: mix(a.width, b.width),
    height: mix(a.height, b.height),
  };
}

/**
 * As far from `start` towards `target` as stays inside. The photo is convex and each corner moves on a
 * line, so the rectangles inside form one interval of t from 0: a bisection finds its end.
 */
function towards(start: Rect, target: Rect, view: Size, angle: number): Rect {
  if (isInside(target, view, angle)) return target;
  // A frame fitted by fitRect may touch the photo's edge a rounding error outside.
  if (!isInside(start, view, angle, 1e-9 * Math.max(view.width, view.height)))
    return fitRect(target, view, angle);
  let [inside, outside] = [0, 1];
  for (let i = 0; i < 40; i++) {
    const t = (inside + outside) / 2;
    if (isInside(lerp(start, target, t), view, angle)) inside = t;
    else outside = t;
  }
  return lerp(start, target, inside);
}

/** The frame with a handle dragged by (dx, dy) from where it was at `start`, its aspect kept if it has one. */
export function dragHandle(
  start: CropChoice,
  photo: Size,
  handle: Handle,
  dx: number,
  dy: number,
): CropChoice {
  const view = viewOf(start, photo);
  const { rect, angle } = start.geometry;
  const ratio = frameRatio(start, photo);
  const min = minSide(photo);
  // Which edges move: -1 the left (top), 1 the right (bottom), 0 neither.
  const sx = handle.includes('w') ? -1 : handle.includes('e') ? 1 : 0;
  const sy = handle.startsWith('n') ? -1 : handle.startsWith('s') ? 1 : 0;
  let width = rect.width + sx * dx;
  let height = rect.height + sy * dy;
  if (ratio !== null) {
    // A corner follows the pointer along the frame's diagonal; an edge sets its side, the other follows.
    if (sx !== 0 && sy !== 0) {
      const k = 1 + (sx * dx * rect.width + sy * dy * rect.height) / (rect.width ** 2 + rect.height ** 2);
      width = rect.width * k;
    } else if (sy !== 0) width = height * ratio;
    const smallest = Math.max(min, min * ratio);
    width = Math.max(width, smallest);
    height = width / ratio;
  } else {
    width = Math.max(width, min);
    height = Math.max(height, min);
  }
  const target = anchored(rect, sx, sy, width, height);
  let result = towards(rect, target, view, angle);
  if (ratio === null && sx !== 0 && sy !== 0) {
    // A free corner stopped by one side slides along it: each axis goes on alone.
    result = towards(result, anchored(rect, sx, sy, width, result.height), view, angle);
    result = towards(result, anchored(rect, sx, sy, result.width, height), view, angle);
  }
  return withRect(start, fitRect(result, view, angle));
}

/** A rectangle of this size whose unmoved edges stay where `rect`'s are (centred on an axis no edge moves). */
function anchored(rect: Rect, sx: number, sy: number, width: number, height: number): Rect {
  const x = sx > 0 ? rect.x : sx < 0 ? rect.x + rect.width - width : rect.x + (rect.width - width) / 2;
  const y = sy > 0 ? rect.y : sy < 0 ? rect.y + rect.height - height : rect.y + (rect.height - height) / 2;
  return { x, y, width, height };
}

/** The frame moved by (dx, dy) from `start`, kept inside. */
export function moveFrame(start: CropChoice, photo: Size, dx: number, dy: number): CropChoice {
  const { rect, angle } = start.geometry;
  return withRect(start, fitRect({ ...rect, x: rect.x + dx, y: rect.y + dy }, viewOf(start, photo), angle));
}

/**
 * Two fingers spread by `scale`: the photo zooms under the frame, so the frame shrinks by it about its
 * centre. Fingers brought together onto one point (scale 0) grow it as far as it goes; a scale that says
 * nothing (fingers that started on one point: NaN, or infinite) leaves it as it was.
 */
export function pinchFrame(start: CropChoice, photo: Size, scale: number): CropChoice {
  if (Number.isNaN(scale) || scale === Infinity) return start;
  const { rect, angle } = start.geometry;
  const view = viewOf(start, photo);
  const min = minSide(photo);
  const largest = largestInside(view, angle, rect.width / rect.height);
  const grow = Math.max(1, largest.width / rect.width);
  const k = Math.max(scale > 0 ? Math.min(1 / scale, grow) : grow, min / Math.min(rect.width, rect.height));
  const [width, height] = [rect.width * k, rect.height * k];
  const next = {
    x: rect.x + (rect.width - width) / 2,
    y: rect.y + (rect.height - height) / 2,
    width,
    height,
  };
  return withRect(start, fitRect(next, view, angle));
}

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

/**
 * An arrow key on the frame: a move of 1% of the view's longer side (10% when `large`), or with `resize`
 * a grow (right, down) or shrink (left, up) by as much, the top-left corner held and the aspect kept.
 */
export function keyStep(
  choice: CropChoice,
  photo: Size,
  key: ArrowKey,
  { resize = false, large = false } = {},
): CropChoice {
  const view = viewOf(choice, photo);
  const step = (Math.max(view.width, view.height) / 100) * (large ? 10 : 1);
  const horizontal = key === 'ArrowLeft' || key === 'ArrowRight';
  const sign = key === 'ArrowLeft' || key === 'ArrowUp' ? -1 : 1;
  if (!resize) return moveFrame(choice, photo, horizontal ? sign * step : 0, horizontal ? 0 : sign * step);
  const { rect } = choice.geometry;
  const ratio = frameRatio(choice, photo);
  if (ratio === null)
    return dragHandle(choice, photo, 'se', horizontal ? sign * step : 0, horizontal ? 0 : sign * step);
  // With an aspect, the side the key names changes by a step and the other follows, the top-left held.
  const width = horizontal ? rect.width + sign * step : (rect.height + sign * step) * ratio;
  // A corner dragged along the diagonal by (dw, dw / ratio) widens the frame by exactly dw.
  return dragHandle(choice, photo, 'se', width - rect.width, (width - rect.width) / ratio);
}

/**
 * The angle set (clamped to ±45°, and to where a frame of the frame's shape at least a pixel a side still
 * fits: possibleAngle): the largest frame of its aspect stays the largest, any other is fitted.
 */
export function straighten(choice: CropChoice, photo: Size, angle: number): CropChoice {
  const asked = Math.min(MAX_STRAIGHTEN, Math.max(-MAX_STRAIGHTEN, Number.isFinite(angle) ? angle : 0));
  const view = viewOf(choice, photo);
  const { rect, angle: before } = choice.geometry;
  const ratio = frameRatio(choice, photo) ?? rect.width / rect.height;
  const clamped = possibleAngle(view, asked, ratio);
  const largest = largestInside(view, before, ratio);
  const wasLargest = rect.width >= largest.width * (1 - 1e-6);
  const next = wasLargest ? centredRect(view, clamped, ratio) : fitRect(rect, view, clamped);
  return withRect(choice, next, { angle: clamped });
}

/**
 * The picture as seen turned a quarter clockwise (`direction` 1) or anticlockwise (-1), the frame with
 * it. A turn of what is seen is a turn of the photo after its flips, and turns commute with the
 * straightening, so the angle stays. A preset's sides swap with the frame.
 */
export function rotateView(choice: CropChoice, photo: Size, direction: 1 | -1): CropChoice {
  const view = viewOf(choice, photo);
  const { rect, turns } = choice.geometry;
  const next: Rect =
    direction === 1
      ? { x: view.height - rect.y - rect.height, y: rect.x, width: rect.height, height: rect.width }
      : { x: rect.y, y: view.width - rect.x - rect.width, width: rect.height, height: rect.width };
  const preset = swapsSides(choice.aspect);
  return {
    ...choice,
    aspectTurned: preset ? !choice.aspectTurned : choice.aspectTurned,
    geometry: { ...choice.geometry, turns: ((turns + direction + 4) % 4) as QuarterTurns, rect: next },
  };
}

/** Whether a turn of the frame swaps the preset's sides: a fixed ratio that is not square. */
function swapsSides(aspect: AspectId): boolean {
  return aspect !== 'free' && aspect !== 'original' && aspect !== '1-1';
}

/**
 * The picture as seen mirrored left-right (`axis` 'h') or top-bottom ('v'). The geometry flips before it
 * turns, so across an odd number of turns a flip seen horizontally is the photo's vertical flip. A mirror
 * turns the straightening the other way, and moves the frame to its mirror place.
 */
export function flipView(choice: CropChoice, photo: Size, axis: 'h' | 'v'): CropChoice {
  const view = viewOf(choice, photo);
  const { rect, turns, flipH, flipV, angle } = choice.geometry;
  const photoAxis = turns % 2 === 0 ? axis : axis === 'h' ? 'v' : 'h';
  const next =
    axis === 'h'
      ? { ...rect, x: view.width - rect.x - rect.width }
      : { ...rect, y: view.height - rect.y - rect.height };
  return withRect(choice, next, {
    flipH: photoAxis === 'h' ? !flipH : flipH,
    flipV: photoAxis === 'v' ? !flipV : flipV,
    // -0 would read as a change to a test's eye and to Object.is: keep it 0.
    angle: angle === 0 ? 0 : -angle,
  });
}

/**
 * Why the angle is less than asked: on a photo too thin for it, a frame of the frame's shape would be
 * under a pixel (straighten and chooseAspect keep the angle where one fits). Null when the angle is as asked.
 */
export function angleNote(asked: number | null, given: number): Message | null {
  if (asked === null || Math.abs(asked - given) < 0.05) return null;
  return tenths(given) === 0
    ? msg(TOO_THIN_LEVEL_TEMPLATE, { asked: tenths(asked) })
    : msg(TOO_THIN_MOST_TEMPLATE, { asked: tenths(asked), given: tenths(given) });
}

/** Degrees to a tenth, as the tool shows them, with no '-0'. */
function tenths(angle: number): number {
  const rounded = Math.round(angle * 10) / 10;
  return rounded === 0 ? 0 : rounded;
}

/** The box around the straightened photo, in view units: what the tool shows (blank corners included). */
export function displayBox(view: Size, angle: number): Rect {
  const radians = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.abs(Math.cos(radians)), Math.abs(Math.sin(radians))];
  const width = view.width * cos + view.height * sin;
  const height = view.width * sin + view.height * cos;
  return { x: (view.width - width) / 2, y: (view.height - height) / 2, width, height };
}

/** From a position in the view (straightened, turned, flipped) to one in the original. */
export function viewToPhoto(geometry: CropGeometry, photo: Size): Affine {
  const view = turnedSize(photo, geometry.turns);
  return sourceMap({ ...geometry, rect: { x: 0, y: 0, ...view } }, photo, view);
}

export function invert(map: Affine): Affine {
  const [a, b, c, d, e, f] = map;
  const det = a * e - b * d;
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

/**
 * From the image's pixels (the photo upright, `image` size) to a canvas that shows `box` of the view at
 * `scale` canvas pixels a view unit: the transform the tool draws the image through.
 */
export function drawTransform(g: CropGeometry, photo: Size, image: Size, box: Rect, scale: number): Affine {
  const [a, b, c, d, e, f] = viewToPhoto(g, photo);
  const [sx, sy] = [image.width / photo.width, image.height / photo.height];
  const [p, q, r, s, t, u] = invert([sx * a, sx * b, sx * c, sy * d, sy * e, sy * f]);
  return [scale * p, scale * q, scale * (r - box.x), scale * s, scale * t, scale * (u - box.y)];
}

/** The frame as a screen reader says it: 'Crop frame 1200 by 1500 pixels, at 100, 240'. */
export function describeFrame(rect: Rect): Message {
  const r = Math.round;
  return msg(CROP_FRAME_TEMPLATE, {
    width: r(rect.width),
    height: r(rect.height),
    x: r(rect.x),
    y: r(rect.y),
  });
}
