// The frame stage's cases on the 768 x 512 photo: each kind of frame, the whole print, its params made by
// the frames' own layout (src/frames/model/layout.ts); the text texture a made-up coverage pattern (the
// worker draws the real one with the fonts), sampled bilinearly over its box.
import { NO_FRAME, type FrameChoice } from '../../../src/edit/frame.ts';
import { printLayout } from '../../../src/frames/model/layout.ts';
import { FRAME_TEXT, frameInvocation } from '../../../src/engine/worker/frame-plan.ts';
import type { RgbaImage } from '../../reference/image.ts';
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

const PHOTO = { width: 768, height: 512 };

/** Coverage in diagonal stripes, a soft edge to each: what glyphs' antialiased edges look like. */
export function stripes(width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data[(y * width + x) * 4 + 3] = ((x + y) * 37) % 256;
  return { width, height, data };
}

function frameCase(label: string, choice: FrameChoice, photo = PHOTO): StageCase {
  const layout = printLayout(choice, photo)!;
  const text = layout.text
    ? stripes(Math.min(200, layout.text.width), Math.min(40, layout.text.height))
    : stripes(1, 1);
  return {
    label,
    chain: [
      frameInvocation(layout, choice, { x: 0, y: 0, width: layout.width, height: layout.height }, [
        layout.window.x - layout.crop.x,
        layout.window.y - layout.crop.y,
      ]),
    ],
    resources: () => ({ [FRAME_TEXT]: text }),
    ...NEIGHBOURHOOD,
  };
}

export const frameCases: readonly StageCase[] = [
  // Windows of another shape than the photo: filled (the photo cut to the window), as the stage draws it
  // whatever the placement.
  frameCase('instant square, a caption', { ...NO_FRAME, id: 'instant-square', caption: 'x', fill: 1 }),
  frameCase('35 mm film, black rebate', { ...NO_FRAME, id: 'film-35mm' }),
  frameCase('120 film, orange mask', { ...NO_FRAME, id: 'film-120', orangeMask: true, fill: 1 }),
  // An upright photo (the input's left part): the 35 mm strip runs down the print, its edge print turned.
  frameCase('35 mm film, upright', { ...NO_FRAME, id: 'film-35mm', fill: 1 }, { width: 340, height: 512 }),
  frameCase('print border with the date', { ...NO_FRAME, id: 'print-border', date: true }),
];
