import type { UniformParams, UniformTable } from '../../uniforms.ts';
/**
 * Date stamp: the orange date that a film camera's LCD date back printed onto the film (the light passes
 * through the orange film base, so the digits come out orange-red) or that a digital compact burned into
 * its JPEGs. The digits are seven-segment digits drawn from their distances to each segment, not from a
 * bitmap, so they are as sharp at any size: a segment is a capsule around a line, the digit is slanted as
 * LCD digits are, its edge is softened (the bleed of light in the emulsion) and a glow falls off around it
 * over half a digit height. Ink and glow are screen-blended, as light added to the film is.
 *
 * Everything is placed in the whole image, in digit heights of the image's shorter side, so a tile of
 * the full-resolution export and a thumbnail draw the same text as the whole image.
 */
import { perPixelStage } from '../per-pixel.ts';

type Rgb = readonly [number, number, number];

export interface DateStampParams {
  /** Up to 12 glyph codes: 0-9 digits, 10 apostrophe, 11 dot, 12 space (dateStampGlyphs spells them). */
  glyphs: readonly number[];
  /** 0 bottom-right, 1 bottom-left, 2 top-right, 3 top-left. */
  corner: number;
  /** Digit height as a fraction of the image's shorter side, 0.02-0.1 (0.045 is a date back's). */
  size: number;
  /** The ink's colour; [1, 0.45, 0.12] is a date back's orange. */
  color: Rgb;
  /** 0 leaves the image unchanged, 1 prints at full strength. */
  opacity: number;
}

export const MAX_GLYPHS = 12;
export const APOSTROPHE = 10;
export const DOT = 11;
export const SPACE = 12;

/**
 * The digit's geometry in digit heights, mirrored in both shaders: segment centrelines lie HALF_W either
 * side of the centre and HALF_H above and below it, each pulled back by GAP at its ends so that the
 * segments stand apart as on an LCD; strokes are STROKE thick; a point (u, v) of the upright digit is
 * drawn at (u - SLANT * v, v), so the top leans right. The apostrophe is a stroke TICK long from the top,
 * the dot a disc of DOT_RADIUS on the baseline.
 */
export const DATE_GEOMETRY = {
  HALF_W: 0.19,
  HALF_H: 0.44,
  GAP: 0.035,
  STROKE: 0.12,
  SLANT: 0.12,
  TICK: 0.2,
  DOT_RADIUS: 0.075,
} as const;

/**
 * How the ink is drawn, mirrored in both shaders: its edge is a smoothstep EDGE digit heights (at least
 * MIN_EDGE pixels) either side of the stroke's outline; the glow is GLOW at the outline and falls off
 * quadratically to nothing GLOW_REACH digit heights away, tinted GLOW_TINT (redder than the ink).
 */
export const DATE_INK = {
  EDGE: 0.035,
  MIN_EDGE: 0.75,
  GLOW: 0.3,
  GLOW_REACH: 0.5,
  GLOW_TINT: [1, 0.55, 0.35],
} as const;

/** The lit segments of each digit, bit 0 = a (top) ... bit 6 = g (middle), in the usual a-g order. */
export const DIGIT_SEGMENTS = [0x3f, 0x06, 0x5b, 0x4f, 0x66, 0x6d, 0x7d, 0x07, 0x7f, 0x6f] as const;
/** The marks beyond the seven segments, as bits of the same mask. */
const APOSTROPHE_BIT = 0x80;
const DOT_BIT = 0x100;

/** Each glyph's advance in digit heights: punctuation sits in a narrow cell, as on a date back. */
function advance(code: number): number {
  if (code === SPACE) return 0.5;
  return code === APOSTROPHE || code === DOT ? 0.3 : 0.72;
}

/** The segment mask the shaders draw for a glyph code. */
export function glyphMask(code: number): number {
  if (code === APOSTROPHE) return APOSTROPHE_BIT;
  if (code === DOT) return DOT_BIT;
  if (code === SPACE) return 0;
  const mask = DIGIT_SEGMENTS[code];
  if (mask === undefined) throw new Error(`Date stamp: no glyph ${code}`);
  return mask;
}

/** Glyph codes for a text of digits, apostrophes, dots and spaces (`'98 11 24`). */
export function dateStampGlyphs(text: string): number[] {
  return [...text].map((ch) => {
    if (ch === "'") return APOSTROPHE;
    if (ch === '.') return DOT;
    if (ch === ' ') return SPACE;
    if (!/^[0-9]$/.test(ch)) throw new Error(`Date stamp: cannot print ${JSON.stringify(ch)}`);
    return Number(ch);
  });
}

type Point = [number, number];

export interface GlyphPlacement {
  code: number;
  /** The glyph's centre in the whole image, in pixels. */
  centre: Point;
  /** Where the middle of each segment a..g is drawn, lit or not, in the whole image. */
  segments: Point[];
  /** The apostrophe's or dot's own mark, for those glyphs. */
  mark?: Point;
}

