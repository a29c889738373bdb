import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import { tonalGrainCurve } from '../../src/pipeline/stages/tonal-grain/stage.ts';
import type { RgbaImage } from '../reference/image.ts';
import { maxAbsoluteError, psnr } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import { encodePng } from '../support/png.ts';

// Issue 25's measured checks of tonal-grain and dust-scratches, on every backend: tonal grain's strength
// by tone follows its curve, its chroma part is what makes channels differ, and both stages draw the
// same accidents for a seed everywhere, other ones for another seed, and nothing at amount 0.

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';

/** An RGBA PNG of an image, so that the harness decodes exactly these bytes (base64). */
const png = (image: RgbaImage): string => encodePng(image).toString('base64');

/** Flat grey blocks of tones 0.1, 0.2, ... 0.9, three by three, each BLOCK pixels square. */
const BLOCK = 192;
const TONES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
function toneBands(): RgbaImage {
  const side = 3 * BLOCK;
  const data = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const level = Math.round(255 * (TONES[3 * Math.floor(y / BLOCK) + Math.floor(x / BLOCK)] as number));
      data.set([level, level, level, 255], (y * side + x) * 4);
    }
  return { width: side, height: side, data };
}
const BANDS = png(toneBands());

async function run(page: Page, engine: EngineKind, data: string, chain: StageInvocation[]) {
  const result = await page.evaluate(([engine, data, chain]) => window.harness.run(engine, data, chain), [
    engine,
    data,
    chain,
  ] as const);
  return {
    input: imageFromBase64(result.inputWidth, result.inputHeight, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
  };
}

/** Per block of the tone bands: the input's luma and the output's luma standard deviation, in levels. */
function bandStats(input: RgbaImage, output: RgbaImage) {
  return TONES.map((_, band) => {
    const x0 = (band % 3) * BLOCK;
    const y0 = Math.floor(band / 3) * BLOCK;
    let sum = 0;
    let squares = 0;
    for (let y = y0; y < y0 + BLOCK; y++)
      for (let x = x0; x < x0 + BLOCK; x++) {
        const i = (y * output.width + x) * 4;
        const d = output.data;
        const luma = 0.299 * (d[i] as number) + 0.587 * (d[i + 1] as number) + 0.114 * (d[i + 2] as number);
        sum += luma;
        squares += luma * luma;
      }
    const n = BLOCK * BLOCK;
    const variance = squares / n - (sum / n) ** 2;
    // Sheppard's correction: rounding to whole levels adds a uniform error of variance 1/12.
    const std = Math.sqrt(Math.max(0, variance - 1 / 12));
    const level = input.data[(y0 * input.width + x0) * 4] as number;
    return { luma: level / 255, std };
  });
}

/** The mean over pixels of the largest minus the smallest channel, in levels. */
function channelSpread(image: RgbaImage): number {
  let sum = 0;
  const d = image.data;
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i] as number;
    const g = d[i + 1] as number;
    const b = d[i + 2] as number;
    sum += Math.max(r, g, b) - Math.min(r, g, b);
  }
  return sum / (d.length / 4);
}

// Amounts low enough that no band clips at black or white, which would flatten its grain.
const CURVES = [
  { name: 'film', curve: 0 as const, amount: 0.2, peak: 0.5 },
  { name: 'digital', curve: 1 as const, amount: 0.1, peak: 0.1 },
];

