import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { dateStampGlyphs, dateStampLayout } from '../../src/pipeline/stages/date-stamp/stage.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import { lightLeakGeometry } from '../../src/pipeline/stages/light-leak/stage.ts';
import { DIGITS } from '../reference/date-stamp.ts';
import type { RgbaImage } from '../reference/image.ts';
import { maxAbsoluteError, psnr } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';

// Issue 25's camera artefacts, measured: the date stamp's digits read back from the pixels at the
// segment middles its layout gives, and the light leak's seed deciding the leak the same way everywhere.

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];
const PHOTO = 'kodak/kodim23.png';

async function run(page: Page, engine: EngineKind, chain: StageInvocation[], photo = PHOTO) {
  const result = await page.evaluate(([engine, data, chain]) => window.harness.run(engine, data, chain), [
    engine,
    fixtureBase64(photo),
    chain,
  ] as const);
  return {
    input: imageFromBase64(result.inputWidth, result.inputHeight, result.input),
    output: imageFromBase64(result.width, result.height, result.output),
  };
}

function texel(image: RgbaImage, [x, y]: [number, number]): [number, number, number] {
  const i = (Math.floor(y) * image.width + Math.floor(x)) * 4;
  return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
}

/** The photo at a fifth of its light everywhere: the dark frame a date back prints on. */
const DARKEN: StageInvocation = {
  stage: 'vignette',
  params: { amount: 1, size: 0, softness: 1e-4, color: [0.2, 0.2, 0.2], blend: 0 },
};

const DATES = [
  { text: "'98 11 24", corner: 0, size: 0.045 },
  { text: '2024.05.17', corner: 2, size: 0.06 },
];

test.describe('date stamp', () => {
  for (const { text, corner, size } of DATES) {
    test(`prints ${text} so that its digits read back on every backend`, async ({ harness: page }) => {
      const glyphs = dateStampGlyphs(text);
      const stamp: StageInvocation = {
        stage: 'date-stamp',
        params: { glyphs, corner, size, color: [1, 0.45, 0.12], opacity: 1 },
      };
      for (const engine of ENGINES) {
        const { output: dark } = await run(page, engine, [DARKEN]);
        const { output } = await run(page, engine, [DARKEN, stamp]);
        const layout = dateStampLayout(glyphs, corner, size, output.width, output.height);
        let lit = 0;
        let unlitRise = 0;
        /** Lit: clearly brighter than the photo there and orange (red well above green, green above blue). */
        const isLit = (point: [number, number]) => {
          const [r, g, b] = texel(output, point);
          const rise = r - (texel(dark, point)[0] ?? 0);
          const orange = r > g + 50 && g > b;
          if (rise > 128 && orange) {
            lit++;
            return true;
          }
          // Neither clearly lit nor clearly dark reads as neither, and fails the text below.
          if (rise > 60) return undefined;
          unlitRise = Math.max(unlitRise, rise);
          return false;
        };
        const read = layout.glyphs
          .map(({ code, segments, mark }) => {
            if (mark) return isLit(mark) ? (code === 10 ? "'" : '.') : '?';
            const on = segments.map(isLit);
            if (on.includes(undefined)) return '?';
            const names = [...'abcdefg'].filter((_, i) => on[i]).join('');
            if (names === '') return ' ';
            const digit = DIGITS.indexOf(names);
            return digit < 0 ? '?' : String(digit);
          })
          .join('');
        test.info().annotations.push({
          type: engine,
          description: `read ${JSON.stringify(read)}, ${lit} lit points, unlit points rose at most ${unlitRise} levels`,
        });
        expect(read, engine).toBe(text);
      }
    });
  }

  test('opacity 0 returns the input on every backend', async ({ harness: page }) => {
    const params = {
      glyphs: dateStampGlyphs("'98 11 24"),
      corner: 0,
      size: 0.1,
      color: [1, 0.45, 0.12],
      opacity: 0,
    } as const;
    for (const engine of ENGINES) {
      const { input, output } = await run(page, engine, [{ stage: 'date-stamp', params }]);
      expect(maxAbsoluteError(input, output), engine).toBe(0);
    }
  });
});

