import { describe, expect, it } from 'vitest';
import {
  applyMap,
  aspectRatio,
  centredRect,
  croppedSize,
  cropSource,
  fitRect,
  isIdentity,
  largestInside,
  mapScale,
  partMap,
  sourceBounds,
  sourceMap,
  turnedSize,
  uncropped,
} from '../../src/crop/model/geometry.ts';
import { type CropGeometry, type QuarterTurns, type Rect, type Size } from '../../src/edit/crop.ts';

const PHOTO = { width: 5712, height: 4284 };

function geometry(patch: Partial<CropGeometry>, photo: Size = PHOTO): CropGeometry {
  return { ...uncropped(photo), ...patch };
}

/** Every corner of `rect` (in the straightened view) falls inside the turned photo. */
function cornersInside(rect: Rect, view: Size, angle: number): boolean {
  const g: CropGeometry = { turns: 0, flipH: false, flipV: false, angle, rect };
  const map = sourceMap(g, view, { width: rect.width, height: rect.height });
  const tolerance = 1e-6;
  return [
    [0, 0],
    [rect.width, 0],
    [0, rect.height],
    [rect.width, rect.height],
  ].every(([x, y]) => {
    const [u, v] = applyMap(map, x!, y!);
    return u >= -tolerance && v >= -tolerance && u <= view.width + tolerance && v <= view.height + tolerance;
  });
}

describe('crop sizes', () => {
  it('1:1 of a 5712x4284 photo is 4284x4284; 4:5 is 3427x4284; turned 4:5 is 5:4', () => {
    const square = centredRect(PHOTO, 0, aspectRatio('1-1', PHOTO));
    expect(croppedSize(geometry({ rect: square }))).toEqual({ width: 4284, height: 4284 });
    const portrait = centredRect(PHOTO, 0, aspectRatio('4-5', PHOTO));
    expect(croppedSize(geometry({ rect: portrait }))).toEqual({ width: 3427, height: 4284 });
    const landscape = centredRect(PHOTO, 0, aspectRatio('4-5', PHOTO, true));
    expect(croppedSize(geometry({ rect: landscape }))).toEqual({ width: 5355, height: 4284 });
    expect(aspectRatio('free', PHOTO)).toBeNull();
    expect(aspectRatio('original', PHOTO)).toBeCloseTo(5712 / 4284, 10);
  });

  it('a quarter turn gives 4284x5712', () => {
    const view = turnedSize(PHOTO, 1);
    expect(view).toEqual({ width: 4284, height: 5712 });
    expect(croppedSize(geometry({ turns: 1, rect: { x: 0, y: 0, ...view } }))).toEqual(view);
  });

  it('the whole photo unturned is the identity', () => {
    expect(isIdentity(uncropped(PHOTO), PHOTO)).toBe(true);
    expect(isIdentity(geometry({ flipH: true }), PHOTO)).toBe(false);
    const map = sourceMap(uncropped(PHOTO), PHOTO, PHOTO);
    expect(applyMap(map, 10.5, 20.5)).toEqual([10.5, 20.5]);
  });
});

describe('straightening keeps the frame inside the photo', () => {
  for (const angle of [-45, -10, -0.1, 0.1, 3.7, 10, 30, 45]) {
    for (const ratio of [null, 1, 4 / 5, 16 / 9]) {
      it(`${angle} degrees, aspect ${ratio ?? 'original'}: the largest centred frame`, () => {
        const rect = centredRect(PHOTO, angle, ratio);
        expect(cornersInside(rect, PHOTO, angle)).toBe(true);
        // The largest: 0.5 % larger no longer fits.
        const grown = { ...rect, width: rect.width * 1.005, height: rect.height * 1.005 };
        grown.x -= (grown.width - rect.width) / 2;
        grown.y -= (grown.height - rect.height) / 2;
        expect(cornersInside(grown, PHOTO, angle)).toBe(false);
        // 'Original' keeps the photo's own aspect.
        expect(rect.width / rect.height).toBeCloseTo(ratio ?? PHOTO.width / PHOTO.height, 10);
      });
    }
  }

  it('straightening shrinks the frame: 10 degrees on a 4:3 photo keeps 82.2 % of each side', () => {
    // Its own aspect, the frame's corners touch the photo's long sides: 1 / (4/3 sin 10 + cos 10).
    const size = largestInside(PHOTO, 10, null);
    expect(size.width / PHOTO.width).toBeCloseTo(0.8221, 4);
    expect(size.height / PHOTO.height).toBeCloseTo(0.8221, 4);
  });

  it('fitRect moves a frame dragged past an edge back inside, and shrinks one too large', () => {
    const angle = 12;
    const dragged = { x: -900, y: 2500, width: 2000, height: 1500 };
    const fitted = fitRect(dragged, PHOTO, angle);
    expect(cornersInside(fitted, PHOTO, angle)).toBe(true);
    expect(fitted.width).toBeCloseTo(2000, 6);
    const huge = fitRect({ x: 0, y: 0, width: 5712, height: 4284 }, PHOTO, angle);
    expect(cornersInside(huge, PHOTO, angle)).toBe(true);
    expect(huge.width / huge.height).toBeCloseTo(5712 / 4284, 10);
    // A frame already inside stays where it is.
    const inside = { x: 2000, y: 1500, width: 800, height: 600 };
    expect(fitRect(inside, PHOTO, angle)).toEqual(inside);
  });
});

