import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { getStage } from '../../src/pipeline/stages/index.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import type { RgbaImage } from '../reference/image.ts';
import { maxAbsoluteError, psnr } from '../reference/metrics.ts';
import { fromDiscs, scaled, withDiscs, type Disc } from '../support/highlights.ts';
import { fixturePath, imageFromBase64 } from '../support/images.ts';
import { decodePng, encodePng } from '../support/png.ts';

// Issue 25: smear, fringing and halation follow the image's own highlights. A photo with nothing clipped
// must come through smear and fringing untouched; white discs drawn on a darkened photo must draw stripes
// in their columns, purple fringes at their edges and a red rim around them, and nothing anywhere else.

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = decodePng(readFileSync(fixturePath('kodak/kodim23.png')));
const SIZE = { width: PHOTO.width, height: PHOTO.height };
/** kodim23 (3.5 % of it clipped) scaled to 0..0.85: nothing near the clip measure's 0.94. */
const UNCLIPPED = scaled(PHOTO, 0.85);
const DISCS: Disc[] = [
  { x: 150, y: 120, radius: 10 },
  { x: 400, y: 300, radius: 10 },
  { x: 620, y: 200, radius: 14 },
  { x: 280, y: 430, radius: 6 },
  { x: 520, y: 420, radius: 8 },
  { x: 60, y: 330, radius: 12 },
];
/** The photo scaled to 0..0.6 with white discs: the discs are the only highlights. */
const LIT = withDiscs(scaled(PHOTO, 0.6), DISCS);

const SMEAR: StageInvocation = { stage: 'smear', params: { amount: 1 } };
const FRINGING: StageInvocation = { stage: 'fringing', params: { amount: 1, radius: 0.003 } };
const HALATION: StageInvocation = { stage: 'halation', params: { amount: 1, radius: 0.008, threshold: 0.8 } };

async function run(page: Page, engine: EngineKind, image: RgbaImage, chain: StageInvocation[]) {
  const result = await page.evaluate(([engine, data, chain]) => window.harness.run(engine, data, chain), [
    engine,
    encodePng(image).toString('base64'),
    chain,
  ] as const);
  const input = imageFromBase64(result.inputWidth, result.inputHeight, result.input);
  // The drawn image reaches the engine byte for byte, so changes are the stage's alone.
  expect(maxAbsoluteError(input, image), `${engine}: the drawn image as decoded`).toBe(0);
  return imageFromBase64(result.width, result.height, result.output);
}

/** Per pixel, the summed absolute change of r, g and b, and the signed change of each. */
function changes(before: RgbaImage, after: RgbaImage) {
  const n = before.width * before.height;
  const total = new Float64Array(n);
  const signed = [new Float64Array(n), new Float64Array(n), new Float64Array(n)] as const;
  for (let i = 0; i < n; i++) {
    signed.forEach((channel, c) => {
      const d = (after.data[4 * i + c] ?? 0) - (before.data[4 * i + c] ?? 0);
      channel[i] = d;
      total[i] = (total[i] ?? 0) + Math.abs(d);
    });
  }
  return { total, signed };
}

/** Sum, mean and largest of `values` over the pixels `where` picks. */
function over(values: Float64Array, where: (x: number, y: number) => boolean) {
  let sum = 0;
  let count = 0;
  let max = 0;
  for (let y = 0; y < SIZE.height; y++) {
    for (let x = 0; x < SIZE.width; x++) {
      if (!where(x, y)) continue;
      const value = values[y * SIZE.width + x] ?? 0;
      sum += value;
      max = Math.max(max, value);
      count++;
    }
  }
  return { sum, max, mean: count > 0 ? sum / count : 0 };
}

function note(type: string, description: string) {
  test.info().annotations.push({ type, description });
  console.log(`${test.info().title} | ${type}: ${description}`);
}

/** The discs' own pixels (whose centres lie a pixel or more inside) are still pure white. */
function expectWhiteDiscs(output: RgbaImage, engine: EngineKind) {
  const inside = (x: number, y: number) => fromDiscs(DISCS, x, y) <= -1;
  let darkest = 255;
  for (let y = 0; y < SIZE.height; y++) {
    for (let x = 0; x < SIZE.width; x++) {
      if (!inside(x, y)) continue;
      const i = (y * SIZE.width + x) * 4;
      darkest = Math.min(darkest, output.data[i] ?? 0, output.data[i + 1] ?? 0, output.data[i + 2] ?? 0);
    }
  }
  expect(darkest, `${engine}: the darkest channel inside the discs`).toBe(255);
}

