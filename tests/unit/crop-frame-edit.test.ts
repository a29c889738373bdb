import { english } from '../../src/i18n/msg.ts';
import { describe, expect, it } from 'vitest';
import type { CropChoice } from '../../src/edit/crop.ts';
import {
  HANDLES,
  chooseAspect,
  describeFrame,
  displayBox,
  dragHandle,
  drawTransform,
  flipView,
  invert,
  keyStep,
  minSide,
  moveFrame,
  pinchFrame,
  rotateView,
  straighten,
  viewToPhoto,
} from '../../src/crop/model/frame-edit.ts';
import { applyMap, centredRect, sourceMap, turnedSize, uncropped } from '../../src/crop/model/geometry.ts';
import { ASPECTS, type CropGeometry, type QuarterTurns, type Rect, type Size } from '../../src/edit/crop.ts';

const PHOTO: Size = { width: 4000, height: 3000 };

function choice(patch: Partial<CropGeometry> = {}, aspect: CropChoice['aspect'] = 'free'): CropChoice {
  const geometry = { ...uncropped(PHOTO), ...patch };
  return { geometry, aspect, aspectTurned: false };
}

/** The frame's corners, through the crop's own map, all land in the original (1e-6 px of slack). */
function insidePhoto(c: CropChoice, photo = PHOTO): boolean {
  const { rect } = c.geometry;
  const map = sourceMap(c.geometry, photo, { width: rect.width, height: rect.height });
  return [
    [0, 0],
    [rect.width, 0],
    [0, rect.height],
    [rect.width, rect.height],
  ].every(([x, y]) => {
    const [u, v] = applyMap(map, x!, y!);
    return u > -1e-6 && v > -1e-6 && u < photo.width + 1e-6 && v < photo.height + 1e-6;
  });
}

/** From a point of the whole view (nothing cut) to the original, through sourceMap only. */
function wholeView(g: CropGeometry): (x: number, y: number) => [number, number] {
  const view = turnedSize(PHOTO, g.turns);
  const map = sourceMap({ ...g, rect: { x: 0, y: 0, ...view } }, PHOTO, view);
  return (x, y) => applyMap(map, x, y);
}

function expectRect(actual: Rect, expected: Rect, digits = 6) {
  expect(actual.x).toBeCloseTo(expected.x, digits);
  expect(actual.y).toBeCloseTo(expected.y, digits);
  expect(actual.width).toBeCloseTo(expected.width, digits);
  expect(actual.height).toBeCloseTo(expected.height, digits);
}

/** Every starting geometry the view tests run from: each turn, each flip, three angles, a cut frame. */
function starts(): CropChoice[] {
  const out: CropChoice[] = [];
  for (const turns of [0, 1, 2, 3] as QuarterTurns[])
    for (const [flipH, flipV] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ] as const)
      for (const angle of [0, 7.5, -30]) {
        const base = choice({ turns, flipH, flipV, angle });
        const c = straighten(base, PHOTO, angle);
        // A frame off centre, so that its move with the view shows.
        out.push(moveFrame(pinchFrame(c, PHOTO, 3), PHOTO, 123, -77));
      }
  return out;
}

/** Points of a view of this size: its corners, its centre, and a few in between. */
function samples(view: Size): [number, number][] {
  const { width: w, height: h } = view;
  return [
    [0, 0],
    [w, 0],
    [0, h],
    [w, h],
    [w / 2, h / 2],
    [w * 0.2, h * 0.7],
    [w * 0.9, h * 0.15],
  ];
}

