// The camera behind each camera look's JPEG-family settings (src/effects/jpeg-family.ts `JpegCamera`):
// what the spec's settings make of the noise, sharpen and jpeg stages in each look, and the camera's own
// quality scale, checked against libjpeg's table scaling worked out here.
import { describe, expect, it } from 'vitest';
import { findEffect } from '../../src/effects/index.ts';
import { cameraQuality, PLAIN_JPEG } from '../../src/effects/jpeg-family.ts';
import { defaultSettings, withSetting } from '../../src/effects/settings.ts';
import type { EffectDefinition } from '../../src/effects/types.ts';

const SIZE = { width: 768, height: 512 };

function stage(effect: EffectDefinition, name: string, settings = defaultSettings(effect)) {
  return effect.stages(settings, SIZE).find((s) => s.stage === name)?.params as Record<string, number>;
}

/** The effect's defaults with one setting changed. */
function changed(effect: EffectDefinition, name: string, value: number | boolean) {
  const settings = withSetting(effect, defaultSettings(effect), name, value);
  if (!settings) throw new Error(`${name} refused`);
  return settings;
}

function effect(id: string): EffectDefinition {
  const found = findEffect(id);
  if (!found) throw new Error(id);
  return found;
}

describe("a camera's quality scale", () => {
  const nokia = { ...PLAIN_JPEG, quality: { at: 80, codes: 89 } };
  it('codes with the camera’s own tables at the anchor, and keeps 100 and the order of the slider', () => {
    expect(cameraQuality(80, nokia)).toBe(89);
    expect(cameraQuality(100, nokia)).toBe(100);
    // libjpeg scales its tables by 200 - 2q (q >= 50) or 5000 / q: at 50, 100 %; the camera's 22 % at 80's
    // 40 % makes 50 scale by 55 %, libjpeg's 72.5 (73 rounded).
    expect(cameraQuality(50, nokia)).toBe(73);
    let last = 0;
    for (let q = 1; q <= 100; q++) {
      const coded = cameraQuality(q, nokia);
      expect(coded).toBeGreaterThanOrEqual(last);
      last = coded;
    }
    expect(cameraQuality(70, PLAIN_JPEG)).toBe(70);
  });
});

describe('the camera looks at their defaults', () => {
  it('CCD: sensor noise with colour, 4:2:2 at quality 94', () => {
    const ccd = effect('ccdEffect');
    expect(stage(ccd, 'jpeg')).toEqual({ quality: 94, subsampling: 1 });
    expect(stage(ccd, 'noise')).toMatchObject({ sensor: 1, blendMode: 1, monochrome: 0 });
    expect(stage(ccd, 'noise').chroma).toBeGreaterThan(0);
  });

  it('Nokia and quarter-inch: the spec’s quality 80 codes as their cameras did, 4:2:2', () => {
    const nokia = effect('nokiaEffect');
    expect(defaultSettings(nokia).jpeg_quality).toBe(80);
    expect(stage(nokia, 'jpeg')).toEqual({ quality: 89, subsampling: 1 });
    const laptop = effect('laptopEffect');
    expect(defaultSettings(laptop).jpeg_quality).toBe(80);
    expect(stage(laptop, 'jpeg')).toEqual({ quality: 91, subsampling: 1 });
    // The slider still moves it: 100 keeps everything.
    expect(stage(nokia, 'jpeg', changed(nokia, 'jpeg_quality', 100))).toEqual({
      quality: 100,
      subsampling: 1,
    });
  });

  it('Monochrome noise still takes the colour out of sensor noise', () => {
    const nokia = effect('nokiaEffect');
    const mono = changed(nokia, 'jpeg_noiseMonochrome', true);
    expect(stage(nokia, 'noise', mono)).toMatchObject({ sensor: 1, monochrome: 1 });
  });

  it('JPEG simulation keeps its per-pixel noise and Chromium’s 4:2:0', () => {
    const jpeg = effect('jpegSimulation');
    const settings = { ...defaultSettings(jpeg), jpeg_applyNoise: true, jpeg_noiseAmount: 0.2 };
    expect(stage(jpeg, 'jpeg', settings)).toEqual({ quality: 50 });
    expect(stage(jpeg, 'noise', settings).sensor).toBeUndefined();
    expect(stage(jpeg, 'noise', settings).amount).toBeCloseTo(0.35 * 0.2, 6);
  });
});
