// Frames on extreme photos (1 x 4000, 4000 x 1, 1 x 1): each print keeps its frame's own shape, with the
// photo placed in the window (letterboxed on the paper), never a flat square; and the print drawn piece by
// piece as the full-resolution save draws it (the CPU kernel of the frame stage) shows the photo's pixels
// where the layout places them and the paper around them, not the photo's edge smeared over the window.
import { describe, expect, it } from 'vitest';
import { NO_FRAME, type FrameChoice } from '../../src/edit/frame.ts';
import { FRAMES, FRAME_KIND, frameSpecFor } from '../../src/frames/model/frames.ts';
import { MIN_WINDOW, printLayout, type PrintLayout, type Size } from '../../src/frames/model/layout.ts';
import { frameInvocation, framePieces, photoRegion } from '../../src/engine/worker/frame-plan.ts';
import { frame } from '../../src/pipeline/stages/frame/kernel.ts';
import type { FrameUniforms } from '../../src/pipeline/stages/frame/stage.ts';
import { CpuTexture } from '../../src/pipeline/cpu/texture.ts';
import { tileLimits } from '../../src/engine/tiling.ts';

const EXTREME: Size[] = [
  { width: 1, height: 4000 },
  { width: 4000, height: 1 },
  { width: 1, height: 1 },
];

const choice = (id: FrameChoice['id'], patch: Partial<FrameChoice> = {}): FrameChoice => ({
  ...NO_FRAME,
  id,
  caption: 'Hi',
  ...patch,
});

/** Where the photo lies in the print: the window's pixels that map into it. */
function photoRect(layout: PrintLayout, photo: Size) {
  const x0 = Math.max(layout.window.x, layout.window.x - layout.crop.x);
  const y0 = Math.max(layout.window.y, layout.window.y - layout.crop.y);
  const x1 = Math.min(layout.window.x + layout.window.width, layout.window.x - layout.crop.x + photo.width);
  const y1 = Math.min(layout.window.y + layout.window.height, layout.window.y - layout.crop.y + photo.height);
  return { x0, y0, x1, y1 };
}

describe('a frame around an extreme photo', () => {
  for (const photo of EXTREME)
    for (const spec of FRAMES)
      it(`${photo.width}x${photo.height} in ${spec.id}: a print of the frame's shape, the photo placed in its window`, () => {
        const layout = printLayout(choice(spec.id), photo)!;
        expect(Math.min(layout.window.width, layout.window.height)).toBeGreaterThanOrEqual(MIN_WINDOW);
        if (spec.id === 'print-border') {
          // The border's shape is the photo's with an even border: at least the smallest window and its border.
          expect(layout.width).toBeGreaterThan(MIN_WINDOW);
          expect(layout.height).toBeGreaterThan(MIN_WINDOW);
        } else {
          // Film turns for an upright photo (the 35 mm strip runs down the print).
          const shot = frameSpecFor(spec.id, photo)!;
          const turned = shot.kind === FRAME_KIND.film35Upright;
          const aspect = shot.print.width / shot.print.height;
          expect(layout.width / layout.height).toBeCloseTo(turned ? 1 / aspect : aspect, 1);
          const window = shot.window.width / shot.window.height;
          expect(layout.window.width / layout.window.height).toBeCloseTo(turned ? 1 / window : window, 1);
        }
        // The whole photo lies inside the window (letterboxed), centred.
        const placed = photoRect(layout, photo);
        expect(placed.x1 - placed.x0).toBe(photo.width);
        expect(placed.y1 - placed.y0).toBe(photo.height);
        const centre = layout.window.x + layout.window.width / 2;
        expect(Math.abs((placed.x0 + placed.x1) / 2 - centre)).toBeLessThanOrEqual(1);
        // Every piece of the save reads only pixels of the photo.
        for (const band of framePieces(layout, tileLimits(8192, 1024)))
          for (let x = 0; x < layout.width; x += band.width) {
            const region = photoRegion(
              layout,
              { x, y: band.y, width: band.width, height: band.height },
              photo,
            );
            expect(region.x).toBeGreaterThanOrEqual(0);
            expect(region.y).toBeGreaterThanOrEqual(0);
            expect(region.x + region.width).toBeLessThanOrEqual(photo.width);
            expect(region.y + region.height).toBeLessThanOrEqual(photo.height);
          }
      });

  it('a photo that is only thin, not tiny, filling the window, keeps the centred crop it had', () => {
    const layout = printLayout(choice('instant-square', { fill: 1 }), { width: 768, height: 512 })!;
    expect(layout.window).toMatchObject({ width: 512, height: 512 });
    expect(layout.crop).toEqual({ x: 128, y: 0 });
  });
});

