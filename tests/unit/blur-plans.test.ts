import { describe, expect, it } from 'vitest';
import { bilateralTaps } from '../../src/pipeline/stages/bilateral/stage.ts';
import {
  automaticFactor,
  gaussianTaps,
  MAX_TAPS,
  planGaussian,
} from '../../src/pipeline/stages/gaussian-pass-plan.ts';
import { blockGrid } from '../../src/pipeline/stages/pixel-blocks.ts';
import { gaussianKernel } from '../reference/gaussian.ts';

/** Spreads the (offset, weight) pairs back onto integer taps, as bilinear reads of a clamped row do. */
function integerWeights(sigma: number): number[] {
  const { values, count } = gaussianTaps(sigma);
  const radius = 2 * (count - 1);
  const weights = new Array<number>(2 * radius + 1).fill(0);
  for (let i = 0; i < count; i++) {
    const offset = values[4 * i] ?? 0;
    const weight = values[4 * i + 1] ?? 0;
    const sides = i === 0 ? [1] : [1, -1];
    for (const side of sides) {
      const at = side * offset;
      const lo = Math.floor(at);
      const f = at - lo;
      weights[lo + radius] = (weights[lo + radius] ?? 0) + weight * (1 - f);
      if (f > 0) weights[lo + 1 + radius] = (weights[lo + 1 + radius] ?? 0) + weight * f;
    }
  }
  return weights;
}

describe('gaussian taps', () => {
  for (const sigma of [0.3, 0.7, 1, 1.5, 2.1]) {
    it(`pairs reproduce the discrete kernel at sigma ${sigma}`, () => {
      const expected = gaussianKernel(sigma);
      const actual = integerWeights(sigma);
      const pad = (actual.length - expected.length) / 2;
      actual.forEach((w, i) => expect(w).toBeCloseTo(expected[i - pad] ?? 0, 10));
    });
  }

  it('is the identity below a visible sigma', () => {
    expect(gaussianTaps(0)).toMatchObject({ count: 1 });
    expect(gaussianTaps(0.1).values.slice(0, 2)).toEqual([0, 1]);
  });
});

describe('gaussian plans', () => {
  it('blurs at full resolution up to sigma 2.1, then in half-octave steps', () => {
    expect(automaticFactor(2)).toBe(1);
    expect(automaticFactor(2.2)).toBeCloseTo(Math.SQRT2);
    expect(automaticFactor(3.5)).toBe(2);
    expect(automaticFactor(20)).toBeCloseTo(8 * Math.SQRT2);
  });

  it('keeps the low-resolution sigma under the tap limit for any sigma and downsampling', () => {
    const downsampled: ReturnType<typeof planGaussian>[] = [];
    for (const sigma of [0, 0.5, 2.11, 2.13, 5, 9.9, 20, 60, 300]) {
      for (const downsample of [1, 1.5, 2, 3, 8]) {
        const plan = planGaussian(1080, 720, sigma, downsample);
        expect(plan.horizontal.count).toBeLessThanOrEqual(5);
        expect(plan.vertical.count).toBeLessThanOrEqual(MAX_TAPS);
        expect(plan.factor).toBeGreaterThanOrEqual(downsample);
        if (plan.factor > 1) downsampled.push(plan);
      }
    }
    // The plans made at a lower resolution: most of them, each scaled back to the width, each with a
    // margin that covers the blur's reach and the bilinear read back.
    expect(downsampled.length).toBeGreaterThan(20);
    for (const plan of downsampled) {
      expect(plan.lowWidth * plan.scaleX).toBeCloseTo(1080);
      expect(plan.margin).toBeGreaterThanOrEqual(2 * (plan.horizontal.count - 1) + 1);
    }
  });

  it('does not blur at all for sigma 0 at full resolution', () => {
    expect(planGaussian(100, 80, 0)).toMatchObject({ factor: 1, blurs: false });
  });
});

describe('pixel blocks', () => {
  it('covers the image with whole-pixel blocks, partial ones at the edges', () => {
    expect(blockGrid(768, 512, 8)).toEqual({ size: 8, startX: 0, startY: 0, columns: 96, rows: 64 });
    expect(blockGrid(768, 512, 13, 5, -3)).toEqual({
      size: 13,
      startX: -8,
      startY: -3,
      columns: 60,
      rows: 40,
    });
    expect(blockGrid(10, 10, 0.2).size).toBe(1);
  });
});

describe('bilateral taps', () => {
  it('reads every pixel of a radius-4 window at sigma 2, and at most 6 a side when wider', () => {
    expect(bilateralTaps(2).count).toBe(5);
    // Radius 20 in steps of 4.
    const wide = bilateralTaps(10);
    expect(wide.count).toBe(6);
    expect(wide.values[4 * 5]).toBe(20);
  });
});
