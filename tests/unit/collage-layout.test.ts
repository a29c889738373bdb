// The collage's layout math (issue 6, point 1): preset geometry, fitting, the scale factor, free-mode
// placement and the canvas size limits.
import { describe, expect, it } from 'vitest';
import {
  aspectIdOf,
  borderBands,
  CANVAS_ASPECTS,
  canvasSizeFor,
  clampToBox,
  displaySize,
  fitImage,
  freePlacement,
  MAX_CANVAS_SIDE,
  MIN_CANVAS_SIDE,
  randomOffset,
  scaledText,
  scaleFactor,
  slotAt,
  slotBox,
  withOpacity,
  zoomInBox,
  type Box,
  limitText,
  MAX_TEXT_LENGTH,
} from '../../src/collage/model/slot-layout.ts';
import { findPreset, FREE_MODE_ID, PRESETS } from '../../src/collage/model/presets.ts';

const SPEC_PRESETS = [
  'free-mode',
  'single-fit',
  'single-stretch',
  'single-fill-border',
  'dual-horizontal-fill',
  'dual-horizontal-stroke',
  'triple-horizontal',
  'triple-vertical',
  'quad-grid',
  'film-photo',
];

const area = (width: number, height: number) => ({ width, height });
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top));

describe('presets', () => {
  it('are the ten of the spec, in its order, with unique ids', () => {
    expect(PRESETS.map((p) => p.id)).toEqual(SPEC_PRESETS);
  });

  it('have the aspect ratios the spec names', () => {
    expect(findPreset('dual-horizontal-stroke')?.aspectRatio).toBeCloseTo(4 / 3);
    expect(findPreset('triple-horizontal')?.aspectRatio).toBeCloseTo(16 / 9);
    expect(findPreset('triple-vertical')?.aspectRatio).toBeCloseTo(9 / 16);
    expect(findPreset('film-photo')?.aspectRatio).toBeCloseTo(5 / 4);
    expect(findPreset(FREE_MODE_ID)?.aspectRatio).toBeNull();
  });

  it('have as many slots as their names say, each inside the canvas, none overlapping', () => {
    const counts: Record<string, number> = {
      'free-mode': 0,
      'single-fit': 1,
      'single-stretch': 1,
      'single-fill-border': 1,
      'dual-horizontal-fill': 2,
      'dual-horizontal-stroke': 2,
      'triple-horizontal': 3,
      'triple-vertical': 3,
      'quad-grid': 4,
      'film-photo': 1,
    };
    for (const preset of PRESETS) {
      expect(preset.slots.length, preset.id).toBe(counts[preset.id]);
      expect(new Set(preset.slots.map((s) => s.id)).size).toBe(preset.slots.length);
      const canvas = canvasSizeFor(preset.aspectRatio ?? 1, area(800, 800));
      const boxes = preset.slots.map((slot) => slotBox(slot, canvas));
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.left + box.width).toBeLessThanOrEqual(canvas.width);
        expect(box.top + box.height).toBeLessThanOrEqual(canvas.height);
        expect(box.width).toBeGreaterThan(0.2 * canvas.width);
      }
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!)).toBe(0);
    }
  });

  it('lay out what their names promise', () => {
    const geometry = (id: string) => {
      const preset = findPreset(id)!;
      const canvas = canvasSizeFor(preset.aspectRatio ?? 1, area(800, 800));
      return preset.slots.map((slot) => slotBox(slot, canvas));
    };
    // Side by side: one row, left to right.
    for (const id of ['dual-horizontal-fill', 'dual-horizontal-stroke', 'triple-horizontal']) {
      const boxes = geometry(id);
      expect(new Set(boxes.map((b) => b.top)).size, id).toBe(1);
      boxes
        .slice(1)
        .forEach((b, i) => expect(b.left).toBeGreaterThanOrEqual(boxes[i]!.left + boxes[i]!.width));
    }
    // Stacked: one column, top to bottom.
    const stacked = geometry('triple-vertical');
    expect(new Set(stacked.map((b) => b.left)).size).toBe(1);
    stacked.slice(1).forEach((b, i) => expect(b.top).toBeGreaterThan(stacked[i]!.top));
    // A 2x2 grid: two distinct columns and rows.
    const grid = geometry('quad-grid');
    expect(new Set(grid.map((b) => b.left)).size).toBe(2);
    expect(new Set(grid.map((b) => b.top)).size).toBe(2);
    // Fill: the two halves cover the whole canvas edge to edge.
    const [left, right] = geometry('dual-horizontal-fill');
    const canvas = canvasSizeFor(3 / 2, area(800, 800));
    expect(left!.left).toBe(0);
    expect(right!.left).toBe(left!.width);
    expect(right!.left + right!.width).toBe(canvas.width);
    expect(left!.height).toBe(canvas.height);
    // Stretch: the whole canvas.
    expect(geometry('single-stretch')[0]).toEqual({ left: 0, top: 0, width: 800, height: 800 });
    // Film photo: a 3:2 frame with the caption below it.
    const film = findPreset('film-photo')!;
    const [frame] = geometry('film-photo');
    expect(frame!.width / frame!.height).toBeCloseTo(1.5, 1);
    expect(film.texts?.[0]?.text).toBe('get well soon');
    expect(film.texts![0]!.y).toBeGreaterThan(film.slots[0]!.y + film.slots[0]!.height);
    expect(film.backgroundColor).toBe('#000000');
    expect(film.fixedMainImage).toBe(true);
  });

  it('fit as named: single-fit contains, single-stretch stretches, the rest cover', () => {
    expect(findPreset('single-fit')?.slots[0]?.fitting).toBe('contain');
    expect(findPreset('single-stretch')?.slots[0]?.fitting).toBe('stretch');
    for (const id of SPEC_PRESETS.slice(3)) {
      for (const slot of findPreset(id)!.slots) expect(slot.fitting, id).toBe('cover');
    }
  });

  it('draw strokes where their names say: borders and secondary strokes on the framed presets', () => {
    const border = findPreset('single-fill-border')!.slots[0]!;
    expect(border.stroke).toBe('#ffffff');
    expect(border.strokeWidth).toBeGreaterThan(0);
    expect(border.secondaryStrokeWidth).toBeGreaterThan(0);
    for (const slot of findPreset('dual-horizontal-stroke')!.slots) {
      expect(slot.strokeWidth).toBeGreaterThan(0);
      expect(slot.secondaryStroke).toBe('#000000');
    }
    expect(findPreset('single-stretch')!.slots[0]!.strokeWidth ?? 0).toBe(0);
  });
});

