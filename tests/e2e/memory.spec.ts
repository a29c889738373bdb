import type { EngineKind } from '../../src/engine/protocol.ts';
import { canMeasureMemory, sampleTabMemory } from '../support/memory.ts';
import { expect, test } from '../support/fixtures.ts';

const LIMIT = 1.5 * 2 ** 30;

// The CPU backend keeps its textures in the worker's own memory, which the renderer's count includes.
for (const engine of ['webgpu', 'webgl2', 'cpu'] as EngineKind[]) {
  test(`a 24 MP photo loads, edits and saves on ${engine} with the tab under 1.5 GB`, async ({
    page,
    editor,
  }) => {
    // The tab's memory is read from /proc (Linux, as on CI); without it the check must fail, not pass silently.
    expect(canMeasureMemory(), 'needs /proc to read process memory').toBe(true);
    await editor.open(engine);
    const sampler = sampleTabMemory();
    await editor.load('generated-edge-cases/phone_24mp_6000x4000.jpg');
    for (const effect of ['ccdEffect', 'jpegSimulation', 'pg2016']) {
      await page.getByTestId(`effect-${effect}`).click();
      await editor.settled();
      await page.getByTestId('apply-button').click();
      await editor.settled();
    }
    const saved = await editor.save();
    const peak = sampler.stop();
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
    test.info().annotations.push({ type: 'memory', description: `${engine}: peak ${mb(peak)}` });
    console.log(`24 MP on ${engine}: renderer + GPU process peak ${mb(peak)}`);
    // The photo arrived (a 3:2 image was processed and saved) and the memory was really read.
    expect(saved.width / saved.height).toBeCloseTo(1.5, 1);
    expect(peak).toBeGreaterThan(32 * 2 ** 20);
    expect(peak).toBeLessThan(LIMIT);
  });
}
