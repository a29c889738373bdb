// The effect definitions against spec sections 3, 5 and 9: ids, names, ranges, defaults, presets, rules.
import { english } from '../../src/i18n/msg.ts';
import { describe, expect, it } from 'vitest';
import { EFFECTS, findEffect } from '../../src/effects/index.ts';
import { resampledSize } from '../../src/effects/jpeg-family.ts';
import { defaultSettings, withSetting } from '../../src/effects/settings.ts';
import { STAGE_DEFINITIONS } from '../../src/pipeline/stages/index.ts';
import type { EffectDefinition, RangeSetting } from '../../src/effects/types.ts';

function effect(id: string): EffectDefinition {
  const found = findEffect(id);
  if (!found) throw new Error(`no effect ${id}`);
  return found;
}

function range(effectId: string, name: string): RangeSetting {
  const setting = effect(effectId).settings.find((s) => s.name === name);
  if (!setting || setting.kind !== 'range') throw new Error(`${effectId}.${name} is not a range`);
  return setting;
}

describe('effect list (section 3)', () => {
  it('has every effect with the spec ids and display names', () => {
    const names = Object.fromEntries(EFFECTS.map((e) => [e.id, e.name]));
    expect(names).toMatchObject({
      jpegSimulation: 'JPEG',
      pg2016: 'Filters',
      smartBlur: 'Blur/Pixelate',
      ccdEffect: 'CCD',
      nokiaEffect: 'Nokia',
      laptopEffect: 'quarter-inch',
      vibrance: 'Vibrance',
    });
    expect(names).toHaveProperty('iphone3Effect');
    expect(names).toHaveProperty('dualVignetteEffect');
  });

  it('gives every setting a valid default within its range', () => {
    const settings = EFFECTS.flatMap((e) => e.settings.map((s) => ({ id: `${e.id}.${s.name}`, s })));
    const ranges = settings.flatMap(({ id, s }) => (s.kind === 'range' ? [{ id, s }] : []));
    const selects = settings.flatMap(({ id, s }) => (s.kind === 'select' ? [{ id, s }] : []));
    expect(ranges.length).toBeGreaterThan(10);
    expect(selects.length).toBeGreaterThan(3);
    for (const { id, s } of ranges) {
      expect(s.default, id).toBeGreaterThanOrEqual(s.min);
      expect(s.default, id).toBeLessThanOrEqual(s.max);
    }
    for (const { id, s } of selects)
      expect(
        s.options.map((o) => o.value),
        id,
      ).toContain(s.default);
  });

  it("builds each effect's stage chain from its defaults", () => {
    const chains = Object.fromEntries(
      EFFECTS.map((e) => [
        e.id,
        e.stages(defaultSettings(e), { width: 768, height: 512 }).map((s) => s.stage),
      ]),
    );
    expect(chains).toEqual({
      jpegSimulation: ['resize', 'jpeg'],
      pg2016: ['lut', 'vignette', 'grain'],
      collageEffect: [],
      smartBlur: ['smart-blur'],
      ccdEffect: [
        'blur',
        'bloom',
        'lens-reflection',
        'smear',
        'fringing',
        'resize',
        'noise',
        'sharpen',
        'jpeg',
        'resize',
      ],
      nokiaEffect: [
        'lut',
        'vignette',
        'vignette',
        'soft-corners',
        'tonal-grain',
        'resize',
        'noise',
        'sharpen',
        'jpeg',
      ],
      laptopEffect: [
        'lut',
        'bilateral',
        'bloom',
        'lut',
        'soft-corners',
        'tonal-grain',
        'resize',
        'noise',
        'sharpen',
        'jpeg',
      ],
      iphone3Effect: [
        'lut',
        'bloom',
        'vignette',
        'soft-corners',
        'tonal-grain',
        'resize',
        'noise',
        'sharpen',
        'jpeg',
      ],
      dualVignetteEffect: ['dual-vignette', 'resize', 'noise', 'sharpen', 'jpeg'],
      vibrance: ['vibrance'],
    });
  });

  it('gives every stage call of the defaults finite parameters and only textures its stage reads', () => {
    for (const e of EFFECTS) {
      for (const call of e.stages(defaultSettings(e), { width: 768, height: 512 })) {
        const where = `${e.id} ${call.stage}`;
        const values = Object.values(call.params as Record<string, number | readonly number[]>).flat();
        expect(values.length, where).toBeGreaterThan(0);
        for (const value of values) expect(Number.isFinite(value), `${where}: ${value}`).toBe(true);
        const slots: readonly string[] = STAGE_DEFINITIONS[call.stage].textures ?? [];
        for (const slot of Object.keys(call.textures ?? {})) expect(slots, where).toContain(slot);
      }
    }
  });

  it('JPEG at its defaults shrinks the photo to a 400 px long side and encodes at quality 50', () => {
    const chain = effect('jpegSimulation').stages(defaultSettings(effect('jpegSimulation')), {
      width: 768,
      height: 512,
    });
    expect(chain).toEqual([
      { stage: 'resize', params: { width: 400, height: 267, mode: 0 } },
      { stage: 'jpeg', params: { quality: 50 } },
    ]);
  });
});

