// A step's strength in the runner, on the CPU backend without a browser: the mix stage reads the step's
// input (a step-input key the runner resolves), which the pool keeps until the mix has run.
import { describe, expect, it } from 'vitest';
import type { GpuTexture } from '../../src/engine/backend.ts';
import { createCpuBackend } from '../../src/engine/cpu/backend.ts';
import { StageRunner } from '../../src/engine/runner.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import { stepInputKey } from '../../src/pipeline/stages/mix/stage.ts';
import { RESIZE_AREA, RESIZE_SMOOTH } from '../../src/pipeline/stages/resize/stage.ts';

function setup() {
  const canvas = { getContext: () => ({}) } as unknown as OffscreenCanvas;
  const backend = createCpuBackend(canvas, () => undefined);
  if (!backend) throw new Error('no CPU backend');
  const runner = new StageRunner(backend);
  const input = runner.pool.adopt(backend.createTexture(37, 23, 'rgba8unorm'));
  // A fixed pseudo-random picture: every level of every channel, opaque.
  const bytes = (input as unknown as { data: Uint8Array }).data;
  let seed = 12345;
  for (let i = 0; i < bytes.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    bytes[i] = i % 4 === 3 ? 255 : seed >>> 24;
  }
  const pixels = (texture: GpuTexture) => backend.readPixels(texture);
  return { backend, runner, input, pixels };
}

/** Textures handed out and not given back (the pool's free ones are a cache). */
function inUse(runner: StageRunner): number {
  return runner.pool.liveCount - runner.pool.freeCount;
}

const LOOK: StageInvocation = { stage: 'vibrance', params: { vibrance: 1 } };

function step(chain: StageInvocation[], amount: number): StageInvocation[] {
  return [...chain, { stage: 'mix', params: { amount }, textures: { input: stepInputKey(chain.length) } }];
}

function maxDifference(a: Uint8Array, b: Uint8Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return worst;
}

describe("a step's strength in the runner", () => {
  it('gives the input at 0, the look at 1 and their mean at 0.5, in one fused pass', async () => {
    const { runner, input, pixels } = setup();
    const original = await pixels(input);
    const look = runner.run(input, [LOOK]);
    const lookPixels = await pixels(look);
    expect(maxDifference(lookPixels, original), 'the look changes the picture').toBeGreaterThan(20);
    const live = inUse(runner);
    for (const amount of [0, 0.5, 1]) {
      const before = runner.passCount;
      const mixed = runner.run(input, step([LOOK], amount));
      expect(runner.passCount - before, 'the mix runs in the pass of the look').toBe(1);
      const out = await pixels(mixed);
      runner.pool.release(mixed);
      const expected = original.map((value, i) =>
        Math.round(value + ((lookPixels[i] ?? 0) - value) * amount),
      );
      expect(maxDifference(out, expected), `amount ${amount}`).toBeLessThanOrEqual(amount === 0.5 ? 1 : 0);
    }
    expect(inUse(runner), 'nothing kept after the runs').toBe(live);
  });

  it('mixes each of two joined steps with its own input, as the steps run one by one', async () => {
    const { runner, input, pixels } = setup();
    const second: StageInvocation = { stage: 'vibrance', params: { vibrance: -0.7 } };
    const first = runner.run(input, step([LOOK], 0.5));
    const oneByOne = runner.run(first, step([second], 0.25));
    const expected = await pixels(oneByOne);
    runner.pool.release(first);
    runner.pool.release(oneByOne);
    const live = inUse(runner);
    const before = runner.passCount;
    const joined = runner.run(input, [...step([LOOK], 0.5), ...step([second], 0.25)]);
    // The second step's input is stored for its mix: a pass per step.
    expect(runner.passCount - before).toBe(2);
    expect(maxDifference(await pixels(joined), expected)).toBe(0);
    runner.pool.release(joined);
    expect(inUse(runner), "the first step's output went back to the pool").toBe(live);
  });

  it("mixes a step that changes the size with its input resized to the step's output", async () => {
    const { runner, input, pixels } = setup();
    const smaller: StageInvocation = {
      stage: 'resize',
      params: { width: 18, height: 11, mode: RESIZE_AREA },
    };
    const resized = runner.run(input, [
      { stage: 'resize', params: { width: 18, height: 11, mode: RESIZE_SMOOTH } },
    ]);
    const expected = await pixels(resized);
    runner.pool.release(resized);
    const live = inUse(runner);
    const none = runner.run(input, step([smaller, LOOK], 0));
    expect([none.width, none.height]).toEqual([18, 11]);
    expect(maxDifference(await pixels(none), expected)).toBe(0);
    runner.pool.release(none);
    expect(inUse(runner), 'the resized input went back to the pool').toBe(live);
  });

  it('takes a step input before the chain from the resolver, as a run a stage at a time hands it over', async () => {
    const { runner, input, pixels } = setup();
    const smaller: StageInvocation = {
      stage: 'resize',
      params: { width: 18, height: 11, mode: RESIZE_AREA },
    };
    const chain = step([smaller, LOOK], 0.5);
    const whole = runner.run(input, chain);
    const expected = await pixels(whole);
    runner.pool.release(whole);
    const live = inUse(runner);
    // The export's whole-image run: one invocation at a time, the step's input kept by the caller.
    const resized = runner.run(input, [smaller]);
    const looked = runner.run(resized, [LOOK]);
    const mixed = runner.run(looked, [chain[2] as StageInvocation], (key) => {
      if (key !== stepInputKey(2)) throw new Error(`unexpected ${key}`);
      return input;
    });
    expect(maxDifference(await pixels(mixed), expected)).toBe(0);
    for (const texture of [resized, looked, mixed]) runner.pool.release(texture);
    expect(inUse(runner), "the caller's input stays the caller's; its resized copy went back").toBe(live);
  });

  it('refuses a step input before the chain without a resolver that has it', () => {
    const { runner, input } = setup();
    const mixOnly: StageInvocation = {
      stage: 'mix',
      params: { amount: 0.5 },
      textures: { input: stepInputKey(1) },
    };
    expect(() => runner.run(input, [mixOnly])).toThrow();
  });
});
