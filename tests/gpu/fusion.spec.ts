// The per-pixel stages after a stage run in its last pass, on each value before it is stored
// (src/engine/epilogue-fusion.ts): the fused pass must give what the stages give one by one, on both backends, and
// what the CPU references give.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bakeLook } from '../../src/grading/looks/index.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import type { RgbaImage } from '../reference/image.ts';
import { runReference } from '../reference/index.ts';
import { psnr } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';
import type {} from './harness.ts';

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';

interface FusionCase {
  label: string;
  chain: StageInvocation[];
  /** Passes saved: n per-pixel stages after a pass run in it, where one by one they take n passes. */
  saved: number;
  resources?: Record<string, RgbaImage>;
}

const CASES: FusionCase[] = [
  {
    // The Filters effect's stages: a LUT (an extra texture), a vignette and grain, each with uniforms.
    label: 'lut, vignette, grain',
    chain: [
      { stage: 'lut', params: { intensity: 0.8, size: 33 }, textures: { lut: 'lut:nashville' } },
      { stage: 'vignette', params: { amount: 0.55, size: 0.45, softness: 0.55, color: [0, 0, 0] } },
      { stage: 'grain', params: { amount: 0.08, size: 1.4, seed: 2016 } },
    ],
    saved: 2,
    resources: { 'lut:nashville': bakeLook('nashville') },
  },
  {
    // Every other per-pixel stage, with two LUTs in one pass, and a blur ending the run.
    label: 'vibrance, noise, dual-vignette, lut, lut, then a blur',
    chain: [
      { stage: 'vibrance', params: { vibrance: 0.6 } },
      { stage: 'noise', params: { amount: 0.1, monochrome: 0, blendMode: 1, shadowAmount: 0.3, seed: 9 } },
      {
        stage: 'dual-vignette',
        params: {
          innerSize: 0.35,
          innerStrength: 0.45,
          innerColor: [1, 0.48, 0.24],
          innerSoftness: 0.6,
          outerSize: 0.7,
          outerStrength: 0.85,
          outerColor: [0, 0, 0],
          outerSoftness: 0.35,
        },
      },
      { stage: 'lut', params: { intensity: 1, size: 33 }, textures: { lut: 'lut:nashville' } },
      { stage: 'lut', params: { intensity: 0.5, size: 33 }, textures: { lut: 'lut:b&w' } },
      { stage: 'blur', params: { sigma: 1.5, downsample: 1 } },
    ],
    // Five stages in one pass, then the blur's own.
    saved: 4,
    resources: { 'lut:nashville': bakeLook('nashville'), 'lut:b&w': bakeLook('b&w') },
  },
  {
    // Per-pixel stages after stages of several passes: in the resize's one pass, in the jpeg stage's last
    // (its decode) and in the blur's last (its vertical half).
    label: 'resize, noise, jpeg, vignette, grain, blur, vibrance',
    chain: [
      { stage: 'resize', params: { width: 640, height: 427, mode: 0 } },
      { stage: 'noise', params: { amount: 0.06, monochrome: 1, blendMode: 0, shadowAmount: 0.2, seed: 3 } },
      { stage: 'jpeg', params: { quality: 40 } },
      { stage: 'vignette', params: { amount: 0.4, size: 0.5, softness: 0.5, color: [0, 0, 0] } },
      { stage: 'grain', params: { amount: 0.05, size: 1.2, seed: 7 } },
      { stage: 'blur', params: { sigma: 2.5, downsample: 1 } },
      { stage: 'vibrance', params: { vibrance: 0.3 } },
    ],
    saved: 4,
  },
];

function encode(resources: Record<string, RgbaImage> = {}) {
  return Object.fromEntries(
    Object.entries(resources).map(([key, image]) => [
      key,
      { width: image.width, height: image.height, data: Buffer.from(image.data).toString('base64') },
    ]),
  );
}

async function run(page: Page, engine: EngineKind, c: FusionCase, fuse: boolean) {
  const result = await page.evaluate(
    ([engine, data, chain, resources, fuse]) => window.harness.run(engine, data, chain, resources, { fuse }),
    [engine, fixtureBase64(PHOTO), c.chain, encode(c.resources), fuse] as const,
  );
  return {
    passes: result.passes,
    input: imageFromBase64(result.inputWidth, result.inputHeight, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
  };
}

test.describe('fused per-pixel stages', () => {
  for (const c of CASES) {
    test(`${c.label}: fewer passes, the same pixels as one by one and as the CPU references`, async ({
      harness: page,
    }) => {
      for (const engine of ENGINES) {
        const fused = await run(page, engine, c, true);
        const separate = await run(page, engine, c, false);
        expect(separate.passes, `${engine} passes one by one`).toBeGreaterThanOrEqual(c.chain.length);
        expect(fused.passes, `${engine} passes fused`).toBe(separate.passes - c.saved);
        const same = psnr(fused.output, separate.output);
        const reference = psnr(fused.output, runReference(fused.input, c.chain, c.resources));
        test.info().annotations.push({
          type: engine,
          description: `fused vs one by one ${same.toFixed(2)} dB; vs CPU ${reference.toFixed(2)} dB`,
        });
        // Only a rounding may differ (the 8-bit intermediates are rounded in the shader instead of by a store).
        expect(same, `${engine} fused against one by one`).toBeGreaterThanOrEqual(55);
        expect(reference, `${engine} fused against the CPU references`).toBeGreaterThanOrEqual(40);
      }
    });
  }

  test('the Filters effect at its defaults (LUT, vignette, grain) runs as one pass', async ({
    harness: page,
  }) => {
    for (const engine of ENGINES) {
      const result = await page.evaluate(
        ([engine, data]) => window.harness.runEffect(engine, data, 'pg2016', {}),
        [engine, fixtureBase64(PHOTO)] as const,
      );
      expect(result.passes, engine).toBe(1);
    }
  });
});