describe('slider ranges (section 5)', () => {
  it.each([
    ['jpegSimulation', 'jpeg_longSidePixels', 40, 1080],
    ['jpegSimulation', 'jpeg_quality', 1, 100],
    ['jpegSimulation', 'jpeg_noiseAmount', 0, 0.3],
    ['jpegSimulation', 'jpeg_sharpenAmount', 0, 1],
    ['ccdEffect', 'ccd_bloom_amount', 0, 2],
    ['ccdEffect', 'ccd_lensReflectionStrength', 0, 1],
    ['ccdEffect', 'ccd_noiseAmount', 0, 0.5],
    ['ccdEffect', 'ccd_longSidePixels', 200, 1080],
    ['ccdEffect', 'ccd_lensReflectionId', 1, 10],
    ['pg2016', 'intensity', 0, 1],
    ['pg2016', 'vignetteStrength', 0, 1],
    ['pg2016', 'grainAmount', 0, 0.5],
    ['smartBlur', 'sigma', 0.1, 20],
    ['smartBlur', 'pixelSize', 2, 20],
    ['smartBlur', 'vignetteSize', 0, 0.7],
  ])('%s %s runs %d to %d', (effectId, name, min, max) => {
    const setting = range(effectId, name);
    expect([setting.min, setting.max]).toEqual([min, max]);
  });

  it('steps the CCD resolution by 10', () => {
    expect(range('ccdEffect', 'ccd_longSidePixels').step).toBe(10);
  });
});

describe('defaults (sections 3 and 9)', () => {
  it('JPEG simulation: quality 50, long side 400, preset medium', () => {
    expect(defaultSettings(effect('jpegSimulation'))).toMatchObject({
      jpeg_quality: 50,
      jpeg_longSidePixels: 400,
      preset: 'medium',
      jpeg_applyNoise: false,
      jpeg_applySharpen: false,
    });
  });

  it('Nokia: quality 80, long side 640, upscale 2x (forced off above 500 px), noise 0.25, sharpen 0.3', () => {
    const nokia = effect('nokiaEffect');
    expect(nokia.settings.find((s) => s.name === 'jpeg_upscale2x')?.default).toBe(true);
    expect(defaultSettings(nokia)).toMatchObject({
      jpeg_quality: 80,
      jpeg_longSidePixels: 640,
      jpeg_upscale2x: false,
      jpeg_noiseAmount: 0.25,
      jpeg_sharpenAmount: 0.3,
    });
  });

  it('Laptop: quality 80, long side 640, noise 0.3; spatialSigma 2, luminanceSigma 0.1', () => {
    expect(defaultSettings(effect('laptopEffect'))).toMatchObject({
      jpeg_quality: 80,
      jpeg_longSidePixels: 640,
      jpeg_noiseAmount: 0.3,
      spatialSigma: 2,
      luminanceSigma: 0.1,
    });
  });

  it('CCD: long side 500, noise 0.2 overlay, sharpen 0.5, upscale 2x, and its light settings', () => {
    expect(defaultSettings(effect('ccdEffect'))).toMatchObject({
      ccd_longSidePixels: 500,
      ccd_noiseAmount: 0.2,
      ccd_noiseBlendMode: 'overlay',
      ccd_sharpenAmount: 0.5,
      ccd_upscale2x: true,
      ccd_applyGaussianBlur: true,
      ccd_bloom_amount: 1,
      ccd_bloom_tint_preset: 'violet',
      ccd_lensReflectionId: 1,
      ccd_lensReflectionStrength: 0.45,
    });
  });

  it('Dual vignette: quality 80, long side 600, noise 0.25; iPhone 3G: highlightBloom 0.4', () => {
    expect(defaultSettings(effect('dualVignetteEffect'))).toMatchObject({
      jpeg_quality: 80,
      jpeg_longSidePixels: 600,
      jpeg_noiseAmount: 0.25,
    });
    expect(defaultSettings(effect('iphone3Effect'))).toMatchObject({ highlightBloom: 0.4 });
  });

  it('Filters: nashville, intensity 1, vignette 1, grain 0.35, lutName following filterName', () => {
    expect(defaultSettings(effect('pg2016'))).toMatchObject({
      filterName: 'nashville',
      lutName: 'nashville',
      intensity: 1,
      vignetteStrength: 1,
      grainAmount: 0.35,
    });
  });

  it('Smart blur: pixelate, sigma 10, pixel size 8, downsample 1, vignette 0.15 / 0.4', () => {
    expect(defaultSettings(effect('smartBlur'))).toMatchObject({
      blurType: 'pixelate',
      sigma: 10,
      pixelSize: 8,
      gaussianDownsampleFactor: 1,
      vignetteSize: 0.15,
      vignetteSoftness: 0.4,
    });
  });
});

