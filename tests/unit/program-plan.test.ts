import { describe, expect, it } from 'vitest';
import { EFFECTS } from '../../src/effects/index.ts';
import { resolveSettings } from '../../src/effects/settings.ts';
import { chainPrograms } from '../../src/engine/program-plan.ts';

const WORKER_EFFECTS = EFFECTS.filter((effect) => effect.runsOn === 'worker');
const key = (spec: { stage: string; entry?: string; epilogue?: readonly { stage: string }[] }) =>
  [spec.stage, spec.entry ?? 'main', ...(spec.epilogue ?? []).map((step) => step.stage)].join('+');

describe('the programs a chain will run, planned without a GPU', () => {
  for (const effect of WORKER_EFFECTS) {
    it(`${effect.id}: every stage of its chain has a program, each named once`, () => {
      for (const size of [
        { width: 1080, height: 720 },
        { width: 160, height: 107 },
      ]) {
        const chain = effect.stages(resolveSettings(effect, {}), size);
        for (const workgroupMemory of [true, false]) {
          const programs = chainPrograms(chain, size, workgroupMemory).map(key);
          expect(new Set(programs).size).toBe(programs.length);
          // A stage runs as a pass of its own or fused into the pass before it: either way it is named.
          for (const step of chain) expect(programs.join(' ')).toContain(step.stage);
        }
      }
    });
  }

  it('CCD plans its bright passes, its blur and its JPEG, and workgroup memory changes the JPEG program', () => {
    const ccd = WORKER_EFFECTS.find((effect) => effect.id === 'ccdEffect')!;
    const size = { width: 1080, height: 720 };
    const chain = ccd.stages(resolveSettings(ccd, {}), size);
    const gpu = chainPrograms(chain, size, true).map(key);
    const gl = chainPrograms(chain, size, false).map(key);
    expect(gpu.filter((program) => program.startsWith('jpeg'))).not.toEqual(
      gl.filter((program) => program.startsWith('jpeg')),
    );
    expect(gpu).toEqual(
      expect.arrayContaining(['blur+blurH', 'bloom+prefilter', 'lens-reflection+flare', 'jpeg+encode']),
    );
  });

  it('records the formats each program writes, for a first draw into each', () => {
    const ccd = WORKER_EFFECTS.find((effect) => effect.id === 'ccdEffect')!;
    const size = { width: 1080, height: 720 };
    const programs = chainPrograms(ccd.stages(resolveSettings(ccd, {}), size), size, false);
    const formatsOf = (name: string) => programs.find((spec) => key(spec) === name)?.formats;
    // The bloom chain is half float; its glow and the JPEG's output are 8-bit.
    expect(formatsOf('bloom+down')).toEqual(['rgba16float']);
    expect(formatsOf('bloom+finish')).toEqual(['rgba8unorm']);
    expect(formatsOf('jpeg+main')).toEqual(['rgba8unorm']);
    for (const spec of programs) expect(spec.formats?.length).toBeGreaterThan(0);
  });
});
