import { describe, expect, it } from 'vitest';
import { EFFECTS } from '../../src/effects/index.ts';
import { resolveSettings } from '../../src/effects/settings.ts';
import type { EffectDefinition, SettingValue } from '../../src/effects/types.ts';
import type { GpuTexture } from '../../src/engine/backend.ts';
import { CPU_STAGES } from '../../src/pipeline/cpu/kernels/index.ts';
import { CpuTexture } from '../../src/pipeline/cpu/texture.ts';
import { STAGE_DEFINITIONS, STAGES } from '../../src/pipeline/stages/index.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import {
  wholeRegion,
  type AnyStage,
  type PassEncoder,
  type PassRequest,
} from '../../src/pipeline/stages/types.ts';
import { bakeLut } from '../../src/grading/luts.ts';

const IMAGE = { width: 320, height: 240, taken: '2026-01-02' };

/** An effect's settings with every toggle on and every range at its top: each optional stage runs. */
function everythingOn(effect: EffectDefinition): Record<string, SettingValue> {
  const settings: Record<string, SettingValue> = {};
  for (const setting of effect.settings) {
    if (setting.kind === 'toggle') settings[setting.name] = true;
    if (setting.kind === 'range') settings[setting.name] = setting.max;
  }
  return resolveSettings(effect, settings);
}

/** One invocation of each per-pixel stage the effects run, at their defaults or with everything on. */
function perPixelInvocations(): Map<string, StageInvocation> {
  const found = new Map<string, StageInvocation>();
  for (const effect of EFFECTS.filter((e) => e.runsOn === 'worker')) {
    for (const settings of [resolveSettings(effect, {}), everythingOn(effect)]) {
      for (const invocation of effect.stages(settings, IMAGE)) {
        if (STAGES.get(invocation.stage)?.perPixel && !found.has(invocation.stage)) {
          found.set(invocation.stage, invocation);
        }
      }
    }
  }
  return found;
}

const LUT_ATLAS = bakeLut('nashville');

/** An extra texture for the CPU kernel: the look's LUT atlas for a `lut` slot. */
function extraTexture(): CpuTexture {
  if (!LUT_ATLAS) throw new Error('no nashville LUT');
  const texture = new CpuTexture(0, LUT_ATLAS.width, LUT_ATLAS.height, 'rgba8unorm');
  texture.data.set(LUT_ATLAS.data);
  return texture;
}

/** The stage's pixel function for an invocation on the whole image, through its own `encode`. */
function pixelFunction(invocation: StageInvocation) {
  const stage = STAGES.get(invocation.stage);
  const pixel = CPU_STAGES.get(invocation.stage)?.pixel;
  if (!stage || !pixel) throw new Error(`no per-pixel stage ${invocation.stage}`);
  const input = { width: IMAGE.width, height: IMAGE.height } as GpuTexture;
  let request: PassRequest | null = null;
  const encoder: PassEncoder = {
    pass: (asked) => {
      request = asked;
      return input;
    },
    release: () => undefined,
    region: wholeRegion(IMAGE),
    workgroupMemory: false,
  };
  const slots = Object.fromEntries(
    (stage.textures ?? []).map((slot) => [slot, { width: 33 * 33, height: 33 } as GpuTexture]),
  );
  stage.encode(encoder, input, invocation.params, slots);
  const asked = request as PassRequest | null;
  if (!asked) throw new Error(`${invocation.stage} asked for no pass`);
  const extras = (stage.textures ?? []).map(() => extraTexture());
  return pixel(asked.uniforms ?? {}, extras);
}

const COLOURS = [
  [0.1, 0.2, 0.3],
  [0.5, 0.5, 0.5],
  [0.9, 0.4, 0.2],
  [0.25, 0.8, 0.6],
];

/** How many (colour, place) pairs give another result than the same colour at the image's top-left. */
function placesThatDiffer(invocation: StageInvocation): number {
  const pixel = pixelFunction(invocation);
  let differ = 0;
  for (const colour of COLOURS) {
    const at = (x: number, y: number) => {
      const c = new Float32Array([...colour, 1]);
      pixel(c, x, y, IMAGE.width, IMAGE.height);
      return Array.from(c, (v) => Math.round(v * 255));
    };
    const first = at(0, 0);
    for (let y = 0; y < IMAGE.height; y += 7) {
      for (let x = 0; x < IMAGE.width; x += 7) {
        if (at(x, y).some((v, i) => v !== first[i])) differ++;
      }
    }
  }
  return differ;
}

describe("stages marked colourOnly (a .cube can stand for them: the recipe's colour export)", () => {
  const invocations = perPixelInvocations();

  it('are per-pixel stages that the effects run (so each is held below)', () => {
    const stages: readonly AnyStage[] = Object.values(STAGE_DEFINITIONS);
    for (const stage of stages.filter((s) => s.colourOnly)) {
      expect(stage.perPixel, stage.name).toBe(true);
      expect(invocations.has(stage.name), stage.name).toBe(true);
    }
  });

  it('are exactly the per-pixel stages whose output does not depend on where the pixel is', () => {
    const placeBound: string[] = [];
    const colourOnly: string[] = [];
    for (const [name, invocation] of invocations) {
      if (placesThatDiffer(invocation) > 0) placeBound.push(name);
      if (STAGES.get(name)?.colourOnly) colourOnly.push(name);
    }
    const byColour = [...invocations.keys()].filter((name) => !placeBound.includes(name));
    expect(colourOnly.sort()).toEqual(byColour.sort());
    // The looks' LUT and vibrance are the colour; vignettes, grain, leaks and the date stamp are not.
    expect(byColour).toEqual(expect.arrayContaining(['lut', 'vibrance']));
    expect(placeBound).toEqual(
      expect.arrayContaining(['vignette', 'grain', 'tonal-grain', 'light-leak', 'date-stamp']),
    );
  });
});