test.describe('tonal grain follows its tone curve', () => {
  for (const { name, curve, amount, peak } of CURVES) {
    test(`tonal-grain: the ${name} curve's grain by tone band is within 20 % of the curve`, async ({
      harness: page,
    }) => {
      const chain: StageInvocation[] = [
        { stage: 'tonal-grain', params: { amount, chroma: 0, size: 1.5 / (3 * BLOCK), seed: 17, curve } },
      ];
      for (const engine of ENGINES) {
        const { input, output } = await run(page, engine, BANDS, chain);
        const stats = bandStats(input, output);
        const top = stats[TONES.indexOf(peak)] as { luma: number; std: number };
        const lines: string[] = [];
        for (const band of stats) {
          const expected = tonalGrainCurve(curve, band.luma) / tonalGrainCurve(curve, top.luma);
          const measured = band.std / top.std;
          lines.push(
            `${band.luma.toFixed(2)}: ${band.std.toFixed(2)} (${measured.toFixed(3)}/${expected.toFixed(3)})`,
          );
          if (expected * top.std >= 0.5) {
            expect(measured, `${engine}, tone ${band.luma.toFixed(2)}`).toBeGreaterThanOrEqual(
              0.8 * expected,
            );
            expect(measured, `${engine}, tone ${band.luma.toFixed(2)}`).toBeLessThanOrEqual(1.2 * expected);
          } else {
            // Under half a level, rounding to 8 bits decides what is left: the grain must be as faint.
            expect(band.std, `${engine}, faint tone ${band.luma.toFixed(2)}`).toBeLessThan(1);
          }
        }
        test
          .info()
          .annotations.push({ type: `${engine} std by tone (ratio/curve)`, description: lines.join(', ') });
        expect(top.std, `${engine}: the peak band has grain to measure`).toBeGreaterThan(4);
      }
    });
  }

  test('tonal-grain: chroma 0 moves r, g and b together, chroma above 0 does not', async ({
    harness: page,
  }) => {
    const params = { amount: 0.1, size: 1.5 / (3 * BLOCK), seed: 5, curve: 0 as const };
    for (const engine of ENGINES) {
      const { output: mono } = await run(page, engine, BANDS, [
        { stage: 'tonal-grain', params: { ...params, chroma: 0 } },
      ]);
      const { output: colour } = await run(page, engine, BANDS, [
        { stage: 'tonal-grain', params: { ...params, chroma: 0.15 } },
      ]);
      const [flat, spread] = [channelSpread(mono), channelSpread(colour)];
      test.info().annotations.push({
        type: `${engine} channel spread`,
        description: `chroma 0: ${flat.toFixed(3)}, chroma 0.15: ${spread.toFixed(3)} levels`,
      });
      expect(flat, `${engine}: chroma 0`).toBeLessThanOrEqual(0.01);
      expect(spread, `${engine}: chroma 0.15`).toBeGreaterThan(3);
    }
  });
});

const SEEDED: [string, (seed: number) => StageInvocation, StageInvocation][] = [
  [
    'tonal-grain',
    (seed) => ({ stage: 'tonal-grain', params: { amount: 0.15, chroma: 0.1, size: 0.002, seed, curve: 0 } }),
    { stage: 'tonal-grain', params: { amount: 0, chroma: 0, size: 0.002, seed: 1, curve: 0 } },
  ],
  [
    'dust-scratches',
    (seed) => ({ stage: 'dust-scratches', params: { amount: 1, seed } }),
    { stage: 'dust-scratches', params: { amount: 0, seed: 1 } },
  ],
];

test.describe('seeded artefacts', () => {
  for (const [name, withSeed, off] of SEEDED) {
    test(`${name}: a seed gives the same pixels on every backend, another seed others, amount 0 the input`, async ({
      harness: page,
    }) => {
      const data = fixtureBase64(PHOTO);
      const first: Partial<Record<EngineKind, RgbaImage>> = {};
      for (const engine of ENGINES) {
        const { input, output } = await run(page, engine, data, [withSeed(7)]);
        const { output: other } = await run(page, engine, data, [withSeed(8)]);
        const { output: unchanged } = await run(page, engine, data, [off]);
        const between = psnr(output, other);
        test.info().annotations.push({
          type: `${engine}`,
          description: `seed 7 vs 8: ${between.toFixed(2)} dB, vs input ${psnr(output, input).toFixed(2)} dB`,
        });
        expect(between, `${engine}: seeds 7 and 8`).toBeLessThan(35);
        expect(maxAbsoluteError(unchanged, input), `${engine}: amount 0`).toBe(0);
        first[engine] = output;
      }
      for (const [a, b] of [
        ['webgpu', 'webgl2'],
        ['webgpu', 'cpu'],
        ['webgl2', 'cpu'],
      ] as const) {
        const across = psnr(first[a] as RgbaImage, first[b] as RgbaImage);
        test.info().annotations.push({ type: `${a} vs ${b}`, description: `${across.toFixed(2)} dB` });
        expect(across, `${a} against ${b}`).toBeGreaterThanOrEqual(45);
      }
    });
  }
});