/** `after`'s view shows what `before`'s did, moved by `seen` (a point of the new view to the old one's). */
function expectSameView(
  before: CropChoice,
  after: CropChoice,
  seen: (x: number, y: number, old: Size) => [number, number],
) {
  const oldView = turnedSize(PHOTO, before.geometry.turns);
  const newView = turnedSize(PHOTO, after.geometry.turns);
  const [was, is] = [wholeView(before.geometry), wholeView(after.geometry)];
  for (const [x, y] of samples(newView)) {
    const [ox, oy] = seen(x, y, oldView);
    const [a, b] = is(x, y);
    const [c, d] = was(ox, oy);
    expect(a).toBeCloseTo(c, 6);
    expect(b).toBeCloseTo(d, 6);
  }
  // The frame moved with the picture: its corners read the same pixels of the original as before.
  const corners = (c: CropChoice) => {
    const map = wholeView(c.geometry);
    const { x, y, width: w, height: h } = c.geometry.rect;
    return [map(x, y), map(x + w, y), map(x, y + h), map(x + w, y + h)]
      .map(([u, v]) => `${u.toFixed(4)},${v.toFixed(4)}`)
      .sort();
  };
  expect(corners(after)).toEqual(corners(before));
  expect(insidePhoto(after)).toBe(true);
}

describe('turns and flips act on the picture as seen', () => {
  it('rotate right turns the view a quarter clockwise: a new (x, y) shows the old (y, H - x)', () => {
    for (const start of starts()) {
      const after = rotateView(start, PHOTO, 1);
      expect(after.geometry.turns).toBe((start.geometry.turns + 1) % 4);
      expect(after.geometry.angle).toBe(start.geometry.angle);
      expectSameView(start, after, (x, y, old) => [y, old.height - x]);
    }
  });

  it('rotate left turns it anticlockwise: a new (x, y) shows the old (W - y, x)', () => {
    for (const start of starts()) {
      const after = rotateView(start, PHOTO, -1);
      expect(after.geometry.turns).toBe((start.geometry.turns + 3) % 4);
      expectSameView(start, after, (x, y, old) => [old.width - y, x]);
    }
  });

  it('flip horizontally mirrors the view left-right, whatever the turns, and mirrors the angle', () => {
    for (const start of starts()) {
      const after = flipView(start, PHOTO, 'h');
      const { turns, flipH, flipV, angle } = start.geometry;
      // Across an odd number of turns the photo's own flip is the vertical one.
      expect(after.geometry.flipH).toBe(turns % 2 === 0 ? !flipH : flipH);
      expect(after.geometry.flipV).toBe(turns % 2 === 0 ? flipV : !flipV);
      expect(after.geometry.angle).toBe(angle === 0 ? 0 : -angle);
      expectSameView(start, after, (x, y, old) => [old.width - x, y]);
    }
  });

  it('flip vertically mirrors the view top-bottom', () => {
    for (const start of starts()) {
      const after = flipView(start, PHOTO, 'v');
      expect(after.geometry.flipV).toBe(
        start.geometry.turns % 2 === 0 ? !start.geometry.flipV : start.geometry.flipV,
      );
      expectSameView(start, after, (x, y, old) => [x, old.height - y]);
    }
  });

  it('four turns and two flips come back to the start; a turn swaps a preset but not Original', () => {
    const start = chooseAspect(choice({ angle: 5 }), PHOTO, '4-5');
    let c = start;
    for (let i = 0; i < 4; i++) c = rotateView(c, PHOTO, 1);
    expectRect(c.geometry.rect, start.geometry.rect);
    expect(c.geometry.turns).toBe(0);
    const twice = flipView(flipView(start, PHOTO, 'h'), PHOTO, 'h').geometry;
    expect({ ...twice, rect: null }).toEqual({ ...start.geometry, rect: null });
    expectRect(twice.rect, start.geometry.rect);
    expect(rotateView(start, PHOTO, 1).aspectTurned).toBe(true);
    const original = rotateView(chooseAspect(choice(), PHOTO, 'original'), PHOTO, 1);
    expect(original.aspectTurned).toBe(false);
    expect(original.geometry.rect).toEqual({ x: 0, y: 0, width: 3000, height: 4000 });
  });
});

