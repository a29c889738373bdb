import { describe, expect, it } from 'vitest';
import { BLOOM_TINTS } from '../../src/grading/bloom-tints.ts';
import { ccdBloomParams, iphone3HighlightBloomParams } from '../../src/effects/light-presets.ts';
import { bloomLevels } from '../../src/pipeline/stages/bloom/stage.ts';

const SIZE = { width: 1080, height: 720 };

describe('light presets', () => {
  it('maps the CCD tint preset through bloomTint, unknown names to white', () => {
    expect(ccdBloomParams(1, 'violet', SIZE).tint).toEqual(BLOOM_TINTS.violet);
    expect(ccdBloomParams(1, 'sepia', SIZE).tint).toEqual(BLOOM_TINTS.white);
  });

  it('scales the reach with the image and the amount with the setting', () => {
    expect(ccdBloomParams(1, 'white', { width: 500, height: 375 }).radius).toBeCloseTo(25);
    expect(ccdBloomParams(2, 'white', SIZE).amount).toBe(2 * ccdBloomParams(1, 'white', SIZE).amount);
    expect(ccdBloomParams(0, 'white', SIZE).amount).toBe(0);
  });

  it('makes the iPhone 3G bloom the same stage with a higher threshold and a tighter reach', () => {
    const ccd = ccdBloomParams(1, 'white', SIZE);
    const iphone = iphone3HighlightBloomParams(0.4, SIZE);
    expect(iphone.threshold).toBeGreaterThan(ccd.threshold);
    expect(iphone.radius).toBeLessThan(ccd.radius / 2);
    expect(bloomLevels(iphone.radius, SIZE.width, SIZE.height).levels).toBeLessThan(
      bloomLevels(ccd.radius, SIZE.width, SIZE.height).levels,
    );
    expect(iphone3HighlightBloomParams(0, SIZE).amount).toBe(0);
  });
});