describe('slot geometry', () => {
  it('turns fractions into whole pixels, neighbours meeting without a seam', () => {
    const canvas = { width: 601, height: 401 };
    const a = slotBox({ x: 0, y: 0, width: 1 / 3, height: 1 }, canvas);
    const b = slotBox({ x: 1 / 3, y: 0, width: 1 / 3, height: 1 }, canvas);
    expect(Number.isInteger(a.width) && Number.isInteger(b.left)).toBe(true);
    expect(b.left).toBe(a.left + a.width);
  });

  it('finds the slot under a point', () => {
    const slots = [
      { id: 'a', box: { left: 0, top: 0, width: 100, height: 100 } },
      { id: 'b', box: { left: 120, top: 0, width: 100, height: 100 } },
    ];
    expect(slotAt(slots, 50, 50)?.id).toBe('a');
    expect(slotAt(slots, 150, 99)?.id).toBe('b');
    expect(slotAt(slots, 110, 50)).toBeUndefined();
  });

  it('draws borders as bands inside the slot, scaled, the secondary line inside the border', () => {
    const box = { left: 10, top: 20, width: 200, height: 100 };
    const { outer, inner } = borderBands(box, 10, 2, 1.5);
    expect(outer).toEqual({ left: 17.5, top: 27.5, width: 185, height: 85, strokeWidth: 15 });
    expect(inner).toEqual({ left: 26.5, top: 36.5, width: 167, height: 67, strokeWidth: 3 });
    // The outer edge of the border is the slot's edge.
    expect(outer!.left - outer!.strokeWidth / 2).toBe(box.left);
    expect(borderBands(box, 0, 0, 1)).toEqual({ outer: null, inner: null });
    // A border never eats more than a quarter of the slot.
    expect(borderBands({ left: 0, top: 0, width: 40, height: 40 }, 20, 0, 2).outer?.strokeWidth).toBe(10);
  });
});

