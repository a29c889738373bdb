import { describe, expect, it } from 'vitest';
import {
  APOSTROPHE,
  DATE_GEOMETRY,
  DOT,
  SPACE,
  dateStampGlyphs,
  dateStampLayout,
  dateStampStage,
  type DateStampLayout,
} from '../../src/pipeline/stages/date-stamp/stage.ts';
import { lightLeakGeometry, lightLeakStage } from '../../src/pipeline/stages/light-leak/stage.ts';
import type { PassRequest, Region, StageDefinition } from '../../src/pipeline/stages/types.ts';
import type { GpuTexture } from '../../src/engine/backend.ts';
import { packUniforms } from '../../src/pipeline/uniforms.ts';

/** The uniforms a per-pixel stage's encode asks for, on an input placed by `region`. */
function uniformsOf<P>(stage: StageDefinition<P>, params: P, region: Region, width: number, height: number) {
  let request: PassRequest | undefined;
  const input = { id: 1, width, height, format: 'rgba8unorm' } as GpuTexture;
  stage.encode(
    {
      pass: (r) => ((request = r), input),
      release: () => {},
      region,
      workgroupMemory: false,
    },
    input,
    params,
    {},
  );
  if (!request?.uniforms) throw new Error('no pass');
  packUniforms(stage.uniforms, request.uniforms);
  return request.uniforms;
}

const SIZES: [number, number][] = [
  [768, 512],
  [512, 768],
  [4000, 3000],
  [160, 120],
];
const DATES = ["'98 11 24", '2024.05.17', '8888.88.8888', "'01"];

/** How far a glyph's ink reaches either side of its centre, in pixels. */
function inkHalfWidth(code: number, height: number): number {
  const { HALF_W, HALF_H, STROKE, SLANT, DOT_RADIUS } = DATE_GEOMETRY;
  const lean = SLANT * (HALF_H + 0.5 * STROKE);
  if (code === SPACE) return 0;
  if (code === APOSTROPHE) return (0.5 * STROKE + lean) * height;
  if (code === DOT) return (DOT_RADIUS + lean) * height;
  return (HALF_W + 0.5 * STROKE + lean) * height;
}

function points(layout: DateStampLayout): [number, number][] {
  return layout.glyphs.flatMap((g) => [g.centre, ...g.segments, ...(g.mark ? [g.mark] : [])]);
}

describe('date stamp layout', () => {
  it('spells dates as glyph codes', () => {
    expect(dateStampGlyphs("'98 11 24")).toEqual([10, 9, 8, 12, 1, 1, 12, 2, 4]);
    expect(dateStampGlyphs('2024.05.17')).toEqual([2, 0, 2, 4, 11, 0, 5, 11, 1, 7]);
    expect(() => dateStampGlyphs('98/11')).toThrow();
    expect(() => dateStampLayout(new Array(13).fill(1), 0, 0.045, 768, 512)).toThrow(/12/);
  });

  it('keeps every glyph inside the image, about one digit height from its corner', () => {
    for (const [width, height] of SIZES)
      for (const text of DATES)
        for (const size of [0.02, 0.045, 0.1])
          for (const corner of [0, 1, 2, 3]) {
            const layout = dateStampLayout(dateStampGlyphs(text), corner, size, width, height);
            const h = layout.height;
            expect(h).toBeCloseTo(size * Math.min(width, height));
            const [left, top, right, bottom] = layout.bounds;
            expect(left).toBeGreaterThanOrEqual(0.5 * h);
            expect(top).toBeGreaterThanOrEqual(0.5 * h);
            expect(right).toBeLessThanOrEqual(width - 0.5 * h);
            expect(bottom).toBeLessThanOrEqual(height - 0.5 * h);
            for (const [x, y] of points(layout)) {
              expect(x).toBeGreaterThan(left);
              expect(x).toBeLessThan(right);
              expect(y).toBeGreaterThan(top);
              expect(y).toBeLessThan(bottom);
            }
            // The corner's two edges are one digit height (give or take the slant) from the text.
            const onRight = corner === 0 || corner === 2;
            const onBottom = corner === 0 || corner === 1;
            const sideGap = onRight ? width - right : left;
            const endGap = onBottom ? height - bottom : top;
            expect(sideGap).toBeGreaterThan(0.7 * h);
            expect(sideGap).toBeLessThan(1.3 * h);
            expect(endGap).toBeCloseTo(h);
            expect((left + right) / 2 > width / 2).toBe(onRight);
            expect((top + bottom) / 2 > height / 2).toBe(onBottom);
          }
  });

  it('leaves a gap between neighbouring glyphs, and reads left to right', () => {
    for (const text of DATES)
      for (const size of [0.02, 0.1]) {
        const layout = dateStampLayout(dateStampGlyphs(text), 0, size, 768, 512);
        const h = layout.height;
        layout.glyphs.slice(1).forEach((glyph, i) => {
          const before = layout.glyphs[i]!;
          const gap =
            glyph.centre[0] - inkHalfWidth(glyph.code, h) - (before.centre[0] + inkHalfWidth(before.code, h));
          expect(gap).toBeGreaterThan(0.05 * h);
        });
      }
  });

  it('scales with the image: a thumbnail places the text as the full image does', () => {
    const glyphs = dateStampGlyphs('2024.05.17');
    for (const corner of [0, 1, 2, 3]) {
      const full = points(dateStampLayout(glyphs, corner, 0.05, 4000, 3000));
      const thumb = points(dateStampLayout(glyphs, corner, 0.05, 400, 300));
      full.forEach(([x, y], i) => {
        expect(thumb[i]![0] * 10).toBeCloseTo(x, 6);
        expect(thumb[i]![1] * 10).toBeCloseTo(y, 6);
      });
    }
  });

  it('hands a tile the whole image’s text, moved only by its origin', () => {
    const params = {
      glyphs: dateStampGlyphs("'98 11 24"),
      corner: 0,
      size: 0.045,
      color: [1, 0.45, 0.12] as const,
      opacity: 1,
    };
    const whole = uniformsOf(
      dateStampStage,
      params,
      { x: 0, y: 0, fullWidth: 3000, fullHeight: 2000 },
      3000,
      2000,
    );
    const tile = uniformsOf(
      dateStampStage,
      params,
      { x: 2048, y: 1536, fullWidth: 3000, fullHeight: 2000 },
      512,
      464,
    );
    expect({ ...tile, origin: [0, 0] }).toEqual(whole);
    expect(tile.origin).toEqual([2048, 1536]);
    expect(whole.count).toBe(9);
  });
});

