import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import { NO_FRAME, type FrameChoice } from '../../src/edit/frame.ts';
import { printLayout, type PrintLayout } from '../../src/frames/model/layout.ts';
import { FRAME_TEXT, frameInvocation } from '../../src/engine/worker/frame-plan.ts';
import { createImage, type RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import type * as FrameText from '../../src/engine/worker/frame-text.ts';

// The frame stage on every backend (must-holds 1 and 2 of the frames): the print's aspect, the photo in
// its window, the 35 mm strip's holes, and a print drawn in 256 px pieces against the print drawn whole.
// The references are made here: the window is the photo cropped centred (cut out of the input in this
// file), the aspects are the testing contract's millimetres, the holes are counted by scanning the strip.

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';

/** The testing contract's print sizes, millimetres. */
const PRINTS: Record<string, number> = {
  'instant-square': 88 / 107,
  'instant-mini': 54 / 86,
  'instant-wide': 108 / 86,
  'film-35mm': 40 / 35,
  'film-120': 64 / 61.5,
};

const choice = (id: FrameChoice['id'], patch: Partial<FrameChoice> = {}): FrameChoice => ({
  ...NO_FRAME,
  id,
  ...patch,
});

async function runFrame(page: Page, engine: EngineKind, chain: StageInvocation[]) {
  const result = await page.evaluate(
    ([engine, data, chain, text]) =>
      window.harness.run(engine, data, chain, { [text]: { width: 1, height: 1, data: 'AAAAAA==' } }),
    [engine, fixtureBase64(PHOTO), chain, FRAME_TEXT] as const,
  );
  return {
    input: imageFromBase64(result.inputWidth, result.inputHeight, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
  };
}

function whole(layout: PrintLayout, frame: FrameChoice): StageInvocation {
  const photoAt: [number, number] = [layout.window.x - layout.crop.x, layout.window.y - layout.crop.y];
  return frameInvocation(layout, frame, { x: 0, y: 0, width: layout.width, height: layout.height }, photoAt);
}

function cut(image: RgbaImage, x: number, y: number, width: number, height: number): RgbaImage {
  const out = createImage(width, height);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 4;
    out.data.set(image.data.subarray(from, from + width * 4), row * width * 4);
  }
  return out;
}

const PHOTO_SIZE = { width: 768, height: 512 };

for (const engine of ENGINES) {
  test(`${engine}: each frame's print has its aspect within 1 %, its window the photo cropped centred (>= 35 dB)`, async ({
    harness: page,
  }) => {
    for (const id of [
      'instant-square',
      'instant-mini',
      'instant-wide',
      'film-35mm',
      'film-120',
      'print-border',
    ] as const) {
      // The window filled: the photo cut to its shape, centred (the user's placement at its start).
      const frame = choice(id, { fill: 1 });
      const layout = printLayout(frame, PHOTO_SIZE)!;
      const { input, output } = await runFrame(page, engine, [whole(layout, frame)]);
      expect([output.width, output.height], id).toEqual([layout.width, layout.height]);
      const aspect = PRINTS[id] ?? (PHOTO_SIZE.width + 62) / (PHOTO_SIZE.height + 62);
      expect(Math.abs(output.width / output.height / aspect - 1), id).toBeLessThan(0.01);
      // Inside the soft edge (a quarter millimetre of the print), against the photo cropped here.
      const inset = Math.ceil(0.25 * layout.scale) + 1;
      const { window: w, crop } = layout;
      const shown = cut(output, w.x + inset, w.y + inset, w.width - 2 * inset, w.height - 2 * inset);
      const expected = cut(input, crop.x + inset, crop.y + inset, w.width - 2 * inset, w.height - 2 * inset);
      const score = psnr(shown, expected);
      test.info().annotations.push({ type: `${id} window`, description: `${score.toFixed(2)} dB` });
      expect(score, id).toBeGreaterThanOrEqual(35);
      // And the border is not the photo: the paper or the rebate, drawn.
      const border = cut(output, 0, 0, output.width, Math.max(1, w.y - 1));
      const photoTop = cut(input, crop.x, 0, Math.min(output.width, input.width - crop.x), border.height);
      expect(psnr(cut(border, 0, 0, photoTop.width, photoTop.height), photoTop), id).toBeLessThan(20);
    }
  });

  test(`${engine}: 35 mm film shows 8 holes a side, and a print drawn in 256 px pieces equals the print drawn whole (>= 45 dB)`, async ({
    harness: page,
  }) => {
    const frame = choice('film-35mm');
    const layout = printLayout(frame, PHOTO_SIZE)!;
    const { output } = await runFrame(page, engine, [whole(layout, frame)]);
    const holes = layout.holes!;
    for (const row of holes.rows) {
      // Along the strip through the holes' middle: runs of light between the dark rebate.
      let runs = 0;
      let lit = false;
      const y = Math.round(row);
      for (let x = 0; x < output.width; x++) {
        const light = (output.data[(y * output.width + x) * 4] ?? 0) > 200;
        if (light && !lit) runs++;
        lit = light;
      }
      expect(runs, `holes along row ${y}`).toBe(8);
    }
    // The print in pieces of 256 px, each placed in the print by the stage's `at`, put together again.
    const pieces = createImage(layout.width, layout.height);
    const photoAt: [number, number] = [layout.window.x - layout.crop.x, layout.window.y - layout.crop.y];
    for (let y = 0; y < layout.height; y += 256) {
      for (let x = 0; x < layout.width; x += 256) {
        const out = {
          x,
          y,
          width: Math.min(256, layout.width - x),
          height: Math.min(256, layout.height - y),
        };
        const { output: piece } = await runFrame(page, engine, [
          frameInvocation(layout, frame, out, photoAt),
        ]);
        for (let row = 0; row < out.height; row++) {
          pieces.data.set(
            piece.data.subarray(row * out.width * 4, (row + 1) * out.width * 4),
            ((y + row) * layout.width + x) * 4,
          );
        }
      }
    }
    const score = psnr(pieces, output);
    test.info().annotations.push({ type: 'pieces against whole', description: `${score.toFixed(2)} dB` });
    expect(score).toBeGreaterThanOrEqual(45);
  });
}

test('captions: right-to-left and CJK text is drawn in glyphs, not missing-glyph boxes; an emoji is drawn, or left out without a box', async ({
  harness: page,
}) => {
  const result = await page.evaluate(async () => {
    // The worker's own text drawing, run on the harness page (the same fonts and fallbacks).
    const path = '/src/engine/worker/frame-text.ts';
    const { drawFrameText } = (await import(/* @vite-ignore */ path)) as typeof FrameText;
    const draw = (text: string) =>
      drawFrameText(
        { face: 'handwriting', runs: [{ text, at: 0.5, align: 'center' }], wrap: true, size: 0.42 },
        { width: 600, height: 120 },
      );
    const alpha = (image: ImageData) => image.data.filter((_, i) => i % 4 === 3);
    /** Coverage (mean alpha) and the PSNR of one text's coverage against another's. */
    const compare = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
      const mse = sum / a.length;
      return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
    };
    const coverage = (a: Uint8ClampedArray) => a.reduce((s, v) => s + v, 0) / a.length / 255;
    const out: Record<string, { coverage: number; againstBoxes: number }> = {};
    for (const [name, text] of Object.entries({
      arabic: 'مرحبا بالعالم',
      hebrew: 'שלום עולם',
      japanese: '日本語のキャプション',
      emoji: 'sea 🌊 sun',
    })) {
      const drawn = alpha(await draw(text));
      // The same number of characters from the private use area: no font has them, so each is the
      // missing-glyph box.
      const boxes = alpha(await draw(String.fromCodePoint(...Array.from(text, (_, i) => 0xe000 + i))));
      out[name] = { coverage: coverage(drawn), againstBoxes: compare(drawn, boxes) };
    }
    out.spaces = { coverage: coverage(alpha(await draw('     '))), againstBoxes: 0 };
    // Whether this browser has any glyph for the emoji, seen on a canvas of the page's own: its picture
    // against the private use area's box.
    const probe = new OffscreenCanvas(64, 48).getContext('2d')!;
    probe.font = '32px sans-serif';
    probe.textBaseline = 'middle';
    const glyph = (text: string) => {
      probe.clearRect(0, 0, 64, 48);
      probe.fillText(text, 8, 24);
      return probe.getImageData(0, 0, 64, 48).data;
    };
    const wave = glyph('🌊');
    const box = glyph('\uE000');
    const emoji = alpha(await draw('sea 🌊 sun'));
    const emojiOnly = alpha(await draw('🌊 🌊'));
    return {
      scores: out,
      emoji: {
        hasGlyph: wave.some((v, i) => v !== box[i]),
        againstPlain: compare(emoji, alpha(await draw('sea sun'))),
        againstBox: compare(emoji, alpha(await draw('sea \uE000 sun'))),
        onlyCoverage: coverage(emojiOnly),
      },
    };
  });
  const { scores, emoji } = result;
  for (const name of ['arabic', 'hebrew', 'japanese', 'emoji']) {
    const score = scores[name]!;
    test.info().annotations.push({
      type: name,
      description: `coverage ${score.coverage.toFixed(3)}, ${score.againstBoxes.toFixed(1)} dB against boxes`,
    });
    expect(score.coverage, name).toBeGreaterThan(0.01);
    expect(score.againstBoxes, name).toBeLessThan(20);
  }
  expect(scores.spaces!.coverage).toBe(0);
  test.info().annotations.push({
    type: 'emoji',
    description: `glyph in this browser: ${emoji.hasGlyph}; against the caption without it ${emoji.againstPlain.toFixed(1)} dB, against a box in its place ${emoji.againstBox.toFixed(1)} dB`,
  });
  // Never a box in its place; drawn where the browser has the glyph, else left out as if never typed.
  expect(emoji.againstBox).toBeLessThan(30);
  if (emoji.hasGlyph) {
    expect(emoji.againstPlain).toBeLessThan(30);
    expect(emoji.onlyCoverage).toBeGreaterThan(0.01);
  } else {
    expect(emoji.againstPlain).toBeGreaterThanOrEqual(50);
    expect(emoji.onlyCoverage).toBe(0);
  }
});