describe('fitting', () => {
  const box = { left: 100, top: 50, width: 200, height: 100 };
  const tall = { width: 400, height: 800 };

  it('contain shows all of the image inside the slot', () => {
    const p = fitImage(tall, box, 'contain');
    expect(p.scaleX).toBe(0.125);
    expect(p.scaleY).toBe(0.125);
    expect(tall.height * p.scaleY).toBe(100);
    expect(tall.width * p.scaleX).toBeLessThanOrEqual(200);
    expect([p.centerX, p.centerY]).toEqual([200, 100]);
  });

  it('cover fills the slot, cropping the overflow', () => {
    const p = fitImage(tall, box, 'cover');
    expect(p.scaleX).toBe(0.5);
    expect(tall.width * p.scaleX).toBe(200);
    expect(tall.height * p.scaleY).toBeGreaterThanOrEqual(100);
  });

  it('stretch fills the slot exactly, changing the aspect ratio', () => {
    const p = fitImage(tall, box, 'stretch');
    expect([tall.width * p.scaleX, tall.height * p.scaleY]).toEqual([200, 100]);
  });

  it('a panned photo still covers its slot; on an axis where it is smaller it stays centred', () => {
    const cover = fitImage(tall, box, 'cover'); // 200 x 400 over a 200 x 100 slot
    const far = clampToBox({ ...cover, centerX: 900, centerY: -500 }, tall, box);
    expect(far.centerX).toBe(200);
    // The top edge of the image is at most the slot's top, the bottom at least its bottom.
    expect(far.centerY - 200).toBeLessThanOrEqual(box.top);
    expect(far.centerY + 200).toBeGreaterThanOrEqual(box.top + box.height);
    expect(far.centerY).toBe(box.top + box.height - 200);
    const contain = fitImage(tall, box, 'contain');
    expect(clampToBox({ ...contain, centerX: 0 }, tall, box).centerX).toBe(200);
  });

  it('zooming keeps the point under the pointer, stays within 1x-5x of the fit, and never uncovers the slot', () => {
    const image = { width: 200, height: 100 };
    const fitted = fitImage(image, box, 'cover');
    const zoomed = zoomInBox(fitted, fitted, 2, { x: 150, y: 75 }, image, box);
    expect(zoomed.scaleX).toBe(2);
    // The canvas point (150, 75) shows the same image point before and after.
    const imageX = (p: typeof fitted) => (150 - p.centerX) / p.scaleX;
    expect(imageX(zoomed)).toBeCloseTo(imageX(fitted));
    expect(zoomInBox(fitted, fitted, 50, { x: 0, y: 0 }, image, box).scaleX).toBe(5);
    expect(zoomInBox(zoomed, fitted, 0.2, { x: 0, y: 0 }, image, box)).toEqual(fitted);
    // Never below scale 0.1, even where the fit itself is smaller.
    const huge = { width: 8000, height: 4000 };
    const small = fitImage(huge, box, 'cover');
    expect(small.scaleX).toBe(0.025);
    expect(zoomInBox(small, small, 1, { x: 0, y: 0 }, huge, box).scaleX).toBeCloseTo(0.1);
  });
});

describe('scale factor', () => {
  it('is the smaller side over 400, at least 0.5', () => {
    expect(scaleFactor({ width: 400, height: 400 })).toBe(1);
    expect(scaleFactor({ width: 800, height: 450 })).toBe(1.125);
    expect(scaleFactor({ width: 800, height: 800 })).toBe(2);
    expect(scaleFactor({ width: 200, height: 200 })).toBe(0.5);
    expect(scaleFactor({ width: 100, height: 100 })).toBe(0.5);
  });

  it('scales text size, text width (base 200) and outline', () => {
    expect(scaledText({ fontSize: 24, strokeWidth: 1 }, 1.5)).toEqual({
      fontSize: 36,
      width: 300,
      strokeWidth: 1.5,
    });
    expect(scaledText({ fontSize: 24, strokeWidth: 1 }, 0.5)).toEqual({
      fontSize: 12,
      width: 100,
      strokeWidth: 0.5,
    });
  });

  it('colours the default outline 50% black', () => {
    expect(withOpacity('#000000', 0.5)).toBe('rgba(0, 0, 0, 0.5)');
    expect(withOpacity('#ff8000', 1)).toBe('#ff8000');
  });
});

