import { describe, expect, it } from 'vitest';
import { editLinkSearch, parseLookLink } from '../../src/session/look-link.ts';
import { EMPTY_EDIT } from '../../src/edit/edit.ts';
import type { SettingValue } from '../../src/effects/types.ts';

const lookLink = (effectId: string, settings: Record<string, SettingValue>) =>
  editLinkSearch('', { ...EMPTY_EDIT, steps: [{ kind: 'effect', id: 's1', effectId, settings }] });
import { EFFECTS, findEffect } from '../../src/effects/index.ts';
import { defaultSettings, resolveSettings, withSetting } from '../../src/effects/settings.ts';
import { stepStages } from '../../src/effects/strength.ts';
import type { EffectDefinition } from '../../src/effects/types.ts';
import { stepInputUses } from '../../src/engine/step-inputs.ts';
import { stepRuns, planSteps } from '../../src/engine/worker/export-step-plan.ts';

function effect(id: string): EffectDefinition {
  const found = findEffect(id);
  if (!found) throw new Error(`no effect ${id}`);
  return found;
}

const SIZE = { width: 768, height: 512 };

describe('strength on every step', () => {
  it('is a setting of every worker effect, 0-100 by 1, 100 by default, and not of the collage', () => {
    for (const e of EFFECTS) {
      const strength = e.settings.find((s) => s.name === 'strength');
      if (e.runsOn !== 'worker') {
        expect(strength, e.id).toBeUndefined();
        continue;
      }
      expect(strength, e.id).toMatchObject({ kind: 'range', min: 0, max: 100, step: 1, default: 100 });
      expect(strength?.testId).toBe('look-strength');
      expect(defaultSettings(e).strength, e.id).toBe(100);
    }
  });

  it("is every worker effect's first setting, so its panel shows it first on every size", () => {
    for (const e of EFFECTS.filter((x) => x.runsOn === 'worker'))
      expect(e.settings.filter((s) => !s.hidden)[0]?.name, e.id).toBe('strength');
  });

  it("at 100 is the effect's own chain; below, the same chain then a mix with the step's input", () => {
    for (const e of EFFECTS.filter((x) => x.runsOn === 'worker')) {
      const own = e.stages(defaultSettings(e), SIZE);
      expect(stepStages(e, defaultSettings(e), SIZE), e.id).toEqual(own);
      const half = stepStages(e, { ...defaultSettings(e), strength: 50 }, SIZE);
      expect(half.slice(0, -1), e.id).toEqual(own);
      expect(half.at(-1), e.id).toEqual({
        stage: 'mix',
        params: { amount: 0.5 },
        textures: { input: `step-input:${own.length}` },
      });
      // The mix reads what the chain ran on at its first stage: the step's input.
      expect([...stepInputUses(half)], e.id).toEqual([[0, own.length]]);
    }
    const vibrance = effect('vibrance');
    expect(stepStages(vibrance, { vibrance: 0.5, strength: 0 }, SIZE).at(-1)?.params).toEqual({ amount: 0 });
  });

  it('changes like any setting, clamped to 0-100 and whole; text that is not a number is refused', () => {
    const ccd = effect('ccdEffect');
    const settings = defaultSettings(ccd);
    expect(withSetting(ccd, settings, 'strength', 35)?.strength).toBe(35);
    expect(withSetting(ccd, settings, 'strength', '150')?.strength).toBe(100);
    expect(withSetting(ccd, settings, 'strength', -3)?.strength).toBe(0);
    expect(withSetting(ccd, settings, 'strength', 33.6)?.strength).toBe(34);
    expect(withSetting(ccd, settings, 'strength', 'abc')).toBeNull();
    expect(withSetting(ccd, settings, 'strength', Number.NaN)).toBeNull();
  });

  it('goes into a look link as strength=50 and comes back, and a link out of range or not a number is clamped or ignored', () => {
    const ccd = effect('ccdEffect');
    const search = lookLink('ccdEffect', { ...defaultSettings(ccd), strength: 50 });
    expect(new URLSearchParams(search).get('strength')).toBe('50');
    const parsed = parseLookLink(search);
    expect(parsed?.effectId).toBe('ccdEffect');
    expect(resolveSettings(ccd, parsed?.settings ?? {}).strength).toBe(50);
    // At its default the link does not carry it.
    expect(new URLSearchParams(lookLink('ccdEffect', defaultSettings(ccd))).has('strength')).toBe(false);
    const fromLink = (value: string) =>
      resolveSettings(ccd, parseLookLink(`?effect=ccdEffect&strength=${value}`)?.settings ?? {}).strength;
    expect(fromLink('250')).toBe(100);
    expect(fromLink('-40')).toBe(0);
    expect(fromLink('12.4')).toBe(12);
    expect(fromLink('1e309')).toBe(100);
    expect(fromLink('NaN')).toBe(100);
    expect(fromLink('half')).toBe(100);
    expect(fromLink('')).toBe(100);
  });

  it('keeps its step-input reference when tiled steps are joined into one chain', () => {
    const vibrance = effect('vibrance');
    const pg = effect('pg2016');
    const steps = [
      { effect: vibrance, settings: resolveSettings(vibrance, { vibrance: 0.5, strength: 40 }) },
      { effect: pg, settings: resolveSettings(pg, { strength: 70 }) },
    ];
    const full = { width: 6000, height: 4000 };
    const limits = { maxSide: 2048, maxPixels: 2048 * 2048 };
    const runs = stepRuns(planSteps(steps, full, full, limits), full, limits);
    expect(runs).toHaveLength(1);
    const chain = runs[0]?.chain ?? [];
    const mixes = chain.flatMap((invocation, index) => (invocation.stage === 'mix' ? [index] : []));
    expect(mixes).toHaveLength(2);
    // Each mix reads its own step's input: the first the run's, the second what the first step made.
    expect([...stepInputUses(chain)]).toEqual([
      [0, mixes[0]],
      [(mixes[0] ?? 0) + 1, mixes[1]],
    ]);
  });
});
