// Issue 26: the viewfinder's size rules and the camera's error messages, without a browser.
import { describe, expect, it } from 'vitest';
import { CAMERA_MESSAGES, problemOf } from '../../src/camera/ui/camera-problems.ts';
import { shotName } from '../../src/camera/ui/camera-session.ts';
import { CAMERA_LOOKS, findCameraLook } from '../../src/camera/model/looks.ts';
import {
  adaptLongSide,
  LIVE_MAX_LONG_SIDE,
  LIVE_MIN_LONG_SIDE,
  liveSize,
  lookStages,
} from '../../src/engine/worker/live.ts';
import { chainOutputSize } from '../../src/engine/worker/export-step-plan.ts';
import { recipeLooks } from '../../src/camera/ui/recipe-looks.ts';
import { starterRecipes } from '../../src/recipes/model/starters.ts';
import { CUSTOM_LUT } from '../../src/grading/look-names.ts';

describe('the preview size', () => {
  it('scales a frame down to the long side, never up, keeping its aspect', () => {
    expect(liveSize({ width: 1920, height: 1080 }, 640)).toEqual({ width: 640, height: 360 });
    expect(liveSize({ width: 480, height: 640 }, 320)).toEqual({ width: 240, height: 320 });
    expect(liveSize({ width: 640, height: 480 }, 1080)).toEqual({ width: 640, height: 480 });
  });

  it('shrinks when frames cost more than the frame interval, grows with room, within its limits', () => {
    const interval = 1000 / 30;
    expect(adaptLongSide(640, 60, interval, 1920)).toBe(512);
    expect(adaptLongSide(640, 10, interval, 1920)).toBe(768);
    expect(adaptLongSide(640, 25, interval, 1920)).toBe(640);
    expect(adaptLongSide(LIVE_MIN_LONG_SIDE, 500, interval, 1920)).toBe(LIVE_MIN_LONG_SIDE);
    expect(adaptLongSide(1000, 1, interval, 4000)).toBe(LIVE_MAX_LONG_SIDE);
    // Never above the camera's own size.
    expect(adaptLongSide(600, 1, interval, 640)).toBe(640);
    expect(adaptLongSide(640, 1, interval, 320)).toBe(320);
  });
});

describe('the camera', () => {
  it("says why it cannot start, from getUserMedia's error", () => {
    const named = (name: string) => new DOMException('x', name);
    expect(problemOf(named('NotAllowedError'))).toBe('refused');
    expect(problemOf(named('SecurityError'))).toBe('refused');
    expect(problemOf(named('NotFoundError'))).toBe('absent');
    expect(problemOf(named('OverconstrainedError'))).toBe('absent');
    expect(problemOf(named('NotReadableError'))).toBe('busy');
    expect(problemOf(named('AbortError'))).toBe('busy');
    for (const message of Object.values(CAMERA_MESSAGES)) expect(message).toMatch(/upload a photo/i);
  });

  it('names a shot after when it was taken', () => {
    expect(shotName(new Date(2026, 10, 25, 9, 5, 7))).toBe('camera_20261125-090507.jpg');
  });

  it('offers every camera effect and every Filters look, each once', () => {
    const keys = CAMERA_LOOKS.map((look) => look.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const id of [
      'none',
      'ccdEffect',
      'nokiaEffect',
      'laptopEffect',
      'iphone3Effect',
      'pg2016:nashville',
    ])
      expect(findCameraLook(id), id).toBeDefined();
    expect(findCameraLook('smartBlur')).toBeUndefined();
  });
});

describe("a recipe's look", () => {
  const size = { width: 320, height: 240 };
  const look = (
    steps: { effectId: string; settings: Record<string, number | string | boolean>; cube?: string }[],
  ) => ({ type: 'liveLook', effectId: null, settings: {}, steps }) as const;

  it("runs each step in order, each through its strength, as the one effect's look would", () => {
    const one = lookStages({ type: 'liveLook', effectId: 'nokiaEffect', settings: {} }, size);
    expect(one.length).toBeGreaterThan(0);
    expect(lookStages(look([{ effectId: 'nokiaEffect', settings: {} }]), size)).toEqual(one);
    const half = lookStages(look([{ effectId: 'nokiaEffect', settings: { strength: 50 } }]), size);
    expect(half.at(-1)?.stage).toBe('mix');
    expect(lookStages(look([]), size)).toEqual([]);
    // A step after one that makes its own size is told that size, as a still photo's next step is.
    const nokia = chainOutputSize(one, size);
    const after = lookStages(
      look([
        { effectId: 'nokiaEffect', settings: {} },
        { effectId: 'ccdEffect', settings: {} },
      ]),
      size,
    );
    expect(after.slice(one.length)).toEqual(
      lookStages({ type: 'liveLook', effectId: 'ccdEffect', settings: {} }, nokia),
    );
  });

  it('offers each kept recipe by its id and name, one that reads its own .cube too', () => {
    const [first, second] = starterRecipes();
    const cubed = {
      ...first!,
      name: 'Cubed',
      steps: [{ effectId: 'pg2016', settings: { filterName: CUSTOM_LUT } }],
    };
    const looks = recipeLooks([
      { id: 'a', order: 0, recipe: first! },
      { id: 'b', order: 1, recipe: second! },
      { id: 'c', order: 2, recipe: cubed },
    ]);
    expect(looks.map((l) => [l.key, l.label])).toEqual([
      ['recipe:a', first!.name],
      ['recipe:b', second!.name],
      ['recipe:c', 'Cubed'],
    ]);
  });

  it('runs two steps that read two .cube files in one chain, each step reading its own table', () => {
    const custom = { filterName: CUSTOM_LUT, lutName: CUSTOM_LUT };
    const stages = lookStages(
      look([
        { effectId: 'pg2016', settings: { ...custom }, cube: 'hash-one' },
        { effectId: 'pg2016', settings: { filterName: 'nashville', lutName: 'nashville' } },
        { effectId: 'pg2016', settings: { ...custom }, cube: 'hash-two' },
      ]),
      size,
    );
    const luts = stages.filter((s) => s.stage === 'lut').map((s) => s.textures?.['lut']);
    expect(luts).toEqual(['cube:hash-one', 'lut:nashville', 'cube:hash-two']);
  });
});
