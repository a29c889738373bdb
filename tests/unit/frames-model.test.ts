import { describe, expect, it } from 'vitest';
import type { RecipeFrame } from '../../src/edit/recipe.ts';
import {
  MAX_CAPTION,
  NO_FRAME,
  checkedChoice,
  cleanCaption,
  isFrameChoice,
  parseFrameParams,
  writeFrameParams,
  type FrameChoice,
} from '../../src/edit/frame.ts';
import { FRAMES, FRAME_IDS } from '../../src/frames/model/frames.ts';
import { fromRecipeFrame, toRecipeFrame } from '../../src/frames/model/recipe-frame.ts';
import { framedSize, printLayout, stripToPrint, writesAtBottom } from '../../src/frames/model/layout.ts';
import { movedPlace, placeRoom } from '../../src/frames/model/placement.ts';
import { frameText } from '../../src/frames/model/text.ts';
import { framePieces, photoRegion } from '../../src/engine/worker/frame-plan.ts';
import { IOS_CANVAS_PIXELS } from '../../src/engine/device-limits.ts';
import { editLinkSearch, parseLookLink } from '../../src/session/look-link.ts';
import { EMPTY_EDIT } from '../../src/edit/edit.ts';

// The frames' sizes as the testing contract gives them (print and image window, millimetres).
const CONTRACT: Record<string, { print: [number, number]; window: [number, number] }> = {
  'instant-square': { print: [88, 107], window: [79, 79] },
  'instant-mini': { print: [54, 86], window: [46, 62] },
  'instant-wide': { print: [108, 86], window: [99, 62] },
  'film-35mm': { print: [40, 35], window: [36, 24] },
  'film-120': { print: [64, 61.5], window: [56, 56] },
};

const PHOTOS = [
  { width: 768, height: 512 },
  { width: 512, height: 768 },
  { width: 8000, height: 6000 },
  { width: 333, height: 333 },
];

const choice = (id: FrameChoice['id'], patch: Partial<FrameChoice> = {}): FrameChoice => ({
  ...NO_FRAME,
  id,
  ...patch,
});

/** Film is shot both ways: an upright photo's print and window are the frame's turned (120: 6 x 4.5). */
const UPRIGHT: Record<string, { print: [number, number]; window: [number, number] }> = {
  'film-35mm': { print: [35, 40], window: [24, 36] },
  'film-120': { print: [49.5, 61.5], window: [41.5, 56] },
};

const near = (a: number, b: number) => Math.abs(a / b - 1) < 0.01;

