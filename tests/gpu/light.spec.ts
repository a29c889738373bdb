import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import { meanAbsoluteError } from '../reference/metrics.ts';
import { fixtureBase64, imageFromBase64 } from '../support/images.ts';

// The light stages act on highlights only: a dark photo must come through (nearly) untouched, a bright one
// visibly changed.

async function run(page: Page, photo: string, chain: StageInvocation[]) {
  const result = await page.evaluate(([data, chain]) => window.harness.run('webgl2', data, chain), [
    fixtureBase64(photo),
    chain,
  ] as const);
  return imageFromBase64(result.width, result.height, result.output);
}

// Paints every pixel 70% of the way to black: nothing is left above a luma of 0.3.
const DARKEN: StageInvocation = {
  stage: 'vignette',
  params: { amount: 0.7, size: 0, softness: 0, roundness: 0, color: [0, 0, 0], blend: 1 },
};

const LIGHTS: [string, StageInvocation][] = [
  ['lens-reflection', { stage: 'lens-reflection', params: { id: 1, strength: 1 } }],
  [
    'bloom',
    { stage: 'bloom', params: { threshold: 0.6, knee: 0.2, amount: 1, tint: [1, 1, 1], radius: 40 } },
  ],
];

test.describe('light stages follow the highlights', () => {
  for (const [name, stage] of LIGHTS) {
    test(`${name} leaves a dark photo alone and changes a bright one`, async ({ harness: page }) => {
      const dark = await run(page, 'kodak/kodim03.png', [DARKEN]);
      const darkLit = await run(page, 'kodak/kodim03.png', [DARKEN, stage]);
      expect(meanAbsoluteError(dark, darkLit)).toBeLessThan(0.05);
      const bright = await run(page, 'kodak/kodim03.png', []);
      const brightLit = await run(page, 'kodak/kodim03.png', [stage]);
      expect(meanAbsoluteError(bright, brightLit)).toBeGreaterThan(2);
    });
  }
});