test.describe('camera artefacts follow clipped highlights', () => {
  for (const stage of [SMEAR, FRINGING]) {
    test(`${stage.stage} leaves a photo with nothing clipped unchanged and changes one with clipped discs`, async ({
      harness: page,
    }) => {
      for (const engine of ENGINES) {
        const calm = await run(page, engine, UNCLIPPED, [stage]);
        const calmScore = psnr(calm, UNCLIPPED);
        const lit = await run(page, engine, LIT, [stage]);
        const litScore = psnr(lit, LIT);
        note(engine, `nothing clipped ${calmScore.toFixed(2)} dB, discs ${litScore.toFixed(2)} dB`);
        expect(calmScore, `${engine}: PSNR against the input with nothing clipped`).toBeGreaterThanOrEqual(
          50,
        );
        expect(litScore, `${engine}: PSNR against the input with clipped discs`).toBeLessThan(40);
      }
    });
  }

  test('smear draws its stripes in the discs’ columns only', async ({ harness: page }) => {
    // A clipped column's stripe is softened over 3 sigma (0.0015 of the long side, 1.2 px) either side.
    const spread = Math.ceil(3 * 0.0015 * SIZE.width);
    const inColumns = (x: number) => DISCS.some((d) => Math.abs(x + 0.5 - d.x) <= d.radius + spread + 1);
    for (const engine of ENGINES) {
      const { total } = changes(LIT, await run(page, engine, LIT, [SMEAR]));
      const inside = over(total, (x) => inColumns(x)).mean;
      const outside = over(total, (x) => !inColumns(x)).mean;
      note(
        engine,
        `mean change ${inside.toFixed(2)} levels in the discs' columns, ${outside.toFixed(3)} elsewhere`,
      );
      expect(inside, `${engine}: mean change in the discs' columns`).toBeGreaterThan(30);
      expect(outside, `${engine}: mean change in the other columns`).toBeLessThan(inside / 100);
    }
  });

  test('fringing tints the dark side of the discs’ edges purple-blue, nowhere else, and keeps them white', async ({
    harness: page,
  }) => {
    const radius = 0.003 * SIZE.width;
    const reach = getStage('fringing').reach?.(FRINGING.params, SIZE) ?? 0;
    for (const engine of ENGINES) {
      const output = await run(page, engine, LIT, [FRINGING]);
      const { total, signed } = changes(LIT, output);
      const distance = (x: number, y: number) => fromDiscs(DISCS, x, y);
      const rim = (x: number, y: number) => distance(x, y) > 0 && distance(x, y) <= radius;
      const near = (x: number, y: number) => distance(x, y) <= 4 * radius;
      const nearShare = over(total, near).sum / over(total, () => true).sum;
      const farthest = over(total, (x, y) => distance(x, y) > 4 * radius).max;
      const beyondReach = over(total, (x, y) => distance(x, y) > reach).max;
      const [red, green, blue] = signed.map((values) => over(values, rim).mean) as [number, number, number];
      note(
        engine,
        `${(100 * nearShare).toFixed(2)} % of the change within 4 radii (${(4 * radius).toFixed(1)} px); ` +
          `largest change beyond ${farthest}, beyond the reach (${reach} px) ${beyondReach}; ` +
          `rim mean change r ${red.toFixed(1)}, g ${green.toFixed(1)}, b ${blue.toFixed(1)}`,
      );
      expect(nearShare, `${engine}: share of the change within 4 radii of the discs' edges`).toBeGreaterThan(
        0.99,
      );
      expect(farthest, `${engine}: largest change (r + g + b) beyond 4 radii`).toBeLessThanOrEqual(3);
      expect(beyondReach, `${engine}: largest change beyond the stage's reach`).toBe(0);
      expect(blue, `${engine}: the rim's blue rises`).toBeGreaterThan(20);
      expect(blue - green, `${engine}: the rim turns purple-blue (blue against green)`).toBeGreaterThan(30);
      expectWhiteDiscs(output, engine);
    }
  });

  test('halation adds more red than blue around a white disc and leaves pixels far from it unchanged', async ({
    harness: page,
  }) => {
    const sigma = 0.008 * SIZE.width;
    const reach = getStage('halation').reach?.(HALATION.params, SIZE) ?? 0;
    for (const engine of ENGINES) {
      const output = await run(page, engine, LIT, [HALATION]);
      const { total, signed } = changes(LIT, output);
      const distance = (x: number, y: number) => fromDiscs(DISCS, x, y);
      const rim = (x: number, y: number) => distance(x, y) > 0 && distance(x, y) <= 2 * sigma;
      const [red, green, blue] = signed.map((values) => over(values, rim).mean) as [number, number, number];
      const beyondReach = over(total, (x, y) => distance(x, y) > reach).max;
      note(
        engine,
        `rim (2 sigma, ${(2 * sigma).toFixed(1)} px) mean change r ${red.toFixed(1)}, g ${green.toFixed(1)}, ` +
          `b ${blue.toFixed(1)}; largest change beyond the reach (${reach} px) ${beyondReach}`,
      );
      expect(red, `${engine}: the rim's red rises`).toBeGreaterThan(20);
      expect(red, `${engine}: red rises over three times as much as blue`).toBeGreaterThan(3 * blue);
      expect(beyondReach, `${engine}: largest change beyond the stage's reach`).toBe(0);
      expectWhiteDiscs(output, engine);
    }
  });

  test('amount 0 returns the input unchanged on every backend', async ({ harness: page }) => {
    for (const stage of [SMEAR, FRINGING, HALATION]) {
      for (const engine of ENGINES) {
        const off = { ...stage, params: { ...stage.params, amount: 0 } } as StageInvocation;
        const worst = maxAbsoluteError(await run(page, engine, LIT, [off]), LIT);
        expect(worst, `${stage.stage} on ${engine}: largest change at amount 0`).toBe(0);
      }
    }
  });
});