/** The mean rise of luma over a strip a tenth of the shorter side deep along each edge: left, right, top, bottom. */
function edgeRises(input: RgbaImage, output: RgbaImage): number[] {
  const { width, height } = input;
  const depth = Math.round(0.1 * Math.min(width, height));
  const sums = [0, 0, 0, 0];
  const counts = [0, 0, 0, 0];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let rise = 0;
      for (const [k, w] of [0.299, 0.587, 0.114].entries())
        rise += w * ((output.data[i + k] ?? 0) - (input.data[i + k] ?? 0));
      [x < depth, x >= width - depth, y < depth, y >= height - depth].forEach((inside, edge) => {
        if (!inside) return;
        sums[edge]! += rise;
        counts[edge]!++;
      });
    }
  return sums.map((sum, edge) => sum / (counts[edge] ?? 1));
}

const argmax = (values: number[]) => values.indexOf(Math.max(...values));

test.describe('light leak', () => {
  test('the same seed gives the same leak on WebGPU, WebGL2 and the CPU', async ({ harness: page }) => {
    for (const seed of [1, 77, 31337]) {
      const outputs = new Map<EngineKind, RgbaImage>();
      for (const engine of ENGINES)
        outputs.set(
          engine,
          (await run(page, engine, [{ stage: 'light-leak', params: { amount: 0.9, seed } }])).output,
        );
      for (const [a, b] of [
        ['webgpu', 'webgl2'],
        ['webgpu', 'cpu'],
        ['webgl2', 'cpu'],
      ] as const) {
        const score = psnr(outputs.get(a)!, outputs.get(b)!);
        test
          .info()
          .annotations.push({ type: `seed ${seed}: ${a} vs ${b}`, description: `${score.toFixed(2)} dB` });
        expect(score, `seed ${seed}: ${a} vs ${b}`).toBeGreaterThanOrEqual(45);
      }
    }
  });

  test('different seeds give clearly different leaks, from the edge the seed picks', async ({
    harness: page,
  }) => {
    const pairs: [number, number][] = [
      [1, 2],
      [3, 4],
      [5, 6],
      [100, 101],
    ];
    for (const engine of ENGINES) {
      const brightest = new Map<number, number>();
      const outputs = new Map<number, RgbaImage>();
      for (const seed of pairs.flat()) {
        const { input, output } = await run(page, engine, [
          { stage: 'light-leak', params: { amount: 0.9, seed } },
        ]);
        const rises = edgeRises(input, output);
        brightest.set(seed, argmax(rises));
        outputs.set(seed, output);
        // The leak comes in where its geometry says it does.
        expect(argmax(rises), `${engine}, seed ${seed}: brightest edge`).toBe(
          lightLeakGeometry(seed, input.width, input.height).edge,
        );
      }
      let differentEdges = 0;
      for (const [a, b] of pairs) {
        const score = psnr(outputs.get(a)!, outputs.get(b)!);
        test.info().annotations.push({
          type: `${engine}: seeds ${a} and ${b}`,
          description: `${score.toFixed(2)} dB apart, brightest edges ${brightest.get(a)} and ${brightest.get(b)}`,
        });
        expect(score, `${engine}: seeds ${a} and ${b}`).toBeLessThan(30);
        if (brightest.get(a) !== brightest.get(b)) differentEdges++;
      }
      expect(differentEdges, engine).toBeGreaterThan(0);
    }
  });

  test('amount 0 returns the input on every backend', async ({ harness: page }) => {
    for (const engine of ENGINES) {
      const { input, output } = await run(page, engine, [
        { stage: 'light-leak', params: { amount: 0, seed: 5 } },
      ]);
      expect(maxAbsoluteError(input, output), engine).toBe(0);
    }
  });
});