describe('aspect presets', () => {
  for (const angle of [0, 12, -40])
    for (const turns of [0, 1] as QuarterTurns[])
      it(`each gives its ratio, centred, largest and inside (angle ${angle}, turns ${turns})`, () => {
        const view = turnedSize(PHOTO, turns);
        for (const { id, ratio } of ASPECTS.filter((a) => a.id !== 'free'))
          for (const turned of [false, true]) {
            const c = chooseAspect(choice({ turns, angle }), PHOTO, id, turned);
            const base = ratio ?? view.width / view.height;
            const { rect } = c.geometry;
            expect(rect.width / rect.height).toBeCloseTo(turned ? 1 / base : base, 9);
            expect(rect.x + rect.width / 2).toBeCloseTo(view.width / 2, 6);
            expect(rect.y + rect.height / 2).toBeCloseTo(view.height / 2, 6);
            expect(insidePhoto(c)).toBe(true);
            // Largest: 1% more of it about its centre reaches outside.
            const bigger = pinchFrame(c, PHOTO, 1 / 1.01);
            expect(bigger.geometry.rect.width).toBeCloseTo(rect.width, 6);
            expect(c.aspect).toBe(id);
            expect(c.aspectTurned).toBe(turned);
          }
      });

  it('4:5 on a 4000 x 3000 photo is 2400 x 3000; Original turned is 2250 x 3000', () => {
    expectRect(chooseAspect(choice(), PHOTO, '4-5').geometry.rect, {
      x: 800,
      y: 0,
      width: 2400,
      height: 3000,
    });
    expectRect(chooseAspect(choice(), PHOTO, 'original', true).geometry.rect, {
      x: 875,
      y: 0,
      width: 2250,
      height: 3000,
    });
  });
});

describe('the frame dragged by its handles', () => {
  const starts = ['free', '4-5', 'original'] as const;
  for (const aspect of starts)
    for (const angle of [0, 10, -25])
      it(`every handle, out and in, keeps ${aspect} and stays inside at ${angle} degrees`, () => {
        const start = pinchFrame(chooseAspect(choice({ angle }), PHOTO, aspect), PHOTO, 2);
        const ratio = start.geometry.rect.width / start.geometry.rect.height;
        for (const handle of HANDLES)
          for (const [dx, dy] of [
            [40, 30],
            [-40, -30],
            [9000, 9000],
            [-9000, -9000],
            [9000, -9000],
          ] as const) {
            const after = dragHandle(start, PHOTO, handle, dx, dy);
            const { rect } = after.geometry;
            expect(insidePhoto(after), `${handle} by ${dx}, ${dy}`).toBe(true);
            if (aspect !== 'free') expect(rect.width / rect.height).toBeCloseTo(ratio, 9);
            expect(Math.min(rect.width, rect.height)).toBeGreaterThanOrEqual(minSide(PHOTO) - 1e-9);
          }
      });

  it('a small drag moves exactly the edges its handle names, the opposite ones held', () => {
    const start = pinchFrame(choice(), PHOTO, 2); // 2000 x 1500 at 1000, 750
    const r = (handle: (typeof HANDLES)[number], dx: number, dy: number) =>
      dragHandle(start, PHOTO, handle, dx, dy).geometry.rect;
    expectRect(r('se', 100, 50), { x: 1000, y: 750, width: 2100, height: 1550 });
    expectRect(r('nw', 100, 50), { x: 1100, y: 800, width: 1900, height: 1450 });
    expectRect(r('e', 100, 50), { x: 1000, y: 750, width: 2100, height: 1500 });
    expectRect(r('n', 100, -50), { x: 1000, y: 700, width: 2000, height: 1550 });
    expectRect(r('sw', -100, 50), { x: 900, y: 750, width: 2100, height: 1550 });
  });

  it('with an aspect a corner follows the diagonal and an edge keeps the other axis centred', () => {
    const start = pinchFrame(chooseAspect(choice(), PHOTO, '4-5'), PHOTO, 2); // 1200 x 1500 at 1400, 750
    expectRect(dragHandle(start, PHOTO, 'se', 120, 150).geometry.rect, {
      x: 1400,
      y: 750,
      width: 1320,
      height: 1650,
    });
    // Off the diagonal, the corner goes to the nearest point on it: 200 px right is k = 1 + 240000 / 3690000.
    const k = 1 + 240000 / 3690000;
    expectRect(dragHandle(start, PHOTO, 'se', 200, 0).geometry.rect, {
      x: 1400,
      y: 750,
      width: 1200 * k,
      height: 1500 * k,
    });
    expectRect(dragHandle(start, PHOTO, 'e', 120, 999).geometry.rect, {
      x: 1400,
      y: 675,
      width: 1320,
      height: 1650,
    });
    expectRect(dragHandle(start, PHOTO, 'n', 999, -150).geometry.rect, {
      x: 1340,
      y: 600,
      width: 1320,
      height: 1650,
    });
  });

  it('a free corner stopped by one side slides along it; shrinking stops at the smallest frame', () => {
    const start = pinchFrame(choice(), PHOTO, 2);
    expectRect(dragHandle(start, PHOTO, 'se', 5000, 100).geometry.rect, {
      x: 1000,
      y: 750,
      width: 3000,
      height: 1600,
    });
    expectRect(dragHandle(start, PHOTO, 'se', 100, 5000).geometry.rect, {
      x: 1000,
      y: 750,
      width: 2100,
      height: 2250,
    });
    const min = minSide(PHOTO);
    expect(min).toBe(30);
    expectRect(dragHandle(start, PHOTO, 'nw', 5000, 5000).geometry.rect, {
      x: 3000 - min,
      y: 2250 - min,
      width: min,
      height: min,
    });
  });
});