describe('the print around a photo', () => {
  for (const [id, flat] of Object.entries(CONTRACT)) {
    it(`${id}: the print's and the window's aspects within 1 %; at fill 1 the window the photo's own pixels cropped centred, at fill 0 the whole photo`, () => {
      expect(FRAMES.find((f) => f.id === id)?.print).toEqual({
        width: flat.print[0],
        height: flat.print[1],
      });
      for (const photo of PHOTOS) {
        const mm = photo.height > photo.width ? (UPRIGHT[id] ?? flat) : flat;
        const layout = printLayout(choice(id as FrameChoice['id'], { fill: 1 }), photo)!;
        expect(near(layout.width / layout.height, mm.print[0] / mm.print[1])).toBe(true);
        expect(near(layout.window.width / layout.window.height, mm.window[0] / mm.window[1])).toBe(true);
        // At the photo's own resolution: one of its sides whole, the crop centred inside it.
        expect(layout.window.width === photo.width || layout.window.height === photo.height).toBe(true);
        expect(layout.crop.x * 2 + layout.window.width).toBeGreaterThanOrEqual(photo.width - 1);
        expect(layout.crop.y * 2 + layout.window.height).toBeGreaterThanOrEqual(photo.height - 1);
        expect(layout.window.x + layout.window.width).toBeLessThan(layout.width);
        expect(layout.window.y + layout.window.height).toBeLessThan(layout.height);
        // As the frame opens (fill 0): the whole photo inside the window, centred, nothing cut.
        const whole = printLayout(choice(id as FrameChoice['id']), photo)!;
        expect(near(whole.window.width / whole.window.height, mm.window[0] / mm.window[1])).toBe(true);
        expect(whole.crop.x).toBeLessThanOrEqual(0);
        expect(whole.crop.y).toBeLessThanOrEqual(0);
        expect(whole.crop.x + whole.window.width).toBeGreaterThanOrEqual(photo.width);
        expect(whole.crop.y + whole.window.height).toBeGreaterThanOrEqual(photo.height);
        expect(Math.abs(2 * whole.crop.x + whole.window.width - photo.width)).toBeLessThanOrEqual(1);
      }
    });
  }

  it('an upright photo on film: the window taller than wide, the 35 mm strip running down the print', () => {
    for (const id of ['film-35mm', 'film-120'] as const) {
      const layout = printLayout(choice(id), { width: 3000, height: 4000 })!;
      expect(layout.window.height, id).toBeGreaterThan(layout.window.width);
      expect(layout.height, id).toBeGreaterThan(layout.width);
      // A landscape photo keeps the strip across.
      const across = printLayout(choice(id), { width: 4000, height: 3000 })!;
      expect(across.window.width, id).toBeGreaterThanOrEqual(across.window.height);
    }
    // The 35 mm strip's holes: 8 a side, in two columns either side of the window, inside the print.
    const layout = printLayout(choice('film-35mm'), { width: 4000, height: 6000 })!;
    const holes = layout.holes!;
    const centres = holes.rows.flatMap((row) =>
      Array.from({ length: 8 }, (_, k) => stripToPrint(layout, holes.first + k * holes.pitch, row)),
    );
    const columns = [...new Set(centres.map((c) => Math.round(c.x)))].sort((a, b) => a - b);
    expect(columns).toHaveLength(2);
    expect(columns[0]! + holes.height / 2).toBeLessThan(layout.window.x);
    expect(columns[1]! - holes.height / 2).toBeGreaterThan(layout.window.x + layout.window.width);
    for (const c of centres) {
      expect(c.y - holes.width / 2).toBeGreaterThan(0);
      expect(c.y + holes.width / 2).toBeLessThan(layout.height);
    }
    // The edge print runs down the left edge, outside the window.
    const text = layout.text!;
    const corner = stripToPrint(layout, text.x, text.y + text.height);
    expect(corner.x).toBeGreaterThanOrEqual(0);
    expect(corner.x).toBeLessThan(layout.window.x);
  });

  it('a 4:5 crop on the square print: whole at first, then where the user places it and as much as they fill', () => {
    const photo = { width: 800, height: 1000 };
    const start = printLayout(choice('instant-square'), photo)!;
    expect(start.window.width).toBe(1000);
    expect(start.crop).toEqual({ x: -100, y: 0 });
    // Dragged to the left edge of the window: the paper all on the right.
    const room = placeRoom(choice('instant-square'), photo)!;
    const left = movedPlace(choice('instant-square'), room, -500, 0);
    expect(left).toEqual({ placeX: 0, placeY: 0.5 });
    expect(printLayout(choice('instant-square', left), photo)!.crop).toEqual({ x: 0, y: 0 });
    // Filled: the window inside the photo, the part shown where it was placed (the top).
    const filled = choice('instant-square', { fill: 1, placeY: 0 });
    expect(printLayout(filled, photo)!.window.width).toBe(800);
    expect(printLayout(filled, photo)!.crop).toEqual({ x: 0, y: 0 });
    const lower = movedPlace(filled, placeRoom(filled, photo)!, 0, -100);
    expect(printLayout({ ...filled, ...lower }, photo)!.crop).toEqual({ x: 0, y: 100 });
    // Half filled: in between.
    const half = printLayout(choice('instant-square', { fill: 0.5 }), photo)!;
    expect(half.window.width).toBe(900);
  });

  it('the print border keeps the whole photo inside an even border', () => {
    const layout = printLayout(choice('print-border'), { width: 768, height: 512 })!;
    expect(layout.window).toEqual({ x: 31, y: 31, width: 768, height: 512 });
    expect([layout.width, layout.height]).toEqual([830, 574]);
    expect(layout.text).toBeNull();
    expect(
      printLayout(choice('print-border', { date: true }), { width: 768, height: 512 })!.text,
    ).not.toBeNull();
  });

  it('no frame is the photo as it is', () => {
    expect(printLayout(NO_FRAME, { width: 10, height: 20 })).toBeNull();
    expect(framedSize(NO_FRAME, { width: 10, height: 20 })).toEqual({ width: 10, height: 20 });
  });

  it('35 mm film: 8 holes a side, whole, inside the strip and clear of the window', () => {
    const layout = printLayout(choice('film-35mm', { fill: 1 }), { width: 6000, height: 4000 })!;
    const holes = layout.holes!;
    const left = holes.first - holes.width / 2;
    const right = holes.first + 7 * holes.pitch + holes.width / 2;
    expect(left).toBeGreaterThan(0);
    expect(right).toBeLessThan(layout.width);
    // A ninth hole either side would be cut by the print's edge: the strip shows 8.
    expect(holes.first - holes.pitch + holes.width / 2).toBeLessThan(0);
    expect(holes.first + 8 * holes.pitch - holes.width / 2).toBeGreaterThan(layout.width);
    expect(holes.rows[0] + holes.height / 2).toBeLessThan(layout.window.y);
    expect(holes.rows[1] - holes.height / 2).toBeGreaterThan(layout.window.y + layout.window.height);
    expect(layout.text!.y).toBeGreaterThan(holes.rows[1] + holes.height / 2);
  });

  it("says where the print writes along its bottom edge: a caption, a flat strip's edge print, the border's date", () => {
    const flat = { width: 768, height: 512 };
    const upright = { width: 512, height: 768 };
    const cases: [FrameChoice, { width: number; height: number }, boolean][] = [
      [choice('instant-square', { caption: 'Lake' }), flat, true],
      [choice('instant-wide', { caption: 'Lake' }), upright, true],
      // No caption, nothing written.
      [choice('instant-mini', { caption: '' }), flat, false],
      [choice('film-35mm'), flat, true],
      // The upright strip writes down its side; 120 film along its top.
      [choice('film-35mm'), upright, false],
      [choice('film-120'), flat, false],
      [choice('film-120'), upright, false],
      [choice('print-border', { date: true }), flat, true],
      [choice('print-border', { date: false }), flat, false],
      [NO_FRAME, flat, false],
    ];
    expect(cases.map(([frame, photo]) => writesAtBottom(printLayout(frame, photo)))).toEqual(
      cases.map(([, , at]) => at),
    );
  });
});

