import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { parseCube } from '../../src/grading/cube.ts';
import { bakeLook } from '../../src/grading/looks/index.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import type { RgbaImage } from '../reference/image.ts';
import { maxAbsoluteError, psnr } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';

const ENGINES: EngineKind[] = ['webgpu', 'webgl2'];
const PHOTO = 'kodak/kodim23.png';

async function run(
  page: Page,
  engine: EngineKind,
  chain: StageInvocation[],
  resources: Record<string, RgbaImage>,
) {
  const encoded = Object.fromEntries(
    Object.entries(resources).map(([key, image]) => [
      key,
      { width: image.width, height: image.height, data: Buffer.from(image.data).toString('base64') },
    ]),
  );
  const result = await page.evaluate(
    ([engine, data, chain, resources]) => window.harness.run(engine, data, chain, resources),
    [engine, fixtureBase64(PHOTO), chain, encoded] as const,
  );
  return {
    input: imageFromBase64(result.width, result.height, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
  };
}

function identityCube(size: number): string {
  const lines = [`LUT_3D_SIZE ${size}`];
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) lines.push([r, g, b].map((i) => (i / (size - 1)).toFixed(6)).join(' '));
    }
  }
  return lines.join('\n');
}

test.describe('lut', () => {
  test('intensity 0 returns the input within 1 level on both backends; intensity 1 changes it', async ({
    harness: page,
  }) => {
    const resources = { 'lut:nuke': bakeLook('nuke') };
    const chain = (intensity: number): StageInvocation[] => [
      { stage: 'lut', params: { intensity }, textures: { lut: 'lut:nuke' } },
    ];
    for (const engine of ENGINES) {
      const off = await run(page, engine, chain(0), resources);
      expect(maxAbsoluteError(off.input, off.output), engine).toBeLessThanOrEqual(1);
      const on = await run(page, engine, chain(1), resources);
      expect(psnr(on.input, on.output), engine).toBeLessThan(25);
    }
  });

  test('identity .cube files of size 33 and 65 return the input within 1 level on both backends', async ({
    harness: page,
  }) => {
    for (const size of [33, 65]) {
      const resources = { 'lut:custom': parseCube(identityCube(size)).atlas };
      for (const engine of ENGINES) {
        const { input, output } = await run(
          page,
          engine,
          [{ stage: 'lut', params: { intensity: 1, size }, textures: { lut: 'lut:custom' } }],
          resources,
        );
        expect(maxAbsoluteError(input, output), `${engine}, size ${size}`).toBeLessThanOrEqual(1);
      }
    }
  });
});