describe('moving, pinching and keys', () => {
  it('a move is clamped to the photo, straightened or not', () => {
    const start = pinchFrame(choice(), PHOTO, 2);
    expectRect(moveFrame(start, PHOTO, 99999, -99999).geometry.rect, {
      x: 2000,
      y: 0,
      width: 2000,
      height: 1500,
    });
    expectRect(moveFrame(start, PHOTO, 10, 20).geometry.rect, { x: 1010, y: 770, width: 2000, height: 1500 });
    const tilted = straighten(start, PHOTO, 10);
    for (const [dx, dy] of [
      [99999, 0],
      [0, -99999],
      [-5000, 5000],
    ] as const) {
      const moved = moveFrame(tilted, PHOTO, dx, dy);
      expect(insidePhoto(moved)).toBe(true);
      expect(moved.geometry.rect.width).toBeCloseTo(tilted.geometry.rect.width, 9);
    }
  });

  it('a pinch scales the frame about its centre by 1 / scale, kept inside and no smaller than the least', () => {
    const start = pinchFrame(choice(), PHOTO, 2);
    expectRect(pinchFrame(start, PHOTO, 2).geometry.rect, { x: 1500, y: 1125, width: 1000, height: 750 });
    expectRect(pinchFrame(start, PHOTO, 0.1).geometry.rect, { x: 0, y: 0, width: 4000, height: 3000 });
    expect(pinchFrame(start, PHOTO, 1000).geometry.rect.height).toBeCloseTo(minSide(PHOTO), 9);
  });

  it('arrows move by 1% of the longer side (10% large); Shift grows right and down, shrinks left and up', () => {
    const start = pinchFrame(choice(), PHOTO, 2);
    expectRect(keyStep(start, PHOTO, 'ArrowRight').geometry.rect, {
      x: 1040,
      y: 750,
      width: 2000,
      height: 1500,
    });
    expectRect(keyStep(start, PHOTO, 'ArrowUp', { large: true }).geometry.rect, {
      x: 1000,
      y: 350,
      width: 2000,
      height: 1500,
    });
    expectRect(keyStep(start, PHOTO, 'ArrowRight', { resize: true }).geometry.rect, {
      x: 1000,
      y: 750,
      width: 2040,
      height: 1500,
    });
    expectRect(keyStep(start, PHOTO, 'ArrowUp', { resize: true }).geometry.rect, {
      x: 1000,
      y: 750,
      width: 2000,
      height: 1460,
    });
    const fixed = pinchFrame(chooseAspect(choice(), PHOTO, '4-5'), PHOTO, 2); // 1200 x 1500
    expectRect(keyStep(fixed, PHOTO, 'ArrowDown', { resize: true }).geometry.rect, {
      x: 1400,
      y: 750,
      width: 1232,
      height: 1540,
    });
    expectRect(keyStep(fixed, PHOTO, 'ArrowLeft', { resize: true }).geometry.rect, {
      x: 1400,
      y: 750,
      width: 1160,
      height: 1450,
    });
  });

  it('describes the frame in whole pixels', () => {
    expect(english(describeFrame({ x: 100.4, y: 239.6, width: 1200, height: 1500.2 }))).toBe(
      'Crop frame 1200 by 1500 pixels, at 100, 240',
    );
  });
});