export interface DateStampLayout {
  /** The digit height in pixels. */
  height: number;
  glyphs: GlyphPlacement[];
  /** The box the glyphs' strokes lie in, [left, top, right, bottom] in pixels (glow not included). */
  bounds: [number, number, number, number];
}

/** Upright-digit positions (in digit heights, y down) of the middles of segments a..g. */
function segmentMiddles(): Point[] {
  const { HALF_W: w, HALF_H: h } = DATE_GEOMETRY;
  return [
    [0, -h],
    [w, -h / 2],
    [w, h / 2],
    [0, h],
    [-w, h / 2],
    [-w, -h / 2],
    [0, 0],
  ];
}

/**
 * Where the text goes: the digit height is `size` of the shorter side; the text keeps one digit height
 * from the two edges of its corner. Gives each glyph's centre and the middles of its segments (and of
 * its mark), slanted as drawn: the stage's uniforms and the tests that read the digits back both use it.
 */
export function dateStampLayout(
  codes: readonly number[],
  corner: number,
  size: number,
  fullWidth: number,
  fullHeight: number,
): DateStampLayout {
  if (codes.length > MAX_GLYPHS) throw new Error(`Date stamp: at most ${MAX_GLYPHS} glyphs`);
  const height = Math.min(0.1, Math.max(0.02, size)) * Math.min(fullWidth, fullHeight);
  const { HALF_W, HALF_H, STROKE, SLANT, TICK } = DATE_GEOMETRY;
  const width = codes.reduce((sum, code) => sum + advance(code), 0) * height;
  const right = corner === 0 || corner === 2;
  const bottom = corner === 0 || corner === 1;
  const left = right ? fullWidth - height - width : height;
  const centreY = bottom ? fullHeight - 1.5 * height : 1.5 * height;
  const place = (centre: Point, [u, v]: Point): Point => [
    centre[0] + (u - SLANT * v) * height,
    centre[1] + v * height,
  ];
  let x = left;
  const glyphs = codes.map((code): GlyphPlacement => {
    // An unknown code is refused here, where a caller's mistake is nearest, rather than printed blank.
    glyphMask(code);
    const centre: Point = [x + 0.5 * advance(code) * height, centreY];
    x += advance(code) * height;
    const segments = segmentMiddles().map((point) => place(centre, point));
    const glyph: GlyphPlacement = { code, centre, segments };
    if (code === APOSTROPHE) glyph.mark = place(centre, [0, 0.5 * TICK - HALF_H]);
    if (code === DOT) glyph.mark = place(centre, [0, HALF_H]);
    return glyph;
  });
  // The slant moves the top and bottom of a digit sideways by SLANT * half its height.
  const reach = (HALF_W + 0.5 * STROKE + SLANT * 0.5) * height;
  const first = glyphs[0]?.centre[0] ?? left;
  const last = glyphs.at(-1)?.centre[0] ?? left;
  return {
    height,
    glyphs,
    bounds: [first - reach, centreY - 0.5 * height, last + reach, centreY + 0.5 * height],
  };
}

const UNIFORMS = [
  { name: 'glyphs', type: 'vec4fArray', length: MAX_GLYPHS },
  { name: 'color', type: 'vec3f' },
  { name: 'opacity', type: 'f32' },
  { name: 'bounds', type: 'vec4f' },
  { name: 'height', type: 'f32' },
  { name: 'count', type: 'i32' },
  { name: 'origin', type: 'vec2i' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type DateStampUniforms = UniformParams<typeof UNIFORMS>;

/** One pointwise pass; see date-stamp.wgsl and .glsl. */
export const dateStampStage = perPixelStage<DateStampParams, typeof UNIFORMS>({
  name: 'date-stamp',
  uniforms: UNIFORMS,
  values(params, region) {
    const { fullWidth, fullHeight } = region;
    const layout = dateStampLayout(params.glyphs, params.corner, params.size, fullWidth, fullHeight);
    // Per glyph: its centre and its mask (small integers are exact in a float).
    const glyphs = new Array<number>(4 * MAX_GLYPHS).fill(0);
    layout.glyphs.forEach((glyph, i) => glyphs.splice(4 * i, 3, ...glyph.centre, glyphMask(glyph.code)));
    // Pixels farther than the glow from every glyph are left alone without measuring.
    const margin = (DATE_INK.GLOW_REACH + 0.1) * layout.height;
    const [left, top, right, bottom] = layout.bounds;
    return {
      glyphs,
      opacity: Math.min(1, Math.max(0, params.opacity)),
      bounds: [left - margin, top - margin, right + margin, bottom + margin],
      height: layout.height,
      count: layout.glyphs.length,
    };
  },
  // Pointwise; the text is placed in the whole image by the region's origin.
  reach: () => 0,
});