describe('light leak geometry', () => {
  it('is the same for the same seed and differs between seeds', () => {
    expect(lightLeakGeometry(42, 768, 512)).toEqual(lightLeakGeometry(42, 768, 512));
    expect(lightLeakGeometry(42, 768, 512)).not.toEqual(lightLeakGeometry(43, 768, 512));
  });

  it('anchors two lobes on one edge, sized by the image, in warm colours', () => {
    const edges = [0, 0, 0, 0];
    for (let seed = 0; seed < 400; seed++) {
      const [width, height] = seed % 2 ? [768, 512] : [512, 768];
      const { edge, axis, lobes } = lightLeakGeometry(seed, width, height);
      edges[edge]!++;
      const vertical = edge < 2;
      expect(axis).toEqual(vertical ? [0, 1] : [1, 0]);
      const edgeLength = vertical ? height : width;
      for (const lobe of lobes) {
        const [x, y] = lobe.centre;
        expect(vertical ? x : y).toBe([0, width, 0, height][edge]);
        const along = vertical ? y : x;
        expect(along).toBeGreaterThanOrEqual(0.05 * edgeLength);
        expect(along).toBeLessThanOrEqual(0.95 * edgeLength);
        expect(lobe.halfLength).toBeGreaterThan(0.05 * edgeLength);
        expect(lobe.halfLength).toBeLessThanOrEqual(0.5 * edgeLength);
        expect(lobe.depth).toBeGreaterThan(0.15 * Math.min(width, height));
        expect(lobe.depth).toBeLessThanOrEqual(0.72 * Math.min(width, height));
        const [r, g, b] = lobe.color;
        expect(r).toBeGreaterThan(0.9);
        expect(g).toBeGreaterThan(b);
        expect(g).toBeLessThan(0.75);
      }
      // The first lobe at full strength, the second (every leak has two or more) well below it.
      expect(lobes.length).toBeGreaterThanOrEqual(2);
      expect(lobes[0].strength).toBe(1);
      expect(lobes[1].strength).toBeLessThan(0.65);
    }
    // Every edge comes up for about a quarter of the seeds.
    for (const count of edges) expect(count).toBeGreaterThan(70);
  });

  it('scales with the image and hands a tile the whole image’s leak', () => {
    const small = lightLeakGeometry(9, 400, 300);
    const large = lightLeakGeometry(9, 4000, 3000);
    large.lobes.forEach((lobe, i) => {
      const other = small.lobes[i]!;
      expect(lobe.centre[0]).toBeCloseTo(10 * other.centre[0], 6);
      expect(lobe.centre[1]).toBeCloseTo(10 * other.centre[1], 6);
      expect(lobe.halfLength).toBeCloseTo(10 * other.halfLength, 6);
      expect(lobe.depth).toBeCloseTo(10 * other.depth, 6);
    });
    const whole = uniformsOf(
      lightLeakStage,
      { amount: 2, seed: 9 },
      { x: 0, y: 0, fullWidth: 4000, fullHeight: 3000 },
      4000,
      3000,
    );
    const tile = uniformsOf(
      lightLeakStage,
      { amount: 2, seed: 9 },
      { x: 1000, y: 500, fullWidth: 4000, fullHeight: 3000 },
      800,
      800,
    );
    expect({ ...tile, origin: [0, 0] }).toEqual(whole);
    expect(whole.amount).toBe(1);
  });
});
