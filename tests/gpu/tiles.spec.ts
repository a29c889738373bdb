import { expect, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { STAGES } from '../../src/engine/stages/index.ts';
import { chainReach } from '../../src/engine/worker/full-resolution.ts';
import type { RgbaImage } from '../reference/image.ts';
import { maxAbsoluteError, psnr } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import { STAGE_CASES } from './cases/index.ts';

// Issue 7: a stage that says how far it reaches (StageDefinition.reach) must give a tile the pixels the
// whole image has there, so that a full-resolution export in tiles shows no seams. Each such stage's
// cases run whole and in tiles of 160 px or so (kodim23 is 768 x 512: dozens of tiles, margins included).

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';
/** Tiles of 160 px, or larger where margins would fill them: at least 48 px of core inside the margins. */
function tileFor(reach: number): number {
  return Math.max(160, 2 * reach + 48);
}

function encode(resources: Record<string, RgbaImage>) {
  return Object.fromEntries(
    Object.entries(resources).map(([key, image]) => [
      key,
      { width: image.width, height: image.height, data: Buffer.from(image.data).toString('base64') },
    ]),
  );
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
  for (const stageCase of POSITION_FREE.has(stage.name) ? cases.slice(0, 1) : cases) {
    test(`${stage.name}: ${stageCase.label} gives the same pixels in tiles as whole`, async ({
      harness: page,
    }) => {
      const resources = encode(stageCase.resources?.() ?? {});
      // Every case photo is a 768 x 512 or 512 x 768 Kodak image.
      const tile = tileFor(chainReach(stageCase.chain, { width: 768, height: 512 }) ?? 0);
      for (const engine of ENGINES) {
        const result = await page.evaluate(
          ([engine, data, chain, tile, resources]) =>
            window.harness.runTiles(engine, data, chain, tile, resources),
          [engine, fixtureBase64(stageCase.photo ?? PHOTO), stageCase.chain, tile, resources] as const,
        );
        const whole = imageFromBase64(result.width, result.height, result.whole);
        const tiled = imageFromBase64(result.width, result.height, result.tiled);
        const score = psnr(tiled, whole);
        const worst = maxAbsoluteError(tiled, whole);
        test.info().annotations.push({
          type: engine,
          description: `${result.tiles} tiles, reach ${result.reach} px: ${score.toFixed(2)} dB, max error ${worst}`,
        });
        expect(result.tiles, 'the image was cut into tiles').toBeGreaterThan(4);
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
