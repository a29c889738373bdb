import { describe, expect, it } from 'vitest';
import { transform } from '../../src/pipeline/stages/transform/kernel.ts';
import { CpuTexture } from '../../src/pipeline/cpu/texture.ts';
import { transformSamples, transformStage } from '../../src/pipeline/stages/transform/stage.ts';
import {
  centredRect,
  croppedSize,
  partMap,
  sourceBounds,
  sourceMap,
  turnedSize,
  uncropped,
} from '../../src/crop/model/geometry.ts';
import { type CropGeometry, type Size } from '../../src/edit/crop.ts';
import { pieces } from '../../src/engine/worker/crop.ts';
import { transform as reference } from '../reference/transform.ts';
import { createImage, type RgbaImage } from '../reference/image.ts';

const PHOTO: Size = { width: 96, height: 64 };

/** Gradients, a ring and a little hash noise: detail at every scale, different in each channel. */
function photo(): RgbaImage {
  const image = createImage(PHOTO.width, PHOTO.height);
  for (let y = 0; y < PHOTO.height; y++)
    for (let x = 0; x < PHOTO.width; x++) {
      const i = (y * PHOTO.width + x) * 4;
      const ring = Math.hypot(x - 40, y - 30) % 12 < 6 ? 60 : 0;
      const hash = ((x * 73856093) ^ (y * 19349663)) & 31;
      image.data[i] = (x * 2 + ring + hash) & 255;
      image.data[i + 1] = (y * 3 + hash * 2) & 255;
      image.data[i + 2] = (x + y + ring) & 255;
      image.data[i + 3] = 255;
    }
  return image;
}

function runKernel(image: RgbaImage, params: { width: number; height: number; map: readonly number[] }) {
  const source = new CpuTexture(1, image.width, image.height, 'rgba8unorm');
  source.data.set(image.data);
  const out = new CpuTexture(2, params.width, params.height, 'rgba8unorm');
  const [a, b, c, d, e, f] = params.map;
  transform({
    inputs: [source],
    out,
    u: {
      size: [params.width, params.height],
      samples: transformSamples(params.map),
      rowX: [a!, b!, c!],
      rowY: [d!, e!, f!],
    },
  });
  return out.data;
}

function check(patch: Partial<CropGeometry>, output?: Size) {
  const geometry = { ...uncropped(PHOTO), ...patch };
  const size = output ?? croppedSize(geometry);
  const params = { ...size, map: sourceMap(geometry, PHOTO, size) };
  const image = photo();
  const kernel = runKernel(image, params);
  const expected = reference(image, params).data;
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(kernel[i]! - expected[i]!));
  return { kernel, worst, size };
}

describe('the transform stage on the CPU', () => {
  it('declares its output size', () => {
    expect(transformStage.outputSize?.({ width: 10.4, height: 0.2, map: [] }, PHOTO)).toEqual({
      width: 10,
      height: 1,
    });
  });

  it('takes one cubic sample at a scale of 1 or less, n x n where a pixel covers n', () => {
    expect(transformSamples([1, 0, 0, 0, 1, 0])).toBe(1);
    expect(transformSamples([0.5, 0, 0, 0, 0.5, 0])).toBe(1);
    expect(transformSamples([2.5, 0, 0, 0, 2.5, 0])).toBe(3);
    expect(transformSamples([0, 40, 0, -40, 0, 0])).toBe(8);
  });

  const cases: [string, Partial<CropGeometry>, Size?][] = [
    ['a quarter turn', { turns: 1, rect: { x: 0, y: 0, ...turnedSize(PHOTO, 1) } }],
    ['a flip', { flipH: true }],
    ['straightened 10 degrees', { angle: 10, rect: centredRect(PHOTO, 10, 1) }],
    ['enlarged 2x', { rect: { x: 24, y: 16, width: 48, height: 32 } }, PHOTO],
    [
      'reduced 3x, straightened',
      { angle: -7.5, rect: centredRect(PHOTO, -7.5, null) },
      { width: 25, height: 17 },
    ],
  ];
  for (const [label, patch, output] of cases) {
    it(`${label}: the kernel gives the reference's pixels within a level`, () => {
      expect(check(patch, output).worst).toBeLessThanOrEqual(1);
    });
  }

  it('turns and flips move pixels exactly', () => {
    const image = photo();
    const flipped = check({ flipH: true }).kernel;
    const turned = check({ turns: 1, rect: { x: 0, y: 0, ...turnedSize(PHOTO, 1) } }).kernel;
    const at = (data: ArrayLike<number>, width: number, x: number, y: number) =>
      Array.from({ length: 4 }, (_, c) => data[(y * width + x) * 4 + c]);
    for (const [x, y] of [
      [0, 0],
      [5, 9],
      [95, 63],
    ]) {
      expect(at(flipped, 96, x!, y!)).toEqual(at(image.data, 96, 95 - x!, y!));
      // Turned clockwise: the output's (x, y) is the photo's (y, height - 1 - x).
      expect(at(turned, 64, x! % 64, y!)).toEqual(at(image.data, 96, y!, 63 - (x! % 64)));
    }
  });
});

describe('the full-resolution crop read a piece at a time (croppedOriginal)', () => {
  // Each piece reads only the original's pixels it maps to (sourceBounds with the transform's margin)
  // and runs the map moved to the piece's corner (partMap): the pieces must give the whole's pixels.
  const cases: [string, Partial<CropGeometry>][] = [
    ['straightened 10 degrees', { angle: 10, rect: centredRect(PHOTO, 10, 1) }],
    [
      'turned, flipped, straightened -33 degrees',
      { turns: 3, flipV: true, angle: -33, rect: centredRect(turnedSize(PHOTO, 3), -33, 4 / 5) },
    ],
    ['a tight crop', { rect: { x: 30.25, y: 11.5, width: 20, height: 17 } }],
  ];
  for (const [label, patch] of cases) {
    it(`${label}: pieces of 7 px give the whole's pixels`, () => {
      const geometry = { ...uncropped(PHOTO), ...patch };
      const size = croppedSize(geometry);
      const map = sourceMap(geometry, PHOTO, size);
      const image = photo();
      const whole = runKernel(image, { ...size, map });
      const reach = transformSamples(map) + 2;
      let worst = 0;
      for (const piece of pieces({ x: 0, y: 0, ...size }, 7)) {
        const bounds = sourceBounds(map, piece, PHOTO, reach);
        const input = createImage(bounds.width, bounds.height);
        for (let row = 0; row < bounds.height; row++) {
          const from = ((bounds.y + row) * PHOTO.width + bounds.x) * 4;
          input.data.set(image.data.subarray(from, from + bounds.width * 4), row * bounds.width * 4);
        }
        const part = runKernel(input, {
          width: piece.width,
          height: piece.height,
          map: partMap(map, piece, bounds),
        });
        for (let y = 0; y < piece.height; y++)
          for (let x = 0; x < piece.width * 4; x++) {
            const a = part[y * piece.width * 4 + x]!;
            const b = whole[((piece.y + y) * size.width + piece.x) * 4 + x]!;
            worst = Math.max(worst, Math.abs(a - b));
          }
      }
      expect(worst).toBeLessThanOrEqual(1);
    });
  }
});