describe('straighten', () => {
  const frames = {
    whole: choice(),
    '4-5': chooseAspect(choice(), PHOTO, '4-5'),
    'small, in a corner': moveFrame(pinchFrame(choice(), PHOTO, 4), PHOTO, -9999, -9999),
  };
  for (const [name, start] of Object.entries(frames))
    for (const angle of [45, -45, 10, -10, 0.1, -0.1])
      it(`keeps the ${name} frame inside at ${angle} degrees`, () => {
        const after = straighten(start, PHOTO, angle);
        expect(after.geometry.angle).toBe(angle);
        expect(insidePhoto(after)).toBe(true);
      });

  it('the largest frame stays the largest of its aspect, and comes back whole at 0', () => {
    const view = turnedSize(PHOTO, 0);
    const tilted = straighten(choice(), PHOTO, 10);
    expectRect(tilted.geometry.rect, centredRect(view, 10, 4 / 3));
    expectRect(straighten(tilted, PHOTO, 0).geometry.rect, { x: 0, y: 0, width: 4000, height: 3000 });
    const small = pinchFrame(choice(), PHOTO, 4);
    expectRect(straighten(small, PHOTO, 3).geometry.rect, small.geometry.rect);
  });

  it('clamps to ±45 and takes a value that is no number as 0', () => {
    expect(straighten(choice(), PHOTO, 60).geometry.angle).toBe(45);
    expect(straighten(choice(), PHOTO, -90).geometry.angle).toBe(-45);
    expect(straighten(choice(), PHOTO, Number.NaN).geometry.angle).toBe(0);
  });
});

describe('drawing', () => {
  it('draws the image so that each point of the view lands at its place on the canvas', () => {
    const g = { ...uncropped(PHOTO), turns: 3 as const, flipV: true, angle: -15 };
    const image = { width: 1000, height: 750 };
    const box = displayBox(turnedSize(PHOTO, 3), -15);
    const draw = drawTransform(g, PHOTO, image, box, 0.2);
    const toPhoto = viewToPhoto(g, PHOTO);
    for (const [x, y] of [
      [0, 0],
      [2000, 1000],
      [-300, 4100],
    ] as const) {
      const [u, v] = applyMap(toPhoto, x, y);
      const [cx, cy] = applyMap(draw, u / 4, v / 4);
      expect(cx).toBeCloseTo((x - box.x) * 0.2, 9);
      expect(cy).toBeCloseTo((y - box.y) * 0.2, 9);
    }
  });

  it('the view map and its inverse undo each other; the display box holds the straightened photo', () => {
    const g = { ...uncropped(PHOTO), turns: 1 as const, flipH: true, angle: 20 };
    const map = viewToPhoto(g, PHOTO);
    const [x, y] = applyMap(invert(map), ...applyMap(map, 321, 654));
    expect(x).toBeCloseTo(321, 9);
    expect(y).toBeCloseTo(654, 9);
    const view = turnedSize(PHOTO, 1);
    expect(displayBox(view, 0)).toEqual({ x: 0, y: 0, width: 3000, height: 4000 });
    const box = displayBox(view, 20);
    // Each corner of the photo, brought to the view, lies in the box.
    const back = invert(map);
    for (const [u, v] of [
      [0, 0],
      [4000, 0],
      [0, 3000],
      [4000, 3000],
    ] as const) {
      const [px, py] = applyMap(back, u, v);
      expect(px).toBeGreaterThanOrEqual(box.x - 1e-6);
      expect(py).toBeGreaterThanOrEqual(box.y - 1e-6);
      expect(px).toBeLessThanOrEqual(box.x + box.width + 1e-6);
      expect(py).toBeLessThanOrEqual(box.y + box.height + 1e-6);
    }
  });
});
