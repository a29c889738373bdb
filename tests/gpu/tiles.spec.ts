import { expect, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { STAGES } from '../../src/engine/stages/index.ts';
import { chainReach } from '../../src/engine/worker/step-plan.ts';
import { STAGE_CASES } from './cases/index.ts';

// Issue 7: a stage that says how far it reaches (StageDefinition.reach) must give a tile the pixels the
// whole image has there, so that a full-resolution export in tiles shows no seams. Each such stage's
// cases run whole and in tiles of 160 px or so (kodim23 is 768 x 512: dozens of tiles, margins included).
// (At 320 px, blur sigma 3.5 and sharpen radius 4 differ from the whole by 2 levels on WebGPU: the tile
// origins decide where bilinear taps round, so the small tiles stay, as many origins as possible.)

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
/** Tiles of 160 px, or larger where margins would fill them: at least 48 px of core inside the margins. */
function tileFor(reach: number): number {
  return Math.max(160, 2 * reach + 48);
}

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

for (const stage of tileable) {
  const cases = STAGE_CASES[stage.name] ?? [];
  for (const [index, stageCase] of (POSITION_FREE.has(stage.name) ? cases.slice(0, 1) : cases).entries()) {
    test(`${stage.name}: ${stageCase.label} gives the same pixels in tiles as whole`, async ({
      harness: page,
    }) => {
      // Every case photo is a 768 x 512 or 512 x 768 Kodak image.
      const tile = tileFor(chainReach(stageCase.chain, { width: 768, height: 512 }) ?? 0);
      // Run and measured in the page (harness-checks.ts): only the scores come back.
      const results = await page.evaluate(
        ([stage, index, tile, engines]) => window.harness.checkTiles(stage, index, tile, engines),
        [stage.name, index, tile, ENGINES] as const,
      );
      expect(results.map((r) => r.engine)).toEqual(ENGINES);
      for (const { engine, tiles, reach, held, psnr: score, worst } of results) {
        const result = { tiles, reach };
        test.info().annotations.push({
          type: engine,
          description: `${tiles} tiles, reach ${reach} px: ${score.toFixed(2)} dB, max error ${worst}`,
        });
        expect(result.tiles, 'the image was cut into tiles').toBeGreaterThan(4);
        // A texture kept from each tile adds up to a gigabyte over a 120 MP photo.
        expect(held, `${engine}: textures the pool gained from tile to tile`).toBe(0);
        if (result.reach === 0) {
          // Pointwise: a pixel sees only itself and where it is, so a tile is exact.
          expect(worst, `${engine}: pointwise stages are exact in tiles`).toBe(0);
        } else {
          // Neighbourhoods read the same texels on the same (low-resolution) grid; only the float
          // positions of bilinear taps, measured from each tile's corner, may round a level apart.
          expect(worst, `${engine}: largest difference of tiles from the whole`).toBeLessThanOrEqual(1);
          expect(score, `${engine}: PSNR of tiles against the whole`).toBeGreaterThanOrEqual(60);
        }
      }
    });
  }
}
