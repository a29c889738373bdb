/**
 * The crop's geometry, pure: where a crop of the photo lies and how its pixels map back to the
 * original's. The engine's transform stage, the full-resolution save and the crop tool all work from it.
 *
 * The photo is taken as it stands upright (EXIF applied), then, in this order: flipped (horizontally,
 * vertically), turned a quarter at a time clockwise, straightened by `angle` degrees (clockwise) about
 * its centre, and cut to `rect`. `rect` is in the turned photo's pixels, axis-aligned in the straightened
 * view, and always lies inside the straightened photo, so no blank corner is ever cut (fitRect).
 */
import {
  ASPECTS,
  MIN_FRAME_SIDE,
  type AspectId,
  type CropGeometry,
  type QuarterTurns,
  type Rect,
  type Size,
} from '../../edit/crop.ts';

/**
 * The width / height the frame keeps for an aspect on a photo of this (turned) size; null for free.
 * `turned` swaps a preset's sides (4:5 becomes 5:4).
 */
export function aspectRatio(id: AspectId, photo: Size, turned = false): number | null {
  const aspect = ASPECTS.find((a) => a.id === id);
  if (!aspect || aspect.id === 'free') return null;
  const ratio = aspect.ratio ?? photo.width / photo.height;
  return turned ? 1 / ratio : ratio;
}

/** The photo's size after `turns` quarter turns. */
export function turnedSize(photo: Size, turns: QuarterTurns): Size {
  return turns % 2 === 0 ? { ...photo } : { width: photo.height, height: photo.width };
}

/** The whole photo, turned, nothing cut: the geometry that changes nothing. */
export function uncropped(photo: Size): CropGeometry {
  return { turns: 0, flipH: false, flipV: false, angle: 0, rect: { x: 0, y: 0, ...photo } };
}

export function isIdentity(geometry: CropGeometry, photo: Size): boolean {
  const { turns, flipH, flipV, angle, rect } = geometry;
  return (
    turns === 0 &&
    !flipH &&
    !flipV &&
    angle === 0 &&
    rect.x === 0 &&
    rect.y === 0 &&
    rect.width === photo.width &&
    rect.height === photo.height
  );
}

/** How far a centred rectangle's corners reach along the straightened photo's own axes. */
function extent(half: Size, angle: number): Size {
  const radians = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.abs(Math.cos(radians)), Math.abs(Math.sin(radians))];
  return {
    width: half.width * cos + half.height * sin,
    height: half.width * sin + half.height * cos,
  };
}

/**
 * The largest rectangle of `ratio` (width / height; null: the photo's own) centred in the photo of
 * `view` size straightened by `angle`: the frame a preset or a new angle starts from.
 */
export function largestInside(view: Size, angle: number, ratio: number | null): Size {
  const r = ratio ?? view.width / view.height;
  const radians = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.abs(Math.cos(radians)), Math.abs(Math.sin(radians))];
  // Half-height b, half-width r * b: both rotated extents within the photo's half sides.
  const b = Math.min(view.width / 2 / (r * cos + sin), view.height / 2 / (r * sin + cos));
  return { width: 2 * r * b, height: 2 * b };
}

/**
 * The frame for an aspect, the largest of it centred in the straightened photo, and at least a pixel a
 * side: on a photo narrower than the aspect allows (16:9 on a photo one pixel wide) it is a pixel there,
 * which lies inside unstraightened; `possibleAngle` keeps the angle to one where the aspect fits.
 */
export function centredRect(view: Size, angle: number, ratio: number | null): Rect {
  const size = atLeastAPixel(largestInside(view, angle, ratio));
  return {
    x: (view.width - size.width) / 2,
    y: (view.height - size.height) / 2,
    ...size,
  };
}

function atLeastAPixel(size: Size): Size {
  return { width: Math.max(MIN_FRAME_SIDE, size.width), height: Math.max(MIN_FRAME_SIDE, size.height) };
}

/**
 * Whether the largest frame of `ratio` (null: the photo's own) in the photo straightened by `angle` is at
 * least a pixel a side. A rounding error under a pixel counts as a pixel (centredRect makes it one).
 */
