import { describe, expect, it } from 'vitest';
import { processingSize } from '../../src/pixels/processing-size.ts';

describe('processing size (spec section 5)', () => {
  it('keeps images whose sides are both at most 1080', () => {
    expect(processingSize(768, 512)).toEqual({ width: 768, height: 512 });
    expect(processingSize(1080, 1080)).toEqual({ width: 1080, height: 1080 });
  });

  it('scales the longer side to 1080, keeping the aspect ratio', () => {
    expect(processingSize(4000, 3000)).toEqual({ width: 1080, height: 810 });
    expect(processingSize(3000, 4000)).toEqual({ width: 810, height: 1080 });
    expect(processingSize(6000, 4000)).toEqual({ width: 1080, height: 720 });
    expect(processingSize(1081, 500)).toEqual({ width: 1080, height: 500 });
  });

  it('keeps each side at least 1', () => {
    expect(processingSize(8000, 2)).toEqual({ width: 1080, height: 1 });
    expect(processingSize(2, 100000)).toEqual({ width: 1, height: 1080 });
  });

  it('uses 800x600 when the size is unknown', () => {
    expect(processingSize(undefined, undefined)).toEqual({ width: 800, height: 600 });
    expect(processingSize(0, 600)).toEqual({ width: 800, height: 600 });
    expect(processingSize(NaN, 10)).toEqual({ width: 800, height: 600 });
    expect(processingSize(-5, 10)).toEqual({ width: 800, height: 600 });
  });
});
