import type { Page } from '@playwright/test';
import type {} from '../../src/editor/editor-test-hooks.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { EFFECTS } from '../../src/effects/index.ts';
import { expect, test } from '../support/fixtures.ts';
import { smallPhoto } from '../support/images.ts';

/** Every effect the worker runs (the collage is drawn on the main thread). */
const WORKER_EFFECTS = EFFECTS.filter((effect) => effect.id !== 'collageEffect').map((effect) => effect.id);
/**
 * Cycles after the warm-up round: one more round of the effect list by default (a leak of one object a
 * cycle shows as unequal counts after it); `npm run bench -- --scale=soak` runs 300 (SOAK_CYCLES).
 */
const CYCLES = Number(process.env.SOAK_CYCLES ?? WORKER_EFFECTS.length);

/** Main-thread JS heap in use after a full garbage collection, in bytes. */
async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/**
 * Runs one cycle in the page: choose the effect (it applies at its defaults), commit it, undo it. Each step
 * waits for the editor's status history to reach its answer, so cycles run back to back without polling.
 */
async function cycles(page: Page, effects: string[]): Promise<void> {
  await page.evaluate(async (ids) => {
    const hooks = window.__retrocam;
    if (!hooks) throw new Error('test hooks missing');
    const wait = async (what: string, done: () => boolean) => {
      const started = performance.now();
      while (!done()) {
        if (performance.now() - started > 20_000) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    /** Clicks a button once React has rendered it enabled. */
    const click = async (testId: string) => {
      const find = () => document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
      await wait(`${testId} enabled`, () => find()?.disabled === false);
      find()?.click();
    };
    const undoEnabled = () =>
      document.querySelector<HTMLButtonElement>('[data-testid="undo-button"]')?.disabled === false;
    /**
     * Resolves once the status history has grown past `from` and ends on ImageReady, or (a commit, which the
     * editor shows without a busy status) once undo has become possible.
     */
    const ready = async (from: number, committing: boolean) => {
      const started = performance.now();
      for (;;) {
        const seen = hooks.statuses();
        const last = seen.at(-1);
        const done = committing ? undoEnabled() : seen.length > from;
        if (done && last === 'ImageReady') return;
        if (last === 'Error' || last === 'WorkerError') throw new Error(`status ${last}`);
        if (performance.now() - started > 20_000)
          throw new Error(`stuck after ${seen.slice(from).join(',')}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const step = async (testId: string) => {
      const from = hooks.statuses().length;
      await click(testId);
      await ready(from, testId === 'apply-button');
    };
    for (const id of ids) {
      await wait('undo disabled before a cycle', () => !undoEnabled());
      await step(`effect-${id}`);
      await step('apply-button');
      await step('undo-button');
    }
  }, effects);
}

// The two backends' soaks are independent: with two Playwright workers they run side by side.
test.describe.configure({ mode: 'parallel' });

for (const engine of ['webgpu', 'webgl2'] as EngineKind[]) {
  test(`soak on ${engine}: ${CYCLES} cycles of apply, commit and undo after a warm-up round keep GPU objects equal and heap flat`, async ({
    page,
    editor,
  }) => {
    test.setTimeout(Math.max(120_000, CYCLES * 1_000));
    await editor.open(engine, 'testHooks=1');
    // A 128-pixel photo: the soak counts objects and heap, which do not depend on the photo's size, and on
    // SwiftShader every pass costs by the pixel.
    await editor.load(smallPhoto());
    // One warm-up round: pipelines, pooled textures and uniform blocks for every effect are made here.
    await cycles(page, WORKER_EFFECTS);
    const before = await page.evaluate(() => window.__retrocam?.stats());
    const heapBefore = await heapAfterGc(page);

    const order = Array.from(
      { length: CYCLES },
      (_, i) => WORKER_EFFECTS[i % WORKER_EFFECTS.length] as string,
    );
    await cycles(page, order);

    const after = await page.evaluate(() => window.__retrocam?.stats());
    const heapAfter = await heapAfterGc(page);
    const growthMb = (heapAfter - heapBefore) / 2 ** 20;
    test.info().annotations.push({
      type: 'soak',
      description: `${engine}: GPU objects ${JSON.stringify(before)} -> ${JSON.stringify(after)}; heap ${(
        heapBefore /
        2 ** 20
      ).toFixed(1)} MB -> ${(heapAfter / 2 ** 20).toFixed(1)} MB`,
    });
    console.log(test.info().annotations.at(-1)?.description);
    expect(before?.textures).toBeGreaterThan(0);
    expect(after).toEqual(before);
    expect(growthMb).toBeLessThan(20);
    await expect(page.getByTestId('undo-button')).toBeDisabled();
    await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady');
  });
}
