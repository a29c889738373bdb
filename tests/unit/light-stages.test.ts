import { describe, expect, it } from 'vitest';
import { bloomBrightScale, bloomLevels, bloomStage } from '../../src/pipeline/stages/bloom/stage.ts';
import {
  LENS_REFLECTIONS,
  lensReflectionPreset,
  lensReflectionStage,
  lensReflectionUniforms,
} from '../../src/pipeline/stages/lens-reflection/stage.ts';
import { vignetteScale } from '../../src/pipeline/stages/vignette/stage.ts';
import { layoutUniforms, packUniforms } from '../../src/pipeline/uniforms.ts';

describe('bloom levels', () => {
  it('adds levels as the radius grows, up to what the image can hold', () => {
    let last = 0;
    for (const radius of [2, 4, 8, 16, 32, 64, 128, 256, 1e6]) {
      const { levels } = bloomLevels(radius, 1080, 720);
      expect(levels).toBeGreaterThanOrEqual(Math.max(1, last));
      last = levels;
    }
    expect(last).toBe(Math.floor(Math.log2(720)) - 3);
    expect(bloomLevels(1e6, 8, 8).levels).toBe(1);
  });

  it('fades the coarsest level in smoothly and keeps the weights summing to one', () => {
    const a = bloomLevels(33, 1080, 720);
    const b = bloomLevels(63, 1080, 720);
    expect(a.levels).toBe(b.levels);
    expect(a.topWeight).toBeLessThan(b.topWeight);
    for (const radius of [4, 10, 33, 63, 64, 200]) {
      const { levels, topWeight, normalise } = bloomLevels(radius, 1080, 720);
      expect(topWeight).toBeGreaterThan(0);
      expect(topWeight).toBeLessThanOrEqual(1);
      expect(normalise * (levels === 1 ? 1 : levels - 1 + topWeight)).toBeCloseTo(1);
    }
  });

  it('scales the bright pass so that white passes as 1', () => {
    expect(bloomBrightScale(0.6, 0.2)).toBeCloseTo(1 / 0.4);
    expect(bloomBrightScale(1.5, 0.1)).toBe(0);
  });
});

describe('lens reflections', () => {
  it('has ten presets of at most eight ghosts, chosen by id 1..10 and wrapping beyond', () => {
    expect(LENS_REFLECTIONS).toHaveLength(10);
    for (const preset of LENS_REFLECTIONS) expect(preset.ghosts.length).toBeLessThanOrEqual(8);
    expect(new Set(LENS_REFLECTIONS.map((p) => p.name)).size).toBe(10);
    expect(lensReflectionPreset(1)).toBe(LENS_REFLECTIONS[0]);
    expect(lensReflectionPreset(10)).toBe(LENS_REFLECTIONS[9]);
    expect(lensReflectionPreset(11)).toBe(LENS_REFLECTIONS[0]);
    expect(lensReflectionPreset(0)).toBe(LENS_REFLECTIONS[9]);
  });

  it('packs every preset into one uniform block', () => {
    const layout = layoutUniforms(lensReflectionStage.uniforms);
    expect(layout.byteLength).toBeLessThanOrEqual(256);
    for (let id = 1; id <= 10; id++) {
      const uniforms = lensReflectionUniforms({ id, strength: 0.45 }, 1080, 720);
      expect(() => packUniforms(lensReflectionStage.uniforms, uniforms, layout)).not.toThrow();
      // Ray and streak taps stay about a texel apart, so they join into lines.
      expect(uniforms.rayStep).toBeLessThanOrEqual(1.5);
      expect(uniforms.streakStep).toBeLessThanOrEqual(1.25);
    }
  });

  it('packs the bloom uniforms too', () => {
    expect(layoutUniforms(bloomStage.uniforms).byteLength).toBeLessThanOrEqual(256);
  });
});

describe('vignette shape', () => {
  const radius = (x: number, y: number, w: number, h: number, roundness: number) => {
    const [sx, sy] = vignetteScale(w, h, roundness);
    return Math.hypot((x - w / 2) * sx, (y - h / 2) * sy);
  };

  it('puts the corners at 1 whatever the roundness', () => {
    for (const roundness of [0, 0.5, 1]) expect(radius(0, 0, 1080, 720, roundness)).toBeCloseTo(1);
  });

  it('follows the frame at roundness 0 and makes a circle at 1', () => {
    expect(radius(0, 360, 1080, 720, 0)).toBeCloseTo(radius(540, 0, 1080, 720, 0));
    expect(radius(540 - 300, 360, 1080, 720, 1)).toBeCloseTo(radius(540, 360 - 300, 1080, 720, 1));
  });
});
