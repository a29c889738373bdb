import { expect, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { STAGES } from '../../src/pipeline/stages/index.ts';
import { DEFAULT_MAX_TILE_PIXELS } from '../../src/engine/tiling.ts';
import { chainReach } from '../../src/engine/worker/export-step-plan.ts';
import { STAGE_CASES } from './cases/index.ts';
import type { TileScores, TilesSetup } from './harness-checks.ts';

// A stage that says how far it reaches (StageDefinition.reach) must give a tile the pixels the whole
// image has there, so that a full-resolution export in tiles shows no seams. Each such stage's cases run
// whole and in tiles of 320 px or so (kodim23 is 768 x 512: six tiles or more, margins included), and a
// few at the product's own tile size (DEFAULT_MAX_TILE_PIXELS) on the photo enlarged past it.
//
// Where tiles differ from the whole it is by a level or two, spread over the picture, not on the seams.
// Measured in bands by distance from the nearest seam: blur sigma 3.5 at 320 px has 4.1 % of the pixels
// within 4 px of a seam a level apart and 5.8 % of the rest; at the product's tile size 2.7 % and 9.3 %.
// Only WebGPU and WebGL2 (SwiftShader) differ there; the CPU backend, which runs the same tile plans
// (reach, low-resolution grid, margins), is exact on those cases. The worst are the gaussians run at half
// or a quarter resolution: every tap of their box filter falls on a texel corner and every read-back on a
// quarter texel, on the sampler's sub-texel steps, where a float position divided by the texture's width
// (a tile's texture has its own) can round to either side of a step. So the bounds are per case, a few dB
// under what they measure, and the seams' band is held to them and to the rest of the picture: a reach too
// small reads a tile's clamped edge as the picture there (a pixel short at full resolution: blur sigma 2
// falls to 73 dB beside the seams, 93 dB elsewhere; half the reach at low resolution: the CPU backend's
// seams fall to 68 dB), while rounding is no worse at a seam than anywhere else.

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
/** Tiles of 320 px, or larger where margins would fill them: at least 48 px of core inside the margins. */
function tileFor(reach: number): number {
  return Math.max(320, 2 * reach + 48);
}

/** What tiles may differ from the whole by: PSNR in dB and the largest difference in levels. */
interface Bound {
  psnr: number;
  worst: number;
}
/** The least any other neighbourhood case measures is 83 dB (halation at radius 0.02), 1 level at most. */
const NEIGHBOURHOOD_BOUND: Bound = { psnr: 80, worst: 1 };
/** Cases whose gaussian runs at half or a quarter resolution: what they measure at 320 px, less 3 dB. */
const BOUNDS: Record<string, Bound> = {
  // 64.99 dB, 2 levels.
  'blur: sigma 3.5': { psnr: 62, worst: 2 },
  // 65.05 dB, 2 levels.
  'sharpen: amount 0.5, radius 4': { psnr: 62, worst: 2 },
  // 70.39 dB, 1 level.
  'smart-blur: gaussian sigma 3 at 1/4 resolution': { psnr: 67, worst: 1 },
  // 74.95 dB, 1 level.
  'soft-corners: amount 1, radius 0.004': { psnr: 72, worst: 1 },
  // 93.17 dB, 2 levels on WebGPU at 0.01 % of the pixels: the nuke LUT steepens the blur's rounding.
  'mix: a Filters LUT at 0.3, after a blur': { psnr: 90, worst: 2 },
};

/**
 * Cases run at the product's own tile size, on kodim23 enlarged 3.3 times (2534 x 1690, 4.3 MP: two
 * tiles side by side) with fine detail added: the case with the most sub-texel rounding (62.89 dB, 2
 * levels), and the widest margin, a spread mask of 2 % of the long side (106.91 dB, 1 level). What they
 * measure there, less about 3 dB.
 */
const PRODUCT: { stage: string; label: string; bound: Bound }[] = [
  { stage: 'blur', label: 'sigma 3.5', bound: { psnr: 60, worst: 2 } },
  { stage: 'halation', label: 'amount 0.8, radius 0.02, threshold 0.6', bound: { psnr: 103, worst: 1 } },
];
const ENLARGE = 3.3;
/** PSNR beside the seams above which they are not compared with the rest (see expectTiles). */
const SEAM_FLOOR = 80;

const tileable = [...STAGES.values()].filter((stage) => stage.reach !== undefined);

test('the stages that can run in tiles are the ones the full-resolution export needs', () => {
  expect(tileable.map((stage) => stage.name).sort()).toEqual(
    [
      'bilateral',
      'blur',
      'copy',
      'date-stamp',
      'dual-vignette',
      'dust-scratches',
      'fringing',
      'grain',
      'halation',
      'light-leak',
      'lut',
      'mix',
      'sharpen',
      'smart-blur',
      'soft-corners',
      'tonal-grain',
      'vibrance',
      'vignette',
    ].sort(),
  );
});

/** Stages whose pixels depend on nothing but themselves: one case shows they are exact in tiles. */
const POSITION_FREE = new Set(['copy', 'vibrance', 'lut']);

/** Each backend's scores held to `bound`: whole, and in the seams' band. */
function expectTiles(results: TileScores[], bound: Bound, leastTiles: number) {
  expect(results.map((r) => r.engine)).toEqual(ENGINES);
  for (const { engine, tiles, reach, held, psnr: score, worst, seam, rest } of results) {
    test.info().annotations.push({
      type: engine,
      description:
        `${tiles} tiles, reach ${reach} px: ${score.toFixed(2)} dB, max error ${worst}; ` +
        `seams ${seam.psnr.toFixed(2)} dB (${(100 * seam.changed).toFixed(2)} % changed), ` +
        `rest ${rest.psnr.toFixed(2)} dB (${(100 * rest.changed).toFixed(2)} %)`,
    });
    expect(tiles, 'the image was cut into tiles').toBeGreaterThanOrEqual(leastTiles);
    // A texture kept from each tile adds up to a gigabyte over a 120 MP photo.
    expect(held, `${engine}: textures the pool gained from tile to tile`).toBe(0);
    if (reach === 0) {
      // Pointwise: a pixel sees only itself and where it is, so a tile is exact.
      expect(worst, `${engine}: pointwise stages are exact in tiles`).toBe(0);
      continue;
    }
    expect(worst, `${engine}: largest difference of tiles from the whole`).toBeLessThanOrEqual(bound.worst);
    expect(score, `${engine}: PSNR of tiles against the whole`).toBeGreaterThanOrEqual(bound.psnr);
    // The pixels beside a seam: a margin short of the reach reads the tile's clamped edge there.
    expect(seam.pixels, 'the seams have a band').toBeGreaterThan(0);
    expect(seam.worst, `${engine}: largest difference beside a seam`).toBeLessThanOrEqual(bound.worst);
    expect(seam.psnr, `${engine}: PSNR beside the seams`).toBeGreaterThanOrEqual(bound.psnr);
    // Rounding is no worse beside a seam than elsewhere (3 dB for the band's few pixels); above
    // SEAM_FLOOR the band has only a handful of pixels a level apart, too few to compare.
    expect(seam.psnr, `${engine}: PSNR beside the seams against the rest`).toBeGreaterThanOrEqual(
      Math.min(SEAM_FLOOR, rest.psnr - 3),
    );
  }
}

for (const stage of tileable) {
  const cases = STAGE_CASES[stage.name] ?? [];
  for (const [index, stageCase] of (POSITION_FREE.has(stage.name) ? cases.slice(0, 1) : cases).entries()) {
    // A case whose chain has a stage that needs the whole image (mix's after a resize) runs whole only.
    if (chainReach(stageCase.chain, { width: 768, height: 512 }) === null) continue;
    test(`${stage.name}: ${stageCase.label} gives the same pixels in tiles as whole`, async ({
      harness: page,
    }) => {
      // Every case photo is a 768 x 512 or 512 x 768 Kodak image.
      const setup: TilesSetup = {
        tileLimit: tileFor(chainReach(stageCase.chain, { width: 768, height: 512 }) ?? 0),
        enlarge: 1,
      };
      // Run and measured in the page (harness-checks.ts): only the scores come back.
      const results = await page.evaluate(
        ([stage, index, setup, engines]) => window.harness.checkTiles(stage, index, setup, engines),
        [stage.name, index, setup, ENGINES] as const,
      );
      expectTiles(results, BOUNDS[`${stage.name}: ${stageCase.label}`] ?? NEIGHBOURHOOD_BOUND, 6);
    });
  }
}

for (const { stage, label, bound } of PRODUCT) {
  test(`${stage}: ${label} gives the same pixels in the product's own tiles as whole`, async ({
    harness: page,
  }) => {
    const index = (STAGE_CASES[stage] ?? []).findIndex((c) => c.label === label);
    expect(index, `${stage} has a case ${label}`).toBeGreaterThanOrEqual(0);
    const results = await page.evaluate(
      ([stage, index, setup, engines]) => window.harness.checkTiles(stage, index, setup, engines),
      [stage, index, { tileLimit: null, enlarge: ENLARGE }, ENGINES] as const,
    );
    for (const { width, height } of results)
      expect(width * height, 'the picture is larger than one tile').toBeGreaterThan(DEFAULT_MAX_TILE_PIXELS);
    expectTiles(results, bound, 2);
  });
}
