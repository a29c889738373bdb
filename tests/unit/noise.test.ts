import { describe, expect, it } from 'vitest';
import { createImage, type RgbaImage } from '../reference/image.ts';
import { noise } from '../reference/noise.ts';

/** A flat grey image of one level. */
function flat(level: number, size = 64): RgbaImage {
  const image = createImage(size, size);
  image.data.fill(level);
  return image;
}

/** Mean absolute change per channel, and the share of pixels whose three channels moved alike. */
function change(before: RgbaImage, after: RgbaImage) {
  let sum = 0;
  let alike = 0;
  let moved = 0;
  let signed = 0;
  for (let i = 0; i < before.data.length; i += 4) {
    const d = [0, 1, 2].map((c) => (after.data[i + c] ?? 0) - (before.data[i + c] ?? 0));
    for (const v of d) {
      sum += Math.abs(v);
      signed += v;
    }
    if (d.some((v) => v !== 0)) {
      moved++;
      if (d[0] === d[1] && d[1] === d[2]) alike++;
    }
  }
  const n = (before.data.length / 4) * 3;
  return { mean: sum / n, bias: signed / n, alike: moved ? alike / moved : 1 };
}

const base = { amount: 0.1, monochrome: 0, blendMode: 0, shadowAmount: 0, seed: 5 };

describe('noise reference', () => {
  it('adds centred noise whose size follows the amount', () => {
    const grey = flat(128);
    const weak = change(grey, noise(grey, base));
    const strong = change(grey, noise(grey, { ...base, amount: 0.2 }));
    // Triangular noise in [-1, 1) has a mean magnitude of 1/3: 0.1 * 255 / 3 = 8.5 levels.
    expect(weak.mean).toBeGreaterThan(7.5);
    expect(weak.mean).toBeLessThan(9.5);
    expect(strong.mean / weak.mean).toBeCloseTo(2, 1);
    expect(Math.abs(weak.bias)).toBeLessThan(0.5);
    expect(change(grey, noise(grey, { ...base, amount: 0 })).mean).toBe(0);
  });

  it('moves the three channels alike only when monochrome', () => {
    const grey = flat(128);
    expect(change(grey, noise(grey, { ...base, monochrome: 1 })).alike).toBe(1);
    expect(change(grey, noise(grey, base)).alike).toBeLessThan(0.1);
  });

  it('is stronger in the shadows by shadowAmount, up to three times in black', () => {
    const dark = flat(40);
    const light = flat(215);
    const plain = change(dark, noise(dark, base)).mean;
    const boosted = change(dark, noise(dark, { ...base, shadowAmount: 1 })).mean;
    // At level 40 the weight is 1 + 2 * (1 - 40/255)^3 = 2.2.
    expect(boosted / plain).toBeGreaterThan(2);
    expect(boosted / plain).toBeLessThan(2.4);
    const lightBoost =
      change(light, noise(light, { ...base, shadowAmount: 1 })).mean / change(light, noise(light, base)).mean;
    expect(lightBoost).toBeLessThan(1.02);
  });

  it('overlay is strongest in the mid-tones and leaves black and white alone', () => {
    const overlay = { ...base, blendMode: 1, amount: 0.2 };
    const mid = change(flat(128), noise(flat(128), overlay)).mean;
    const dark = change(flat(30), noise(flat(30), overlay)).mean;
    expect(mid).toBeGreaterThan(3 * dark);
    expect(change(flat(0), noise(flat(0), overlay)).mean).toBe(0);
    expect(change(flat(255), noise(flat(255), overlay)).mean).toBe(0);
  });

  it('is the same for the same seed and different for another', () => {
    const grey = flat(100);
    expect(noise(grey, base).data).toEqual(noise(grey, base).data);
    expect(change(noise(grey, base), noise(grey, { ...base, seed: 6 })).mean).toBeGreaterThan(5);
  });
});
