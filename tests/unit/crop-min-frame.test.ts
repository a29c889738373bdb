import { english } from '../../src/i18n/msg.ts';
import { describe, expect, it } from 'vitest';
import { cropForPhoto, noCrop } from '../../src/crop/model/crop-choice.ts';
import { type CropChoice } from '../../src/edit/crop.ts';
import { parseCropParams } from '../../src/edit/crop-link.ts';
import {
  angleNote,
  chooseAspect,
  flipView,
  pinchFrame,
  rotateView,
  straighten,
} from '../../src/crop/model/frame-edit.ts';
import { applyMap, largestInside, sourceMap } from '../../src/crop/model/geometry.ts';
import { ASPECTS, type Size } from '../../src/edit/crop.ts';
import { isToWorkerMessage } from '../../src/engine/protocol.ts';
import { NO_FRAME } from '../../src/edit/frame.ts';

// A crop never makes a frame the engine refuses: at least a pixel a side, in the original's pixels. The
// engine's own guard (the protocol's) is the judge, and the frame lies inside the photo it crops.

/** Whether the worker takes this crop: the protocol's guard of an edit that crops. */
function engineTakes(choice: CropChoice): boolean {
  const edit = { crop: choice.geometry, steps: [], frame: NO_FRAME };
  return isToWorkerMessage({ type: 'showEdit', id: 1, base: edit, current: edit });
}

/** The frame's corners, mapped to the original by the crop's own map, lie in it (a millionth of slack). */
function inside(choice: CropChoice, photo: Size): boolean {
  const { rect } = choice.geometry;
  const map = sourceMap(choice.geometry, photo, { width: rect.width, height: rect.height });
  return (
    [
      [0, 0],
      [rect.width, 0],
      [0, rect.height],
      [rect.width, rect.height],
    ] as const
  ).every(([x, y]) => {
    const [u, v] = applyMap(map, x, y);
    return u > -1e-6 && v > -1e-6 && u < photo.width + 1e-6 && v < photo.height + 1e-6;
  });
}

function expectUsable(choice: CropChoice, photo: Size) {
  const { rect } = choice.geometry;
  expect(Math.min(rect.width, rect.height), JSON.stringify(choice.geometry)).toBeGreaterThanOrEqual(1);
  expect(engineTakes(choice), JSON.stringify(choice.geometry)).toBe(true);
  expect(inside(choice, photo), JSON.stringify(choice.geometry)).toBe(true);
}

const PIXEL: Size = { width: 1, height: 1 };
const THREAD: Size = { width: 1, height: 4000 };
const PANORAMA: Size = { width: 4000, height: 10 };

describe('no frame under a pixel', () => {
  it('a 1x1 photo straightened 45 degrees stays level, its one pixel the frame', () => {
    const next = straighten(noCrop(PIXEL), PIXEL, 45);
    expectUsable(next, PIXEL);
    expect(next.geometry.angle).toBe(0);
    expect(next.geometry.rect).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    // A flip with it is still a crop to make.
    expectUsable(straighten(flipView(noCrop(PIXEL), PIXEL, 'h'), PIXEL, -45), PIXEL);
  });

  it("a 1x4000 photo at 'Original' straightened 45 degrees", () => {
    const original = chooseAspect(noCrop(THREAD), THREAD, 'original');
    const next = straighten(original, THREAD, 45);
    expectUsable(next, THREAD);
    // One pixel wide: no angle leaves a frame of its shape a pixel wide.
    expect(next.geometry.angle).toBe(0);
  });

  for (const angle of [45, -45]) {
    it(`a 4000x10 panorama straightened ${angle} degrees turns as far as its frame allows`, () => {
      const next = straighten(noCrop(PANORAMA), PANORAMA, angle);
      expectUsable(next, PANORAMA);
      // Turned towards the angle asked, by less than a degree and a half, to a tenth of a degree.
      expect(Math.sign(next.geometry.angle)).toBe(Math.sign(angle));
      expect(Math.abs(next.geometry.angle)).toBeGreaterThan(0.5);
      expect(Math.abs(next.geometry.angle)).toBeLessThan(1.5);
      expect(Math.round(next.geometry.angle * 10) / 10).toBe(next.geometry.angle);
      // The most: a tenth of a degree more would leave a frame under a pixel high.
      const more = next.geometry.angle + Math.sign(angle) * 0.1;
      expect(largestInside(PANORAMA, more, 400).height).toBeLessThan(1);
      // And the tool says why.
      expect(english(angleNote(angle, next.geometry.angle) ?? '')).toMatch(/^Too thin to straighten -?45°/);
    });
  }

  it('a look link asking for angle=1e308 crops the panorama with a frame the engine takes', () => {
    const recipe = parseCropParams(new URLSearchParams('angle=1e308'));
    expect(recipe).not.toBeNull();
    const choice = cropForPhoto(recipe!, PANORAMA);
    expectUsable(choice, PANORAMA);
    expect(choice.geometry.angle).toBeGreaterThan(0);
  });

  it('every preset, turn and angle on thin and tiny photos gives a frame the engine takes', () => {
    const photos: Size[] = [PIXEL, THREAD, PANORAMA, { width: 2, height: 3 }, { width: 3, height: 7000 }];
    for (const photo of photos)
      for (const turn of [0, 1] as const)
        for (const { id } of ASPECTS)
          for (const angle of [-45, -10, -0.3, 0, 0.3, 10, 45]) {
            let c = noCrop(photo);
            if (turn) c = rotateView(c, photo, 1);
            c = straighten(chooseAspect(c, photo, id), photo, angle);
            expectUsable(c, photo);
            expectUsable(chooseAspect(c, photo, id, true), photo);
            expectUsable(
              cropForPhoto({ ...c, ...c.geometry, aspect: id, aspectTurned: false, angle }, photo),
              photo,
            );
          }
  });
});

describe('a pinch with both fingers on one point', () => {
  const photo: Size = { width: 4000, height: 3000 };
  const start = chooseAspect(noCrop(photo), photo, '4-5');
  const small = pinchFrame(start, photo, 2);

  it('fingers brought together (scale 0) grow the frame to the largest of its shape, not NaN', () => {
    const next = pinchFrame(small, photo, 0);
    expectUsable(next, photo);
    expect(next.geometry.rect.height).toBeCloseTo(3000, 6);
    expect(next.geometry.rect.width).toBeCloseTo(2400, 6);
  });

  it('fingers that started on one point (NaN, infinite) leave the frame as it was', () => {
    expect(pinchFrame(small, photo, Number.NaN)).toEqual(small);
    expect(pinchFrame(small, photo, Infinity)).toEqual(small);
  });
});

describe('the link reader leaves out what does not parse', () => {
  it('crop=1-1-1 is no aspect, not 1:1; crop=5-4 is a turned 4:5', () => {
    expect(parseCropParams(new URLSearchParams('crop=1-1-1'))).toBeNull();
    expect(parseCropParams(new URLSearchParams('crop=1-1-1&turn=1'))?.aspect).toBe('free');
    expect(parseCropParams(new URLSearchParams('crop=4-5-'))).toBeNull();
    expect(parseCropParams(new URLSearchParams('crop=5-4'))).toMatchObject({
      aspect: '4-5',
      aspectTurned: true,
    });
  });
});
