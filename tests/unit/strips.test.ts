import { describe, expect, it } from 'vitest';
import { cut, STRIP_PIXELS, stripRows, type Pixels } from '../../src/pixels/strips.ts';

describe('strips', () => {
  it('keeps a strip within its pixel budget, in whole 16-row JPEG bands where it can', () => {
    for (const width of [1, 640, 5712, 8064, 10950, 65535]) {
      const rows = stripRows(width);
      expect(rows * width, `${width}`).toBeLessThanOrEqual(STRIP_PIXELS);
      expect(rows % 16, `${width}`).toBe(0);
    }
    // Wider than the budget allows for 16 rows: one row still fits the budget or is the least there is.
    expect(stripRows(1_000_000)).toBe(4);
    expect(stripRows(10_000_000)).toBe(1);
  });

  it('cuts a rectangle out of a picture, row by row or as one run of whole rows', () => {
    const width = 5;
    const height = 4;
    const data = new Uint8ClampedArray(width * height * 4).map((_, i) => i % 251);
    const pixels: Pixels = { width, height, data };
    const inner = cut(pixels, { x: 1, y: 2, width: 3, height: 2 });
    expect([inner.width, inner.height]).toEqual([3, 2]);
    expect([...inner.data.subarray(0, 4)]).toEqual([
      ...data.subarray((2 * width + 1) * 4, (2 * width + 1) * 4 + 4),
    ]);
    expect([...inner.data.subarray(12, 16)]).toEqual([
      ...data.subarray((3 * width + 1) * 4, (3 * width + 1) * 4 + 4),
    ]);
    const rows = cut(pixels, { x: 0, y: 1, width, height: 2 });
    expect([...rows.data]).toEqual([...data.subarray(width * 4, width * 12)]);
  });
});