export function frameFits(view: Size, angle: number, ratio: number | null): boolean {
  const { width, height } = largestInside(view, angle, ratio);
  return Math.min(width, height) >= MIN_FRAME_SIDE * (1 - 1e-9);
}

/**
 * `angle` where a frame of `ratio` at least a pixel a side fits the photo straightened by it; else the
 * largest angle towards 0 (on the same side) where one does, to a tenth of a degree as the tool shows
 * angles, or 0 where none does. A long thin photo turned far leaves no such frame: the largest frame of
 * a 400:1 panorama's shape turned 45 degrees is a 25th of a pixel high.
 */
export function possibleAngle(view: Size, angle: number, ratio: number | null): number {
  if (angle === 0 || frameFits(view, angle, ratio)) return angle;
  if (!frameFits(view, 0, ratio)) return 0;
  // The frame shrinks as the angle grows from 0 here: a bisection finds where it stops fitting.
  let [fits, fails] = [0, 1];
  for (let i = 0; i < 50; i++) {
    const t = (fits + fails) / 2;
    if (frameFits(view, angle * t, ratio)) fits = t;
    else fails = t;
  }
  const shown = Math.trunc(angle * fits * 10) / 10;
  return frameFits(view, shown, ratio) ? shown + 0 : angle * fits;
}

/**
 * `rect` moved (and, if it is too large anywhere, shrunk about its centre to the largest of its aspect)
 * so that it lies inside the photo of `view` size straightened by `angle`. The straightened photo's axes
 * are orthonormal, so the centres a rectangle may have form a box along them: clamping the centre's
 * coordinates along those axes is the nearest place it fits.
 */
export function fitRect(rect: Rect, view: Size, angle: number): Rect {
  const largest = largestInside(view, angle, rect.width / rect.height);
  const scale = Math.min(1, largest.width / rect.width);
  const size = atLeastAPixel({ width: rect.width * scale, height: rect.height * scale });
  const reach = extent({ width: size.width / 2, height: size.height / 2 }, angle);
  const centre = {
    x: rect.x + rect.width / 2 - view.width / 2,
    y: rect.y + rect.height / 2 - view.height / 2,
  };
  const radians = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  // The centre in the straightened photo's axes (turned back by the angle), clamped, turned again.
  const u = clamp(centre.x * cos + centre.y * sin, view.width / 2 - reach.width);
  const v = clamp(-centre.x * sin + centre.y * cos, view.height / 2 - reach.height);
  const x = u * cos - v * sin;
  const y = u * sin + v * cos;
  return {
    x: x + view.width / 2 - size.width / 2,
    y: y + view.height / 2 - size.height / 2,
    ...size,
  };
}

function clamp(value: number, limit: number): number {
  const bound = Math.max(0, limit);
  return Math.min(bound, Math.max(-bound, value));
}

/** The crop's size in the original's pixels: what the full-resolution save delivers. */
export function croppedSize(geometry: CropGeometry): Size {
  return {
    width: Math.max(1, Math.round(geometry.rect.width)),
    height: Math.max(1, Math.round(geometry.rect.height)),
  };
}

/**
 * A 2D affine map [a, b, c, d, e, f]: (x, y) goes to (a x + b y + c, d x + e y + f).
 */
export type Affine = readonly [number, number, number, number, number, number];

function compose(outer: Affine, inner: Affine): Affine {
  const [a, b, c, d, e, f] = outer;
  const [g, h, i, j, k, l] = inner;
  return [a * g + b * j, a * h + b * k, a * i + b * l + c, d * g + e * j, d * h + e * k, d * i + e * l + f];
}

/**
 * Where each pixel of the crop, made at `output` size, reads the original (upright, `photo` size): maps
 * a position in the output (pixel centres at i + 0.5) to one in the original (likewise).
 */
