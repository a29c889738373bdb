import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOOKS, LOOK_NAMES, bakeLook, isLookName } from '../../src/grading/looks/index.ts';
import type { RgbaImage } from '../reference/image.ts';
import { lut } from '../reference/lut.ts';
import { meanAbsoluteError, meanSaturation } from '../reference/metrics.ts';
import { fixturePath } from '../support/images.ts';
import { decodePng } from '../support/png.ts';

const photo = decodePng(readFileSync(fixturePath('kodak/kodim03.png')));

function graded(name: string): RgbaImage {
  const atlas = bakeLook(name);
  return lut(photo, { intensity: 1, size: atlas.size }, { lut: atlas });
}

describe('looks', () => {
  it('lists the 18 filter names of the spec, each once, with a label', () => {
    expect(LOOK_NAMES).toHaveLength(18);
    expect(new Set(LOOK_NAMES).size).toBe(18);
    expect(LOOKS.map((look) => look.name)).toEqual(LOOK_NAMES);
    expect(new Set(LOOKS.map((look) => look.label)).size).toBe(18);
    expect(LOOK_NAMES.slice(0, 14)).toEqual([
      'nashville',
      'chief_keef',
      'nuke',
      'phreshboy',
      'sepia',
      '2014',
      '$$$',
      'pandora',
      'bleach_bypass',
      'stressor',
      'b&w',
      'b&w_clamped',
      'desat',
      'hsv_desat',
    ]);
    expect(isLookName('nashville')).toBe(true);
    expect(isLookName('toString')).toBe(false);
  });

  it('bakes an opaque (N*N) x N atlas, 33 by default', () => {
    const atlas = bakeLook('nashville');
    expect([atlas.size, atlas.width, atlas.height, atlas.data.length]).toEqual([
      33,
      33 * 33,
      33,
      33 ** 3 * 4,
    ]);
    expect(bakeLook('sepia', 17).width).toBe(17 * 17);
    for (let i = 3; i < atlas.data.length; i += 4) expect(atlas.data[i]).toBe(255);
    expect(() => bakeLook('instagram')).toThrow('Unknown look: instagram');
  });

  it('black and white looks are neutral grey; sepia is toned with red over green over blue', () => {
    const offLattice = (name: string, wrong: (r: number, g: number, b: number) => boolean) => {
      const { data } = bakeLook(name);
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if (wrong(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0)) count++;
      return count;
    };
    expect(offLattice('b&w', (r, g, b) => r !== g || g !== b)).toBe(0);
    expect(offLattice('b&w_clamped', (r, g, b) => r !== g || g !== b)).toBe(0);
    expect(offLattice('sepia', (r, g, b) => r < g || g < b)).toBe(0);
  });

  it('b&w_clamped lifts the blacks and lowers the whites; b&w keeps them', () => {
    const ends = (name: string) => {
      const atlas = bakeLook(name);
      const last = (atlas.size ** 3 - 1) * 4;
      return [atlas.data[0], atlas.data[last]];
    };
    const [clampedBlack = 0, clampedWhite = 255] = ends('b&w_clamped');
    expect(clampedBlack).toBeGreaterThan(20);
    expect(clampedWhite).toBeLessThan(235);
    expect(ends('b&w')).toEqual([0, 255]);
  });

  it('the desaturations keep some colour, less than the photo has', () => {
    const original = meanSaturation(photo);
    for (const name of ['desat', 'hsv_desat', 'bleach_bypass']) {
      const saturation = meanSaturation(graded(name));
      expect(saturation, name).toBeLessThan(original * 0.7);
      expect(saturation, name).toBeGreaterThan(original * 0.2);
    }
  });

  it('differ from each other by at least 3 levels of mean absolute difference on kodim03', () => {
    const outputs = LOOK_NAMES.map((name) => [name, graded(name)] as const);
    const tooClose: string[] = [];
    let closest = Infinity;
    for (let i = 0; i < outputs.length; i++) {
      for (let j = i + 1; j < outputs.length; j++) {
        const [a, imageA] = outputs[i] ?? [];
        const [b, imageB] = outputs[j] ?? [];
        if (!imageA || !imageB) continue;
        const difference = meanAbsoluteError(imageA, imageB);
        closest = Math.min(closest, difference);
        if (difference < 3) tooClose.push(`${a} vs ${b}: ${difference.toFixed(2)}`);
      }
    }
    expect(tooClose).toEqual([]);
    expect(closest).toBeGreaterThanOrEqual(3);
    // Every look also changes the photo.
    for (const [name, image] of outputs) expect(meanAbsoluteError(image, photo), name).toBeGreaterThan(3);
  }, 60_000);
});
