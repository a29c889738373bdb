/**
 * A call of a stage, typed by the stage registry: the compiler refuses an unknown stage name, a missing
 * parameter and a misspelt one (excess properties of an object literal), so a typo in an effect fails
 * `npm run typecheck` instead of being dropped at run time (tests/unit/stage-invocation.test-d.ts).
 */
import type { STAGE_DEFINITIONS, StageName } from './index.ts';
import type { StageDefinition } from './types.ts';

export type { StageName };

/** The params a stage's `encode` takes. */
export type ParamsOf<N extends StageName> =
  (typeof STAGE_DEFINITIONS)[N] extends StageDefinition<infer P> ? P : never;

/** One step of an effect: which stage runs, with which parameters and extra textures. */
export type StageInvocation = {
  readonly [N in StageName]: {
    readonly stage: N;
    readonly params: ParamsOf<N>;
    /** Slot name -> resource key (`lut:nashville`, `mask:freehand`), resolved by the engine. */
    readonly textures?: Readonly<Record<string, string>>;
  };
}[StageName];
