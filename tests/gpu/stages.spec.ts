import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/engine/stages/invocation.ts';
import type { RgbaImage } from '../reference/image.ts';
import { runReference } from '../reference/index.ts';
import { maxAbsoluteError, meanAbsoluteError, psnr } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import type { EncodedResources } from './harness.ts';
import { STAGE_CASES } from './cases/index.ts';

// The CPU backend runs every stage case too, against the same reference and thresholds.
const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';

function encodeResources(resources: Record<string, RgbaImage>): EncodedResources {
  return Object.fromEntries(
    Object.entries(resources).map(([key, image]) => [
      key,
      { width: image.width, height: image.height, data: Buffer.from(image.data).toString('base64') },
    ]),
  );
}

function sameImage(a: RgbaImage, b: RgbaImage): boolean {
  return a.width === b.width && a.height === b.height && Buffer.compare(a.data, b.data) === 0;
}

async function runOnGpu(
  page: Page,
  engine: EngineKind,
  file: string,
  chain: StageInvocation[],
  resources: Record<string, RgbaImage> = {},
) {
  const result = await page.evaluate(
    ([engine, data, chain, resources]) => window.harness.run(engine, data, chain, resources),
    [engine, fixtureBase64(file), chain, encodeResources(resources)] as const,
  );
  return {
    input: imageFromBase64(result.inputWidth, result.inputHeight, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
  };
}

test.describe('stages against their CPU references', () => {
  for (const [stage, cases] of Object.entries(STAGE_CASES)) {
    for (const stageCase of cases) {
      test(`${stage}: ${stageCase.label} matches the reference on every backend, and they match each other`, async ({
        harness: page,
      }) => {
        const outputs: Partial<Record<EngineKind, RgbaImage>> = {};
        const resources = stageCase.resources?.() ?? {};
        // The reference of each input the backends were given: one photo decoded once, so normally one.
        let known: { input: RgbaImage; reference: RgbaImage } | null = null;
        for (const engine of ENGINES) {
          const photo = stageCase.photo ?? PHOTO;
          const { input, output } = await runOnGpu(page, engine, photo, stageCase.chain, resources);
          if (!known || !sameImage(known.input, input))
            known = { input, reference: runReference(input, stageCase.chain, resources) };
          const { reference } = known;
          const score = psnr(output, reference);
          const meanError = meanAbsoluteError(output, reference);
          test.info().annotations.push({
            type: `${engine} vs CPU`,
            description: `${score.toFixed(2)} dB, MAE ${meanError.toFixed(3)}`,
          });
          expect(score, `${engine} PSNR against the CPU reference`).toBeGreaterThanOrEqual(stageCase.minPsnr);
          if (stageCase.maxMeanError !== undefined) {
            expect(meanError, `${engine} mean error against the CPU reference`).toBeLessThanOrEqual(
              stageCase.maxMeanError,
            );
          }
          outputs[engine] = output;
        }
        for (const other of ['webgpu', 'cpu'] as const) {
          const across = psnr(outputs[other] as RgbaImage, outputs.webgl2 as RgbaImage);
          test
            .info()
            .annotations.push({ type: `${other} vs WebGL2`, description: `${across.toFixed(2)} dB` });
          expect(across, `${other} against WebGL2`).toBeGreaterThanOrEqual(Math.min(stageCase.minPsnr, 45));
        }
      });
    }
  }

  test('vibrance 0 returns the input within 1 level per channel on every backend', async ({
    harness: page,
  }) => {
    for (const engine of ENGINES) {
      const { input, output } = await runOnGpu(page, engine, PHOTO, [
        { stage: 'vibrance', params: { vibrance: 0 } },
      ]);
      expect(maxAbsoluteError(input, output), engine).toBeLessThanOrEqual(1);
    }
  });

  test('a stage that changes pixels is told apart from one that does not', async ({ harness: page }) => {
    // Guards the comparison itself: strong vibrance must fall well below the 45 dB bar against the input.
    const { input, output } = await runOnGpu(page, 'webgl2', PHOTO, [
      { stage: 'vibrance', params: { vibrance: 1 } },
    ]);
    expect(psnr(input, output)).toBeLessThan(35);
  });
});