describe('the source map', () => {
  const small = { width: 40, height: 30 };

  it('a horizontal flip reads each row from the other end; a vertical one each column', () => {
    const h = sourceMap(geometry({ flipH: true, rect: { x: 0, y: 0, ...small } }, small), small, small);
    expect(applyMap(h, 0.5, 3.5)).toEqual([39.5, 3.5]);
    const v = sourceMap(geometry({ flipV: true, rect: { x: 0, y: 0, ...small } }, small), small, small);
    expect(applyMap(v, 0.5, 3.5)).toEqual([0.5, 26.5]);
  });

  it('a clockwise quarter turn puts the bottom-left corner at the top left', () => {
    for (const turns of [1, 2, 3] as QuarterTurns[]) {
      const view = turnedSize(small, turns);
      const map = sourceMap(geometry({ turns, rect: { x: 0, y: 0, ...view } }, small), small, view);
      const topLeft = applyMap(map, 0.5, 0.5);
      const expected: Record<number, [number, number]> = { 1: [0.5, 29.5], 2: [39.5, 29.5], 3: [39.5, 0.5] };
      expect(topLeft[0]).toBeCloseTo(expected[turns]![0], 10);
      expect(topLeft[1]).toBeCloseTo(expected[turns]![1], 10);
    }
  });

  it('four quarter turns, or two flips and a half turn, read every pixel where it was', () => {
    const both = geometry({ turns: 2, flipH: true, flipV: true, rect: { x: 0, y: 0, ...small } }, small);
    const map = sourceMap(both, small, small);
    const [x, y] = applyMap(map, 7.5, 11.5);
    expect(x).toBeCloseTo(7.5, 10);
    expect(y).toBeCloseTo(11.5, 10);
  });

  it('a crop made smaller reads its rectangle of the original, scaled', () => {
    const rect = { x: 1000, y: 500, width: 2000, height: 1000 };
    const map = sourceMap(geometry({ rect }), PHOTO, { width: 1000, height: 500 });
    expect(applyMap(map, 0, 0)).toEqual([1000, 500]);
    expect(applyMap(map, 1000, 500)).toEqual([3000, 1500]);
  });

  it('sourceBounds covers a straightened region with its margin, within the photo', () => {
    const angle = 10;
    const rect = centredRect(PHOTO, angle, 1);
    const output = croppedSize(geometry({ angle, rect }));
    const map = sourceMap(geometry({ angle, rect }), PHOTO, output);
    const region = { x: 100, y: 200, width: 512, height: 256 };
    const bounds = sourceBounds(map, region, PHOTO, 2);
    for (const [x, y] of [
      [100, 200],
      [612, 200],
      [100, 456],
      [612, 456],
      [356, 328],
    ]) {
      const [u, v] = applyMap(map, x!, y!);
      expect(u).toBeGreaterThanOrEqual(bounds.x + 2 - 1e-9);
      expect(v).toBeGreaterThanOrEqual(bounds.y + 2 - 1e-9);
      expect(u).toBeLessThanOrEqual(bounds.x + bounds.width - 2 + 1e-9);
      expect(v).toBeLessThanOrEqual(bounds.y + bounds.height - 2 + 1e-9);
    }
    const everything = sourceBounds(map, { x: -1e5, y: -1e5, width: 2e5, height: 2e5 }, PHOTO, 2);
    expect(everything).toEqual({ x: 0, y: 0, ...PHOTO });
  });
});

describe('what a crop reads', () => {
  it('the whole of a 48 MP photo at 1080 px reads it at about twice the output, all of it', () => {
    const photo = { width: 8064, height: 6048 };
    const output = { width: 1080, height: 810 };
    const source = cropSource(uncropped(photo), photo, output);
    expect(source.decode).toEqual({ width: 2160, height: 1620 });
    expect(source.region).toEqual({ x: 0, y: 0, width: 2160, height: 1620 });
    expect(mapScale(source.map)).toBeCloseTo(2, 10);
    expect(applyMap(source.map, 1080, 810)).toEqual([2160, 1620]);
  });

  it('a tight crop reads the original at full size, only the part it covers', () => {
    const photo = { width: 4000, height: 3000 };
    const rect = { x: 1000, y: 750, width: 2000, height: 1500 };
    const output = { width: 1080, height: 810 };
    const source = cropSource({ ...uncropped(photo), rect }, photo, output);
    // 1.85 input pixels per output pixel: under twice, so the original is read as it is.
    expect(source.decode).toEqual(photo);
    const quarter = cropSource(
      { ...uncropped(photo), rect: { x: 1500, y: 1125, width: 1000, height: 750 } },
      photo,
      output,
    );
    expect(quarter.decode).toEqual(photo);
    expect(quarter.region).toEqual({ x: 1498, y: 1123, width: 1004, height: 754 });
    // The output's corners read the region's pixels just inside the margin.
    expect(applyMap(quarter.map, 0, 0)).toEqual([2, 2]);
    expect(applyMap(quarter.map, 1080, 810)[0]).toBeCloseTo(1002, 9);
  });

  it('partMap measures a tile of the output and its part of the input from their corners', () => {
    const photo = { width: 300, height: 200 };
    const g = { ...uncropped(photo), angle: 5, rect: centredRect(photo, 5, 1) };
    const output = croppedSize(g);
    const map = sourceMap(g, photo, output);
    const part = partMap(map, { x: 40, y: 30 }, { x: 17, y: 9 });
    const [u, v] = applyMap(map, 40 + 3.5, 30 + 7.5);
    const [pu, pv] = applyMap(part, 3.5, 7.5);
    expect(pu).toBeCloseTo(u - 17, 10);
    expect(pv).toBeCloseTo(v - 9, 10);
  });
});