describe('the frame choice', () => {
  it('goes into a recipe and comes back the same', () => {
    const framed = choice('film-35mm', { edgeText: 'MY FILM 200', frameNumber: 7, orangeMask: true });
    expect(fromRecipeFrame(toRecipeFrame(framed))).toEqual(framed);
    // Where the photo lies in the window is this photo's, not the recipe's.
    expect(fromRecipeFrame(toRecipeFrame({ ...framed, fill: 1, placeX: 0 }))).toEqual(framed);
    const print = choice('instant-square', { caption: 'Summer, 日本 🌊' });
    expect(fromRecipeFrame(JSON.parse(JSON.stringify(toRecipeFrame(print))) as RecipeFrame)).toEqual(print);
    expect(toRecipeFrame(NO_FRAME)).toBeNull();
    expect(fromRecipeFrame(null)).toEqual(NO_FRAME);
    // A recipe from a file is checked: an unknown frame is none, bad options their defaults.
    expect(fromRecipeFrame({ id: 'polaroid-xl' })).toEqual(NO_FRAME);
    expect(fromRecipeFrame({ id: 'film-35mm', options: { frameNumber: 99, edgeText: 42 } })).toEqual(
      choice('film-35mm'),
    );
  });

  it('goes into a look link (frame=) and comes back the same, the look kept', () => {
    const framed = choice('instant-mini', { caption: 'שלום & مرحبا' });
    const search = editLinkSearch('?engine=cpu', { ...EMPTY_EDIT, frame: framed });
    expect(search).toContain('frame=instant-mini');
    expect(parseLookLink(search)?.frame).toEqual(framed);
    const params = new URLSearchParams();
    writeFrameParams(params, choice('film-120', { frameNumber: 3 }));
    expect(parseFrameParams(params)).toEqual(choice('film-120', { frameNumber: 3 }));
    const placedFrame = choice('instant-square', { fill: 0.25, placeX: 0, placeY: 0.75 });
    const placed = new URLSearchParams();
    writeFrameParams(placed, placedFrame);
    expect(parseFrameParams(placed)).toEqual(placedFrame);
    expect(parseFrameParams(new URLSearchParams('frame=instant-square&frameFill=7&frameAt=x,-1'))).toEqual(
      choice('instant-square', { fill: 1, placeY: 0 }),
    );
    expect(parseFrameParams(new URLSearchParams('frame=nonsense'))).toEqual(NO_FRAME);
    // The frame's parameters are not read as an effect's settings.
    const link = parseLookLink('?effect=ccdEffect&frame=film-35mm&frameNo=5');
    expect(link?.settings).toEqual({});
    expect(link?.frame?.frameNumber).toBe(5);
  });

  it('captions: 500 characters at most, emoji never split, control characters as spaces', () => {
    const long = '🌊'.repeat(600);
    expect(Array.from(cleanCaption(long))).toHaveLength(MAX_CAPTION);
    expect(cleanCaption('a\nb\tc')).toBe('a b c');
    expect(isFrameChoice(choice('instant-square', { caption: 'x'.repeat(501) }))).toBe(false);
    expect(isFrameChoice(checkedChoice({ id: 'instant-square', caption: 'x'.repeat(501) }))).toBe(true);
    for (const id of FRAME_IDS) expect(isFrameChoice(choice(id))).toBe(true);
  });

  it('a caption of only spaces writes nothing', () => {
    const spaces = choice('instant-square', { caption: '     ' });
    expect(frameText(spaces, '2024-05-01')).toBeNull();
    expect(printLayout(spaces, { width: 800, height: 800 })!.text).toBeNull();
    expect(frameText(choice('instant-square', { caption: ' hi ' }), '')?.runs[0]?.text).toBe('hi');
  });

  it("the edge print is the user's, its default naming no maker, with the frame number", () => {
    const text = frameText(choice('film-35mm', { frameNumber: 24 }), '')!;
    expect(text.runs.map((r) => r.text)).toEqual(['RETROCAM 400', '24', '\u25B6 24A']);
    expect(text.face).toBe('condensed');
  });
});

