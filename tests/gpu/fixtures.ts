import { test as base, type Page } from '@playwright/test';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import type {} from './harness.ts';

/**
 * One harness page per Playwright worker, shared by every GPU test: its engine workers, backends and
 * compiled pipelines are made once instead of once per test.
 */
export const test = base.extend<object, { harness: Page }>({
  harness: [
    async ({ browser }, use, workerInfo) => {
      const page = await browser.newPage({ baseURL: workerInfo.project.use.baseURL });
      await page.goto('/tests/gpu/harness.html');
      await page.waitForSelector('body[data-ready=true]');
      await use(page);
      await page.close();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';

/** Runs a chain on a test photo on one backend in the harness; returns its input and output pixels. */
export async function runOnGpu(page: Page, engine: EngineKind, file: string, chain: StageInvocation[]) {
  const result = await page.evaluate(([engine, data, chain]) => window.harness.run(engine, data, chain), [
    engine,
    fixtureBase64(file),
    chain,
  ] as const);
  return {
    input: imageFromBase64(result.inputWidth, result.inputHeight, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
    passes: result.passes,
  };
}