const RED = [255, 0, 0, 255];

/** The print of a red photo drawn as the save draws it: in pieces, each reading its region only. */
function drawPrint(id: FrameChoice['id'], photo: Size) {
  const layout = printLayout(choice(id), photo)!;
  const pixels = new Uint8ClampedArray(photo.width * photo.height * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set(RED, i);
  const print = new Uint8ClampedArray(layout.width * layout.height * 4);
  const text = new CpuTexture(3, 1, 1, 'rgba8unorm');
  for (const band of framePieces(layout, tileLimits(8192, 64)))
    for (let x = 0; x < layout.width; x += band.width) {
      const out = { x, y: band.y, width: Math.min(band.width, layout.width - x), height: band.height };
      const source = photoRegion(layout, out, photo);
      const input = new CpuTexture(1, source.width, source.height, 'rgba8unorm');
      for (let row = 0; row < source.height; row++)
        input.data.set(
          pixels.subarray(
            ((source.y + row) * photo.width + source.x) * 4,
            ((source.y + row) * photo.width + source.x + source.width) * 4,
          ),
          row * source.width * 4,
        );
      const invocation = frameInvocation(layout, choice(id), out, [
        source.x + layout.window.x - layout.crop.x,
        source.y + layout.window.y - layout.crop.y,
      ]);
      const target = new CpuTexture(2, out.width, out.height, 'rgba8unorm');
      const params = invocation.params as unknown as FrameUniforms;
      frame({ inputs: [input, text], out: target, u: params });
      for (let row = 0; row < out.height; row++)
        print.set(
          target.data.subarray(row * out.width * 4, (row + 1) * out.width * 4),
          ((out.y + row) * layout.width + x) * 4,
        );
    }
  return { layout, print };
}

describe('an upright photo on 35 mm film, drawn piece by piece', () => {
  it('the photo in a window taller than wide, the holes in two columns beside it, none above or below', () => {
    const { layout, print } = drawPrint('film-35mm', { width: 200, height: 300 });
    const at = (x: number, y: number) => (y * layout.width + x) * 4;
    const red = (x: number, y: number) => {
      const i = at(x, y);
      return print[i]! > 200 && print[i + 1]! < 60 && print[i + 2]! < 60;
    };
    const light = (x: number, y: number) => {
      const i = at(x, y);
      return print[i]! > 200 && print[i + 1]! > 200 && print[i + 2]! > 200;
    };
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    const lightColumns = new Set<number>();
    let lightInLine = 0;
    for (let y = 0; y < layout.height; y++)
      for (let x = 0; x < layout.width; x++) {
        if (red(x, y))
          [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
        if (!light(x, y)) continue;
        lightColumns.add(x < layout.width / 2 ? 0 : 1);
        const beside = x < layout.window.x || x >= layout.window.x + layout.window.width;
        if (!beside) lightInLine++;
      }
    expect(y1 - y0).toBeGreaterThan(1.4 * (x1 - x0));
    expect(x1 - x0 + 1).toBeGreaterThanOrEqual(196);
    expect([...lightColumns].sort()).toEqual([0, 1]);
    expect(lightInLine).toBe(0);
  });
});

describe('the print of an extreme photo, drawn piece by piece', () => {
  const isRed = (print: Uint8ClampedArray, i: number) =>
    print[i]! > 200 && print[i + 1]! < 60 && print[i + 2]! < 60;

  for (const id of ['instant-mini', 'film-35mm', 'print-border'] as const)
    for (const photo of [
      { width: 1, height: 200 },
      { width: 200, height: 1 },
      { width: 1, height: 1 },
    ])
      it(`${photo.width}x${photo.height} in ${id}: the photo's pixels where it lies, paper around it in the window`, () => {
        const { layout, print } = drawPrint(id, photo);
        const placed = photoRect(layout, photo);
        let red = 0;
        let redOutside = 0;
        for (let y = layout.window.y; y < layout.window.y + layout.window.height; y++)
          for (let x = layout.window.x; x < layout.window.x + layout.window.width; x++) {
            if (!isRed(print, (y * layout.width + x) * 4)) continue;
            if (x >= placed.x0 && x < placed.x1 && y >= placed.y0 && y < placed.y1) red += 1;
            else redOutside += 1;
          }
        // The photo shows (its edge pixels softened at the window's edge), and nowhere else.
        expect(red).toBeGreaterThanOrEqual(Math.floor(photo.width * photo.height * 0.5));
        expect(redOutside).toBe(0);
      });
});