describe('free-mode placement', () => {
  const canvas = { width: 600, height: 400 };

  it('centres the main image at up to 80% of the smaller side', () => {
    const p = freePlacement({ width: 1000, height: 500 }, canvas, 0.8);
    expect(1000 * p.scaleX).toBe(320);
    expect([p.centerX, p.centerY]).toEqual([300, 200]);
  });

  it('places added images at up to 50%', () => {
    expect(freePlacement({ width: 400, height: 800 }, canvas, 0.5).scaleY * 800).toBe(200);
  });

  it('never enlarges a small image', () => {
    expect(freePlacement({ width: 50, height: 40 }, canvas, 0.8).scaleX).toBe(1);
  });

  it('offsets added images by at most 50 px each way', () => {
    expect(randomOffset(() => 0)).toEqual({ dx: -50, dy: -50 });
    expect(randomOffset(() => 0.5)).toEqual({ dx: 0, dy: 0 });
    const high = randomOffset(() => 0.999999);
    expect(high.dx).toBeLessThan(50);
    expect(high.dx).toBeGreaterThan(49.99);
    const p = freePlacement(
      { width: 100, height: 100 },
      canvas,
      0.5,
      randomOffset(() => 0.75),
    );
    expect([p.centerX, p.centerY]).toEqual([325, 225]);
  });
});

describe('canvas size', () => {
  it('fills the available area in the aspect ratio asked for', () => {
    expect(canvasSizeFor(1, area(700, 500))).toEqual({ width: 500, height: 500 });
    expect(canvasSizeFor(4 / 3, area(700, 700))).toEqual({ width: 700, height: 525 });
    expect(canvasSizeFor(9 / 16, area(700, 640))).toEqual({ width: 360, height: 640 });
  });

  it('is never above 800 px a side', () => {
    expect(canvasSizeFor(1, area(1400, 1000))).toEqual({ width: 800, height: 800 });
    expect(canvasSizeFor(16 / 9, area(2000, 2000))).toEqual({ width: 800, height: 450 });
  });

  it('is never below 200 px a side, free mode included, keeping the aspect ratio by growing', () => {
    expect(canvasSizeFor(1, area(150, 150))).toEqual({ width: 200, height: 200 });
    expect(canvasSizeFor(16 / 9, area(300, 300))).toEqual({ width: 356, height: 200 });
    for (const aspect of CANVAS_ASPECTS) {
      for (const space of [area(10, 10), area(300, 900), area(5000, 300)]) {
        const size = canvasSizeFor(aspect.ratio, space);
        expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(MIN_CANVAS_SIDE);
        expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
        expect(size.width / size.height).toBeCloseTo(aspect.ratio, 1);
      }
    }
  });

  it('has the five canvas size buttons, and knows which one a size matches', () => {
    expect(CANVAS_ASPECTS.map((a) => a.id)).toEqual(['1:1', '4:3', '16:9', '3:4', '9:16']);
    expect(aspectIdOf({ width: 800, height: 450 })).toBe('16:9');
    expect(aspectIdOf({ width: 356, height: 200 })).toBe('16:9');
    expect(aspectIdOf({ width: 500, height: 400 })).toBeNull();
  });

  it('is shown at its own size, or smaller when the area is smaller, never enlarged', () => {
    expect(displaySize({ width: 400, height: 300 }, area(1000, 1000))).toEqual({ width: 400, height: 300 });
    expect(displaySize({ width: 356, height: 200 }, area(300, 300))).toEqual({ width: 300, height: 168 });
  });
});

describe('collage text length', () => {
  it('holds a text to MAX_TEXT_LENGTH characters without splitting an emoji', () => {
    expect(limitText('caption')).toBe('caption');
    expect(limitText('x'.repeat(100_000))).toHaveLength(MAX_TEXT_LENGTH);
    const emoji = limitText('📷'.repeat(MAX_TEXT_LENGTH + 5));
    expect(Array.from(emoji)).toHaveLength(MAX_TEXT_LENGTH);
    expect(emoji.endsWith('📷')).toBe(true);
  });
});
