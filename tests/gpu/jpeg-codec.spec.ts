// The jpeg stage against Chromium's own JPEG codec (libjpeg-turbo): the same pixels through the stage on
// each backend and through a canvas JPEG encode and decode must agree to 40 dB. gpu-notes measured such a
// simulation at 44 to 49 dB from libjpeg-turbo; a few coefficients always round the other way, so the
// comparison is PSNR, never max error.
import type { Page } from '@playwright/test';
import { expect, runOnGpu, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import type { RgbaImage } from '../reference/image.ts';
import { jpeg } from '../reference/jpeg.ts';
import { meanAbsoluteError, psnr } from '../reference/metrics.ts';
import { imageFromBase64 } from '../support/images.ts';

const ENGINES: EngineKind[] = ['webgpu', 'webgl2'];
const PHOTOS = ['kodak/kodim03.png', 'kodak/kodim05.png', 'kodak/kodim23.png'];
const QUALITIES = [10, 30, 50, 75, 90];
const MIN_PSNR = 40;

/** Chromium's canvas JPEG encode and decode of exactly these pixels. */
async function browserRoundTrip(page: Page, image: RgbaImage, quality: number): Promise<RgbaImage> {
  const result = await page.evaluate(
    ([width, height, data, quality]) => window.harness.browserJpegRoundTrip(width, height, data, quality),
    [image.width, image.height, Buffer.from(image.data).toString('base64'), quality] as const,
  );
  const held = imageFromBase64(image.width, image.height, result.input);
  expect(Buffer.from(held.data).equals(Buffer.from(image.data)), 'the canvas holds the given pixels').toBe(
    true,
  );
  return imageFromBase64(image.width, image.height, result.output);
}

function score(a: RgbaImage, b: RgbaImage): string {
  return `${psnr(a, b).toFixed(2)} dB, MAE ${meanAbsoluteError(a, b).toFixed(3)}`;
}

/**
 * Runs `prefix` (may be empty) then the jpeg stage on each backend, and Chromium's codec on the pixels
 * the jpeg stage received (the prefix's output on that backend), and compares.
 */
async function compareWithBrowser(page: Page, photo: string, quality: number, prefix: StageInvocation[]) {
  for (const engine of ENGINES) {
    const jpegInput = prefix.length > 0 ? (await runOnGpu(page, engine, photo, prefix)).output : undefined;
    const { input, output } = await runOnGpu(page, engine, photo, [
      ...prefix,
      { stage: 'jpeg', params: { quality } },
    ]);
    const pixels = jpegInput ?? input;
    const browser = await browserRoundTrip(page, pixels, quality);
    const gpuScore = psnr(output, browser);
    test.info().annotations.push(
      { type: `${engine} vs Chromium`, description: score(output, browser) },
      {
        type: `${engine} CPU reference vs Chromium`,
        description: score(jpeg(pixels, { quality }), browser),
      },
      { type: `${engine} Chromium vs its input`, description: score(browser, pixels) },
    );
    expect(gpuScore, `${engine} PSNR against Chromium's JPEG`).toBeGreaterThanOrEqual(MIN_PSNR);
  }
}

test.describe("the jpeg stage against Chromium's JPEG codec", () => {
  for (const photo of PHOTOS) {
    for (const quality of QUALITIES) {
      test(`${photo} at quality ${quality}`, async ({ harness: page }) => {
        await compareWithBrowser(page, photo, quality, []);
      });
    }
  }

  // Sizes that are not whole MCUs: partial blocks, odd chroma planes, the decoder's edge upsampling.
  for (const [width, height, quality] of [
    [401, 267, 75],
    [401, 267, 30],
    [97, 63, 50],
  ] as const) {
    test(`kodak/kodim23.png resized to ${width}x${height} at quality ${quality}`, async ({
      harness: page,
    }) => {
      await compareWithBrowser(page, 'kodak/kodim23.png', quality, [
        { stage: 'resize', params: { width, height, mode: 0 } },
      ]);
    });
  }
});

// WebGPU runs the stage in two passes, the blocks in workgroup memory; WebGL2 in five, the blocks in
// textures between them. They do the same arithmetic, intermediates rounded alike, so they must agree far
// more closely than either agrees with libjpeg: at whole and partial MCUs, in 4:2:0 and 4:4:4.
test.describe('the jpeg stage on both backends', () => {
  for (const [width, height, quality, webgl2Passes] of [
    [768, 512, 50, 5],
    [401, 267, 10, 5],
    [97, 63, 100, 4],
  ] as const) {
    test(`${width}x${height} at quality ${quality}: two passes on WebGPU, the same pixels as WebGL2`, async ({
      harness: page,
    }) => {
      const chain: StageInvocation[] = [
        { stage: 'resize', params: { width, height, mode: 0 } },
        { stage: 'jpeg', params: { quality } },
      ];
      const webgpu = await runOnGpu(page, 'webgpu', 'kodak/kodim23.png', chain);
      const webgl2 = await runOnGpu(page, 'webgl2', 'kodak/kodim23.png', chain);
      // One pass for the resize.
      expect(webgpu.passes).toBe(1 + 2);
      expect(webgl2.passes).toBe(1 + webgl2Passes);
      const score = psnr(webgpu.output, webgl2.output);
      test.info().annotations.push({ type: 'WebGPU vs WebGL2', description: `${score.toFixed(2)} dB` });
      expect(score).toBeGreaterThanOrEqual(60);
    });
  }
});
