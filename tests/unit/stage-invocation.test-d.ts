// A stage call is typed by the stage registry (src/pipeline/stages/invocation.ts): each @ts-expect-error
// below must be an error, or `npm run typecheck` (and Vitest's typecheck) fails on the unused directive.
import { describe, expectTypeOf, it } from 'vitest';
import type { ParamsOf, StageInvocation, StageName } from '../../src/pipeline/stages/invocation.ts';
import type { BlurParams } from '../../src/pipeline/stages/blur/stage.ts';

describe('a stage call', () => {
  it('takes a registered stage with its params, textures and all', () => {
    const calls: StageInvocation[] = [
      { stage: 'blur', params: { sigma: 2, downsample: 1 } },
      { stage: 'blur', params: { sigma: 2 } },
      { stage: 'lut', params: { intensity: 1 }, textures: { lut: 'lut:nashville' } },
      { stage: 'copy', params: {} },
    ];
    expectTypeOf(calls).toEqualTypeOf<StageInvocation[]>();
    expectTypeOf<ParamsOf<'blur'>>().toEqualTypeOf<BlurParams>();
    expectTypeOf<'smart-blur'>().toExtend<StageName>();
  });

  it('refuses an unknown stage', () => {
    // @ts-expect-error: 'blurr' is no stage.
    const call: StageInvocation = { stage: 'blurr', params: { sigma: 2 } };
    void call;
  });

  it('refuses a missing param', () => {
    // @ts-expect-error: blur needs its sigma.
    const call: StageInvocation = { stage: 'blur', params: { downsample: 2 } };
    void call;
  });

  it('refuses a misspelt param, optional ones too', () => {
    const call: StageInvocation = {
      stage: 'blur',
      // @ts-expect-error: 'downsampel' is no param of blur (its 'downsample' is optional).
      params: { sigma: 2, downsampel: 2 },
    };
    void call;
  });

  it("refuses another stage's params", () => {
    // @ts-expect-error: vibrance takes no sigma.
    const call: StageInvocation = { stage: 'vibrance', params: { sigma: 2 } };
    void call;
  });

  it('refuses a param of the wrong type', () => {
    // @ts-expect-error: a quality is a number.
    const call: StageInvocation = { stage: 'jpeg', params: { quality: 'high' } };
    void call;
  });
});
