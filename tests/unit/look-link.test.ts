import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLinkWriter, editLinkSearch, parseLookLink } from '../../src/session/look-link.ts';
import { findEffect } from '../../src/effects/index.ts';
import { defaultSettings } from '../../src/effects/settings.ts';
import { cropForPhoto } from '../../src/crop/model/crop-choice.ts';
import { type CropRecipe } from '../../src/edit/crop.ts';
import { EMPTY_EDIT, type Edit } from '../../src/edit/edit.ts';
import type { SettingValue } from '../../src/effects/types.ts';

/** An edit of one look (and a crop of a 4000x3000 photo). */
function lookEdit(effectId: string, settings: Record<string, SettingValue>, crop?: CropRecipe): Edit {
  return {
    ...EMPTY_EDIT,
    crop: crop ? cropForPhoto(crop, { width: 4000, height: 3000 }) : null,
    steps: [{ kind: 'effect', id: 's1', effectId, settings }],
  };
}

describe('look links', () => {
  it('write the effect and its non-default settings, and keep every other option (lang, engine, test options)', () => {
    const effect = findEffect('vibrance');
    if (!effect) throw new Error('no vibrance effect');
    const settings = { ...defaultSettings(effect), vibrance: 0.65 };
    const search = editLinkSearch('?engine=webgl2&lang=de&testHooks=1', lookEdit('vibrance', settings));
    const params = new URLSearchParams(search);
    expect(params.get('engine')).toBe('webgl2');
    expect(params.get('lang')).toBe('de');
    expect(params.get('testHooks')).toBe('1');
    expect(parseLookLink(search)).toEqual({ effectId: 'vibrance', settings: { vibrance: '0.65' } });
    expect(editLinkSearch(search, lookEdit('vibrance', defaultSettings(effect)))).toBe(
      '?engine=webgl2&lang=de&testHooks=1&effect=vibrance',
    );
    // An edit with nothing in it writes no look, the options kept.
    expect(editLinkSearch(search, EMPTY_EDIT)).toBe('?engine=webgl2&lang=de&testHooks=1');
  });
});

describe('the link writer', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());
  /** A writer on the test's clock, and what it has written. */
  const fakeWriter = () => {
    const writes: string[] = [];
    return {
      writes,
      writer: createLinkWriter(
        (s) => writes.push(s),
        400,
        () => clock,
      ),
    };
  };
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };

  it('writes a change after a quiet spell at once', () => {
    const { writes, writer } = fakeWriter();
    writer.request('?a');
    expect(writes).toEqual(['?a']);
    advance(1000);
    writer.request('?b');
    expect(writes).toEqual(['?a', '?b']);
  });

  it('writes a drag of 60 changes a second for 30 s at most once per interval, ending on the last', () => {
    const { writes, writer } = fakeWriter();
    for (let frame = 0; frame < 60 * 30; frame++) {
      writer.request(`?v=${frame}`);
      advance(1000 / 60);
    }
    advance(400);
    // Safari allows 100 rewrites in 30 s; this is one every 400 ms.
    expect(writes.length).toBeLessThanOrEqual(30_000 / 400 + 1);
    expect(writes.length).toBeGreaterThan(30_000 / 400 - 2);
    expect(writes.at(-1)).toBe(`?v=${60 * 30 - 1}`);
  });

  it('drops a waiting write when cancelled', () => {
    const { writes, writer } = fakeWriter();
    writer.request('?a');
    writer.request('?b');
    writer.cancel();
    advance(1000);
    expect(writes).toEqual(['?a']);
  });
});

describe('a crop in a look link (issue 37)', () => {
  const recipe: CropRecipe = {
    aspect: '4-5',
    aspectTurned: true,
    turns: 1,
    flipH: true,
    flipV: false,
    angle: -7.5,
  };

  it('carries the aspect, turns, flips and angle, and reads back the same', () => {
    const effect = findEffect('vibrance')!;
    const search = editLinkSearch('?engine=webgl2', lookEdit('vibrance', defaultSettings(effect), recipe));
    expect(search).toBe('?engine=webgl2&effect=vibrance&crop=5-4&turn=1&flip=h&angle=-7.5');
    expect(parseLookLink(search)).toEqual({ effectId: 'vibrance', settings: {}, crop: recipe });
  });

  it('is a link on its own, without an effect', () => {
    expect(parseLookLink('?crop=1-1')).toEqual({
      effectId: null,
      settings: {},
      crop: { aspect: '1-1', aspectTurned: false, turns: 0, flipH: false, flipV: false, angle: 0 },
    });
  });

  it('leaves out what does not parse, and clamps the angle', () => {
    expect(parseLookLink('?crop=7-3&turn=9&flip=x&angle=nope')).toBeNull();
    expect(parseLookLink('?angle=90')?.crop?.angle).toBe(45);
    expect(parseLookLink('?crop=original&flip=hv')?.crop).toMatchObject({
      aspect: 'original',
      flipH: true,
      flipV: true,
    });
  });

  it('is gone from the link when the crop is', () => {
    const effect = findEffect('vibrance')!;
    expect(
      editLinkSearch('?effect=vibrance&crop=1-1&turn=2', lookEdit('vibrance', defaultSettings(effect))),
    ).toBe('?effect=vibrance');
  });
});
