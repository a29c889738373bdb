import { describe, expect, it } from 'vitest';
import { coerceSetting, defaultSettings, resolveSettings } from '../../src/effects/settings.ts';
import type { EffectDefinition, RangeSetting } from '../../src/effects/types.ts';

const range: RangeSetting = { kind: 'range', name: 'q', label: 'Q', min: 1, max: 100, step: 1, default: 50 };
const fine: RangeSetting = { kind: 'range', name: 'v', label: 'V', min: -1, max: 1, step: 0.01, default: 0 };

describe('setting input rules (spec section 5)', () => {
  it('clamps numbers to the range', () => {
    expect(coerceSetting(range, 500)).toBe(100);
    expect(coerceSetting(range, '-3')).toBe(1);
    expect(coerceSetting(fine, '0.5')).toBe(0.5);
  });

  it('clamps numbers too large for a number ("1e309" is Infinity) like any other', () => {
    expect(coerceSetting(range, '1e309')).toBe(100);
    expect(coerceSetting(range, '1e308')).toBe(100);
    expect(coerceSetting(range, '-1e309')).toBe(1);
    expect(coerceSetting(fine, Infinity)).toBe(1);
  });

  it('steps round a cyclic range: after max comes min, before min comes max', () => {
    const id: RangeSetting = { ...range, min: 1, max: 10, default: 1, cyclic: true };
    expect(coerceSetting(id, 11)).toBe(1);
    expect(coerceSetting(id, '11')).toBe(1);
    expect(coerceSetting(id, 0)).toBe(10);
    expect(coerceSetting(id, 23)).toBe(3);
    expect(coerceSetting(id, 10)).toBe(10);
    expect(coerceSetting(id, '1e309')).toBe(10);
    expect(coerceSetting(id, 'x')).toBeUndefined();
  });

  it('snaps to the step without floating-point dust', () => {
    expect(coerceSetting(range, 41.6)).toBe(42);
    expect(coerceSetting(fine, 0.123)).toBe(0.12);
    expect(coerceSetting(fine, 0.07)).toBe(0.07);
  });

  it('gives undefined (revert) for non-numeric input', () => {
    expect(coerceSetting(range, 'abc')).toBeUndefined();
    expect(coerceSetting(range, '')).toBeUndefined();
    expect(coerceSetting(range, NaN)).toBeUndefined();
  });

  it('accepts only listed options and boolean spellings', () => {
    const select = {
      kind: 'select',
      name: 's',
      label: 'S',
      default: 'a',
      options: [{ value: 'a', label: 'A' }],
    } as const;
    expect(coerceSetting(select, 'a')).toBe('a');
    expect(coerceSetting(select, 'b')).toBeUndefined();
    const toggle = { kind: 'toggle', name: 't', label: 'T', default: false } as const;
    expect(coerceSetting(toggle, 'true')).toBe(true);
    expect(coerceSetting(toggle, '0')).toBe(false);
    expect(coerceSetting(toggle, 'maybe')).toBeUndefined();
  });

  it('fills every setting, keeping valid given values and defaults for the rest', () => {
    const effect: EffectDefinition = {
      id: 'e',
      name: 'E',
      runsOn: 'worker',
      settings: [range, fine],
      stages: () => [],
    };
    expect(defaultSettings(effect)).toEqual({ q: 50, v: 0 });
    expect(resolveSettings(effect, { q: 'junk', v: 2, extra: 1 })).toEqual({ q: 50, v: 1 });
  });
});