export function sourceMap(geometry: CropGeometry, photo: Size, output: Size): Affine {
  const view = turnedSize(photo, geometry.turns);
  const { rect } = geometry;
  // Output to the straightened view: scaled into the cut.
  const toView: Affine = [rect.width / output.width, 0, rect.x, 0, rect.height / output.height, rect.y];
  // Straightened view to the turned photo: the angle undone about the centre.
  const radians = (geometry.angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const [cx, cy] = [view.width / 2, view.height / 2];
  const unstraighten: Affine = [cos, sin, cx - cos * cx - sin * cy, -sin, cos, cy + sin * cx - cos * cy];
  // Turned photo to the flipped photo: each clockwise quarter turn undone.
  const unturn = unturnMap(geometry.turns, photo);
  // Flipped photo to the original.
  const unflip: Affine = [
    geometry.flipH ? -1 : 1,
    0,
    geometry.flipH ? photo.width : 0,
    0,
    geometry.flipV ? -1 : 1,
    geometry.flipV ? photo.height : 0,
  ];
  return compose(unflip, compose(unturn, compose(unstraighten, toView)));
}

/** From the photo turned `turns` quarters clockwise back to the photo (`photo` is the unturned size). */
function unturnMap(turns: QuarterTurns, photo: Size): Affine {
  const { width: w, height: h } = photo;
  switch (turns) {
    case 0:
      return [1, 0, 0, 0, 1, 0];
    case 1:
      // Turned clockwise, a point (x, y) of the photo lands at (h - y, x): so x' = y, y' = h - x'.
      return [0, 1, 0, -1, 0, h];
    case 2:
      return [-1, 0, w, 0, -1, h];
    case 3:
      return [0, -1, w, 1, 0, 0];
  }
}

export function applyMap(map: Affine, x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = map;
  return [a * x + b * y + c, d * x + e * y + f];
}

/**
 * The part of the original an output region reads: the box around its mapped corners, widened by
 * `margin` pixels (a filter's support) and kept within the photo; whole pixels.
 */
export function sourceBounds(map: Affine, region: Rect, photo: Size, margin: number): Rect {
  const corners = [
    applyMap(map, region.x, region.y),
    applyMap(map, region.x + region.width, region.y),
    applyMap(map, region.x, region.y + region.height),
    applyMap(map, region.x + region.width, region.y + region.height),
  ];
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const top = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(photo.width, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(photo.height, Math.ceil(Math.max(...ys) + margin));
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** The input pixels one output pixel spans, at most, along either output axis. */
export function mapScale(map: Affine): number {
  const [a, b, , d, e] = map;
  return Math.max(Math.hypot(a, d), Math.hypot(b, e));
}

/**
 * `map` for a part of the output at `output` (x, y) reading a part of the input at `input` (x, y): the
 * same positions, measured from each part's corner.
 */
export function partMap(
  map: Affine,
  output: { x: number; y: number },
  input: { x: number; y: number },
): Affine {
  const [a, b, c, d, e, f] = map;
  return [a, b, a * output.x + b * output.y + c - input.x, d, e, d * output.x + e * output.y + f - input.y];
}

/** What a crop made at `output` size reads: the original decoded at `decode` size, its `region`, by `map`. */
export interface CropSource {
  decode: Size;
  region: Rect;
  /** From the output to the region's pixels. */
  map: Affine;
}

/**
 * How the preview's crop reads the original: decoded no larger than gives `oversample` input pixels a
 * side per output pixel (the browser's own high-quality reduction does the rest), then only the part the
 * crop covers, with `margin` pixels for the filter. A tight crop of a 12 MP photo reads it at full size
 * (and stays sharp); the whole of a 48 MP one reads a photo of about twice the output's sides, so the
 * texture stays far within any device's limits.
 */
export function cropSource(
  geometry: CropGeometry,
  photo: Size,
  output: Size,
  oversample = 2,
  margin = 2,
): CropSource {
  const full = sourceMap(geometry, photo, output);
  const scale = Math.min(1, oversample / mapScale(full));
  const decode = {
    width: Math.max(1, Math.round(photo.width * scale)),
    height: Math.max(1, Math.round(photo.height * scale)),
  };
  const [sx, sy] = [decode.width / photo.width, decode.height / photo.height];
  const [a, b, c, d, e, f] = full;
  const scaled: Affine = [sx * a, sx * b, sx * c, sy * d, sy * e, sy * f];
  const region = sourceBounds(scaled, { x: 0, y: 0, ...output }, decode, margin);
  return { decode, region, map: partMap(scaled, { x: 0, y: 0 }, region) };
}
