import { expect, runOnGpu, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { maxAbsoluteError, psnr } from '../reference/metrics.ts';
import { STAGE_CASES } from './cases/index.ts';

// The CPU backend runs every stage case too, against the same reference and thresholds.
const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';

test.describe('stages against their CPU references', () => {
  for (const [stage, cases] of Object.entries(STAGE_CASES)) {
    for (const [index, stageCase] of cases.entries()) {
      test(`${stage}: ${stageCase.label} matches the reference on every backend, and they match each other`, async ({
        harness: page,
      }) => {
        // Run, referenced and measured in the page (harness-checks.ts): only the scores come back.
        const { scores, across } = await page.evaluate(
          ([stage, index, engines]) => window.harness.checkStage(stage, index, engines),
          [stage, index, ENGINES] as const,
        );
        expect(scores.map((s) => s.engine)).toEqual(ENGINES);
        for (const { engine, psnr: score, meanError } of scores) {
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
        }
        expect(across.map((a) => a.engine).sort()).toEqual(['cpu', 'webgpu']);
        for (const { engine: other, psnr: score } of across) {
          test.info().annotations.push({ type: `${other} vs WebGL2`, description: `${score.toFixed(2)} dB` });
          expect(score, `${other} against WebGL2`).toBeGreaterThanOrEqual(Math.min(stageCase.minPsnr, 45));
        }
      });
    }
  }

  test(
    'vibrance 0 returns the input within 1 level per channel on every backend',
    { tag: '@quick' },
    async ({ harness: page }) => {
      for (const engine of ENGINES) {
        const { input, output } = await runOnGpu(page, engine, PHOTO, [
          { stage: 'vibrance', params: { vibrance: 0 } },
        ]);
        expect(maxAbsoluteError(input, output), engine).toBeLessThanOrEqual(1);
      }
    },
  );

  test(
    'a stage that changes pixels is told apart from one that does not',
    { tag: '@quick' },
    async ({ harness: page }) => {
      // Guards the comparison itself: strong vibrance must fall well below the 45 dB bar against the input.
      const { input, output } = await runOnGpu(page, 'webgl2', PHOTO, [
        { stage: 'vibrance', params: { vibrance: 1 } },
      ]);
      expect(psnr(input, output)).toBeLessThan(35);
    },
  );
});
