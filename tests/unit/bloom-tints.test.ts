import { describe, expect, it } from 'vitest';
import { BLOOM_TINTS, bloomTint } from '../../src/grading/bloom-tints.ts';
import { TINT_PRESETS } from '../../src/grading/tints.ts';

describe('CCD bloom tints', () => {
  it('has a colour for each of the six presets of the spec, and no other', () => {
    expect(Object.keys(BLOOM_TINTS).sort()).toEqual([...TINT_PRESETS].sort());
  });

  it('maps each preset to its RGB triple', () => {
    for (const name of TINT_PRESETS) expect(bloomTint(name)).toEqual(BLOOM_TINTS[name]);
    expect(bloomTint('white')).toEqual([1, 1, 1]);
  });

  it('turns an unknown name, or none, into white', () => {
    for (const name of ['purple', 'Violet', '', 'toString', '__proto__', undefined, null]) {
      expect(bloomTint(name)).toEqual(BLOOM_TINTS.white);
    }
  });

  it('keeps every triple in 0..1 with its brightest channel at 1, so presets glow alike', () => {
    for (const tint of Object.values(BLOOM_TINTS)) {
      expect(tint).toHaveLength(3);
      for (const c of tint) expect(c).toBeGreaterThanOrEqual(0);
      expect(Math.max(...tint)).toBe(1);
    }
  });

  it('gives violet a purple cast: blue strongest, red above green', () => {
    const [r, g, b] = BLOOM_TINTS.violet;
    expect(b).toBeGreaterThan(r);
    expect(r).toBeGreaterThan(g);
  });
});
