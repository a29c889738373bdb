import {
  APOSTROPHE,
  DATE_GEOMETRY,
  DATE_INK,
  DOT,
  dateStampLayout,
  type DateStampParams,
} from '../../src/pipeline/stages/date-stamp/stage.ts';
import { mapPixels, type RgbaImage } from './image.ts';
import { clamp01, smoothstep } from './vignette-shape.ts';

/** Which segments each digit lights, spelt as on a seven-segment datasheet. */
export const DIGITS = [
  'abcdef',
  'bc',
  'abdeg',
  'abcdg',
  'bcfg',
  'acdfg',
  'acdefg',
  'abc',
  'abcdefg',
  'abcdfg',
];

type Line = [number, number, number, number];

/** Each segment's line in upright digit coordinates (digit heights, y down). */
function segmentLines(): Record<string, Line> {
  const { HALF_W: w, HALF_H: h, GAP: g } = DATE_GEOMETRY;
  return {
    a: [-(w - g), -h, w - g, -h],
    b: [w, -(h - g), w, -g],
    c: [w, g, w, h - g],
    d: [-(w - g), h, w - g, h],
    e: [-w, g, -w, h - g],
    f: [-w, -(h - g), -w, -g],
    g: [-(w - g), 0, w - g, 0],
  };
}

function lineDistance(u: number, v: number, [ax, ay, bx, by]: Line): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = clamp01(((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy));
  return Math.hypot(u - (ax + t * dx), v - (ay + t * dy));
}

/** CPU reference of shaders/date-stamp. */
export function dateStamp(input: RgbaImage, params: DateStampParams): RgbaImage {
  const { width, height } = input;
  const layout = dateStampLayout(params.glyphs, params.corner, params.size, width, height);
  const { STROKE, SLANT, TICK, DOT_RADIUS, HALF_H } = DATE_GEOMETRY;
  const lines = segmentLines();
  // Each glyph's ink as a distance function of upright coordinates.
  const shapes = layout.glyphs.map(({ code, centre }) => {
    const strokes: Line[] = [];
    if (code === APOSTROPHE) strokes.push([0, -HALF_H, 0, TICK - HALF_H]);
    else for (const name of DIGITS[code] ?? '') strokes.push(lines[name] as Line);
    const dot = code === DOT;
    return { centre, strokes, dot };
  });
  const H = layout.height;
  const opacity = clamp01(params.opacity);
  const edge = Math.max(DATE_INK.EDGE * H, DATE_INK.MIN_EDGE);
  return mapPixels(input, (r, g, b, a, x, y) => {
    let d = Infinity;
    for (const { centre, strokes, dot } of shapes) {
      const v = (y + 0.5 - centre[1]) / H;
      const u = (x + 0.5 - centre[0]) / H + SLANT * v;
      for (const line of strokes) d = Math.min(d, lineDistance(u, v, line) - STROKE / 2);
      if (dot) d = Math.min(d, Math.hypot(u, v - HALF_H) - DOT_RADIUS);
    }
    if (d === Infinity || opacity === 0) return [r, g, b, a];
    const ink = 1 - smoothstep(-edge, edge, d * H);
    const glow = DATE_INK.GLOW * (1 - clamp01(d / DATE_INK.GLOW_REACH)) ** 2;
    const out = [r, g, b].map((value, k) => {
      const light = params.color[k] ?? 0;
      const layer = opacity * light * (ink + (1 - ink) * glow * (DATE_INK.GLOW_TINT[k] ?? 0));
      return 1 - (1 - value) * (1 - layer);
    });
    return [out[0] ?? 0, out[1] ?? 0, out[2] ?? 0, a];
  });
}
