import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { createImage, type RgbaImage } from '../reference/image.ts';
import { maxAbsoluteError, meanAbsoluteError, psnr } from '../reference/metrics.ts';
import { resize } from '../reference/resize.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import type {} from './harness.ts';

// A step's strength (every worker effect's `strength` setting): 0 gives the step's input, 100 the look
// as the effect's own stages make it, 50 the mean of the two. Run as the engine runs a step, on each
// backend, for looks that change the pixels a lot: a Filters look (the same size), the JPEG look at the
// photo's own size, and CCD, whose camera resolution changes the size (its input is then compared at the
// step's output size, resized as the reference resizes it).

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';

const LOOKS: { effectId: string; settings: Record<string, number | string | boolean> }[] = [
  { effectId: 'pg2016', settings: { filterName: 'nuke' } },
  {
    effectId: 'jpegSimulation',
    settings: { jpeg_longSidePixels: 768, jpeg_upscale2x: false, jpeg_quality: 5 },
  },
  { effectId: 'ccdEffect', settings: {} },
];

/** Bounds, a little past what the backends measure (see the annotations). */
const MIN_PSNR = 50;
/** Strength 50 against the mean of 0 and 100: the largest difference, in levels (the mean of two rounded values rounds once more). */
const MAX_MIX_ERROR = 2;

async function runStep(
  page: Page,
  engine: EngineKind,
  effectId: string,
  settings: Record<string, number | string | boolean>,
  ownStages = false,
) {
  const result = await page.evaluate(
    ([engine, data, effectId, settings, ownStages]) =>
      window.harness.runEffect(engine, data, effectId, settings, ownStages),
    [engine, fixtureBase64(PHOTO), effectId, settings, ownStages] as const,
  );
  return {
    input: imageFromBase64(result.inputWidth, result.inputHeight, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
  };
}

/** The input as the step's output size shows it: itself, or resized (smooth: area down, cubic up). */
function inputAt(input: RgbaImage, size: { width: number; height: number }): RgbaImage {
  if (input.width === size.width && input.height === size.height) return input;
  return resize(input, { width: size.width, height: size.height, mode: 2 });
}

/** The mean of two images of one size, per channel, unrounded until the store. */
function mean(a: RgbaImage, b: RgbaImage): RgbaImage {
  const out = createImage(a.width, a.height);
  for (let i = 0; i < out.data.length; i++)
    out.data[i] = Math.round(((a.data[i] ?? 0) + (b.data[i] ?? 0)) / 2);
  return out;
}

for (const { effectId, settings } of LOOKS) {
  test(`${effectId}: strength 0 is the input, 100 the look, 50 their mean, on every backend`, async ({
    harness: page,
  }) => {
    for (const engine of ENGINES) {
      const own = await runStep(page, engine, effectId, settings, true);
      const full = await runStep(page, engine, effectId, { ...settings, strength: 100 });
      const none = await runStep(page, engine, effectId, { ...settings, strength: 0 });
      const half = await runStep(page, engine, effectId, { ...settings, strength: 50 });
      const input = inputAt(own.input, own.output);
      // The look changes the pixels a lot, or the checks below could not tell the strengths apart.
      expect(psnr(own.output, input), `${engine}: the look changes the photo`).toBeLessThan(30);
      for (const result of [full, none, half]) {
        expect([result.output.width, result.output.height]).toEqual([own.output.width, own.output.height]);
      }
      const atFull = psnr(full.output, own.output);
      const atNone = psnr(none.output, input);
      const expected = mean(input, own.output);
      const worst = maxAbsoluteError(half.output, expected);
      const meanError = meanAbsoluteError(half.output, expected);
      test.info().annotations.push({
        type: `${engine}`,
        description:
          `100 vs the look ${atFull.toFixed(2)} dB; 0 vs the input ${atNone.toFixed(2)} dB; ` +
          `50 vs the mean: max ${worst} levels, mean ${meanError.toFixed(3)}`,
      });
      expect(atFull, `${engine}: strength 100 against the effect's own stages`).toBeGreaterThanOrEqual(
        MIN_PSNR,
      );
      expect(atNone, `${engine}: strength 0 against the input`).toBeGreaterThanOrEqual(MIN_PSNR);
      expect(worst, `${engine}: strength 50 against the mean of 0 and 100`).toBeLessThanOrEqual(
        MAX_MIX_ERROR,
      );
    }
  });
}