describe('the print saved in pieces', () => {
  it('every piece within the tile limits (and a 48 MP print within iOS canvas limits), the rows covered once', () => {
    const layout = printLayout(choice('instant-square', { fill: 1 }), { width: 8000, height: 6000 })!;
    expect(layout.width).toBeGreaterThanOrEqual(6600);
    expect(layout.height).toBeGreaterThanOrEqual(8000);
    const limits = { maxSide: 4096, maxPixels: 4 * 1024 * 1024 };
    const pieces = framePieces(layout, limits);
    let next = 0;
    for (const piece of pieces) {
      expect(piece.y).toBe(next);
      next += piece.height;
      expect(piece.width).toBeLessThanOrEqual(limits.maxSide);
      expect(piece.width * piece.height).toBeLessThanOrEqual(limits.maxPixels);
      expect(piece.width * piece.height).toBeLessThanOrEqual(IOS_CANVAS_PIXELS);
    }
    expect(next).toBe(layout.height);
  });

  it('a piece reads only the part of the photo its window shows', () => {
    const photo = { width: 768, height: 512 };
    const layout = printLayout(choice('instant-square', { fill: 1 }), photo)!;
    const crop = { x: layout.crop.x, y: 0, width: 512, height: 512 };
    const all = photoRegion(layout, { x: 0, y: 0, width: layout.width, height: layout.height }, photo);
    expect(all).toEqual(crop);
    const corner = photoRegion(layout, { x: 0, y: 0, width: 10, height: 10 }, photo);
    expect(corner.width * corner.height).toBe(1);
  });
});
