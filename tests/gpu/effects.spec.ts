import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { EFFECTS } from '../../src/effects/index.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { meanAbsoluteError, psnr } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import type {} from './harness.ts';

const PHOTOS = ['kodak/kodim03.png', 'kodak/kodim23.png'];
const ENGINES: EngineKind[] = ['webgpu', 'webgl2'];

async function runEffect(page: Page, engine: EngineKind, photo: string, effectId: string, settings = {}) {
  const result = await page.evaluate(
    ([engine, data, effectId, settings]) => window.harness.runEffect(engine, data, effectId, settings),
    [engine, fixtureBase64(photo), effectId, settings] as const,
  );
  return {
    input: imageFromBase64(result.inputWidth, result.inputHeight, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
  };
}

test.describe('every effect at its defaults', () => {
  for (const effect of EFFECTS.filter((e) => e.runsOn === 'worker')) {
    test(`${effect.id}: WebGPU and WebGL2 agree (at least 40 dB) on kodim03 and kodim23`, async ({
      harness: page,
    }) => {
      for (const photo of PHOTOS) {
        const [gpu, gl] = [
          await runEffect(page, ENGINES[0] as EngineKind, photo, effect.id),
          await runEffect(page, ENGINES[1] as EngineKind, photo, effect.id),
        ];
        expect([gpu.output.width, gpu.output.height]).toEqual([gl.output.width, gl.output.height]);
        const score = psnr(gpu.output, gl.output);
        test.info().annotations.push({
          type: `${photo} WebGPU vs WebGL2`,
          description: `${score.toFixed(2)} dB, MAE ${meanAbsoluteError(gpu.output, gl.output).toFixed(3)}`,
        });
        expect(score, photo).toBeGreaterThanOrEqual(40);
      }
    });
  }
});
