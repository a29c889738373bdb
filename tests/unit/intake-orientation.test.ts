import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  orientationTransform,
  orientedSize,
  readOrientation,
  withExifOrientation,
  type Orientation,
} from '../../src/intake/orientation.ts';
import { fixturePath } from '../support/images.ts';

const head = (relative: string) => new Uint8Array(readFileSync(fixturePath(relative)).subarray(0, 64 * 1024));
const ORIENTATIONS: Orientation[] = [1, 2, 3, 4, 5, 6, 7, 8];

describe('readOrientation', () => {
  for (let tag = 0; tag <= 8; tag++) {
    it(`reads Landscape_${tag}.jpg and Portrait_${tag}.jpg as ${Math.max(1, tag)}`, async () => {
      expect(await readOrientation(head(`exif-orientation/Landscape_${tag}.jpg`))).toBe(Math.max(1, tag));
      expect(await readOrientation(head(`exif-orientation/Portrait_${tag}.jpg`))).toBe(Math.max(1, tag));
    });
  }

  it('reads a phone photo with large metadata and one without EXIF', async () => {
    expect(await readOrientation(head('libavif-metadata/paris_exif_orientation_5.jpg'))).toBe(5);
    expect(await readOrientation(head('libavif-metadata/apple_gainmap_new.jpg'))).toBeGreaterThanOrEqual(1);
    expect(await readOrientation(head('generated-edge-cases/kodim23_baseline_q85.jpg'))).toBe(1);
  });

  it('reads back the orientation written into the probe JPEG', async () => {
    const jpeg = new Uint8Array(readFileSync(fixturePath('generated-edge-cases/tiny_1x1.jpg')));
    for (const orientation of ORIENTATIONS) {
      expect(await readOrientation(withExifOrientation(jpeg, orientation))).toBe(orientation);
    }
  });
});

/** Applies a transform to integer pixel centres, as a canvas draw does. */
function transformPixels(orientation: Orientation, width: number, height: number): number[][] {
  const [a, b, c, d, e, f] = orientationTransform(orientation, { width, height });
  const out = orientedSize({ width, height }, orientation);
  const grid = Array.from({ length: out.height }, () => new Array<number>(out.width).fill(-1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const X = Math.floor(a * (x + 0.5) + c * (y + 0.5) + e);
      const Y = Math.floor(b * (x + 0.5) + d * (y + 0.5) + f);
      grid[Y]![X] = y * width + x;
    }
  }
  return grid;
}

describe('orientationTransform', () => {
  // A 3x2 picture stored with each orientation: cells are numbered 0..5 in stored row order, and the
  // expected upright grids follow the TIFF/EXIF definitions (row 0 / column 0 of the stored image).
  const expected: Record<Orientation, number[][]> = {
    1: [
      [0, 1, 2],
      [3, 4, 5],
    ],
    2: [
      [2, 1, 0],
      [5, 4, 3],
    ],
    3: [
      [5, 4, 3],
      [2, 1, 0],
    ],
    4: [
      [3, 4, 5],
      [0, 1, 2],
    ],
    // Stored row 0 is the upright left column, read top to bottom.
    5: [
      [0, 3],
      [1, 4],
      [2, 5],
    ],
    // Stored row 0 is the upright right column, read top to bottom.
    6: [
      [3, 0],
      [4, 1],
      [5, 2],
    ],
    // Stored row 0 is the upright right column, read bottom to top.
    7: [
      [5, 2],
      [4, 1],
      [3, 0],
    ],
    // Stored row 0 is the upright left column, read bottom to top.
    8: [
      [2, 5],
      [1, 4],
      [0, 3],
    ],
  };
  for (const orientation of ORIENTATIONS) {
    it(`turns orientation ${orientation} upright`, () => {
      expect(transformPixels(orientation, 3, 2)).toEqual(expected[orientation]);
    });
  }
});
