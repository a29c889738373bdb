import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { EFFECTS } from '../../src/effects/index.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { meanAbsoluteError, psnr } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import type {} from './harness.ts';

const PHOTOS = ['kodak/kodim03.png', 'kodak/kodim23.png'];
/** Each backend is held to WebGL2, the one every browser family has. */
const COMPARED: readonly EngineKind[] = ['webgpu', 'cpu'];

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
    test(`${effect.id}: WebGPU and the CPU agree with WebGL2 (at least 40 dB) on kodim03 and kodim23`, async ({
      harness: page,
    }) => {
      for (const photo of PHOTOS) {
        const gl = await runEffect(page, 'webgl2', photo, effect.id);
        for (const engine of COMPARED) {
          const other = await runEffect(page, engine, photo, effect.id);
          expect([other.output.width, other.output.height]).toEqual([gl.output.width, gl.output.height]);
          const score = psnr(other.output, gl.output);
          test.info().annotations.push({
            type: `${photo} ${engine} vs WebGL2`,
            description: `${score.toFixed(2)} dB, MAE ${meanAbsoluteError(other.output, gl.output).toFixed(3)}`,
          });
          expect(score, `${photo} ${engine}`).toBeGreaterThanOrEqual(40);
        }
      }
    });
  }
});