describe('rules', () => {
  it('JPEG presets low, medium and high fill in their values', () => {
    const jpeg = effect('jpegSimulation');
    const low = withSetting(jpeg, defaultSettings(jpeg), 'preset', 'low');
    expect(low).toMatchObject({
      jpeg_longSidePixels: 250,
      jpeg_quality: 60,
      jpeg_applyNoise: true,
      jpeg_noiseAmount: 0.2,
      jpeg_noiseBlendMode: 'overlay',
      jpeg_applySharpen: true,
      jpeg_sharpenAmount: 0.2,
      jpeg_upscale2x: true,
    });
    const high = withSetting(jpeg, low ?? {}, 'preset', 'high');
    expect(high).toMatchObject({
      jpeg_longSidePixels: 650,
      jpeg_quality: 40,
      jpeg_noiseAmount: 0.25,
      jpeg_upscale2x: false,
    });
    const custom = withSetting(jpeg, high ?? {}, 'jpeg_quality', 41);
    expect(custom?.preset).toBe('custom');
  });

  it('upscale 2x is forced off above 500 px, with the spec tooltip', () => {
    const jpeg = effect('jpegSimulation');
    const low = withSetting(jpeg, defaultSettings(jpeg), 'preset', 'low') ?? {};
    const big = withSetting(jpeg, low, 'jpeg_longSidePixels', 501) ?? {};
    expect(big.jpeg_upscale2x).toBe(false);
    expect(english(jpeg.disabledReason?.('jpeg_upscale2x', big) ?? '')).toBe(
      'Upscaling 2x is disabled for resolutions above 500px (current: 501px)',
    );
    expect(jpeg.disabledReason?.('jpeg_upscale2x', low)).toBeNull();
  });

  it('the JPEG family outputs the resampled size, twice that with upscale', () => {
    const jpeg = effect('jpegSimulation');
    const low = withSetting(jpeg, defaultSettings(jpeg), 'preset', 'low') ?? {};
    const stages = jpeg.stages(low, { width: 768, height: 512 });
    expect(resampledSize({ width: 768, height: 512 }, 250)).toEqual({ width: 250, height: 167 });
    expect(stages.at(-1)).toEqual({ stage: 'resize', params: { width: 500, height: 334, mode: 1 } });
  });

  it.each([
    ['bleach_bypass', 0, 0.35],
    ['stressor', 0, 0.35],
    ['b&w_clamped', 0, 0],
    ['desat', 0, 0],
    ['hsv_desat', 0, 0],
    ['sepia', 1, 0.35],
  ])('choosing the look %s sets vignette %d and grain %d', (look, vignette, grain) => {
    const filters = effect('pg2016');
    expect(withSetting(filters, defaultSettings(filters), 'filterName', look)).toMatchObject({
      filterName: look,
      lutName: look,
      vignetteStrength: vignette,
      grainAmount: grain,
    });
  });
});
