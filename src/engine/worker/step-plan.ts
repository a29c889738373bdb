/**
 * How each step of the full-resolution export runs (see full-resolution.ts): whole, in tiles, or scaled.
 * Pure: sizes, chains and tiles, no GPU work.
 */
import type { EffectDefinition, PhotoInput, Settings } from '../../effects/types.ts';
import { getStage } from '../stages/index.ts';
import type { StageInvocation } from '../stages/invocation.ts';
import { fitsOneTile, fitWithin, planTiles, type Tile, type TileLimits } from '../tiling.ts';

export interface ImageSize {
  width: number;
  height: number;
}

export function sameSize(a: ImageSize, b: ImageSize): boolean {
  return a.width === b.width && a.height === b.height;
}

/**
 * How far the chain reads around a pixel, all its stages together, on an image of this size; null when
 * some stage cannot run on part of an image.
 */
export function chainReach(chain: readonly StageInvocation[], image: ImageSize): number | null {
  let total = 0;
  for (const invocation of chain) {
    const stage = getStage(invocation.stage);
    if (!stage.reach) return null;
    const reach = stage.reach(invocation.params, image);
    if (!Number.isFinite(reach) || reach < 0) return null;
    total += reach;
  }
  return total;
}

/** The size the chain's output has for an input of this size (StageDefinition.outputSize). */
export function chainOutputSize(chain: readonly StageInvocation[], input: ImageSize): ImageSize {
  let size = { width: input.width, height: input.height };
  for (const invocation of chain) {
    const stage = getStage(invocation.stage);
    if (stage.outputSize) size = stage.outputSize(invocation.params, size);
  }
  return size;
}

export type StepPlan =
  | { kind: 'whole' }
  | { kind: 'tiles'; tiles: Tile[] }
  | { kind: 'scaled'; width: number; height: number; why: 'camera' | 'fit' };

export interface PlannedStep {
  effect: EffectDefinition;
  settings: Settings;
  plan: StepPlan;
  /** The stages, for the size the step runs at. */
  chain: StageInvocation[];
  /** What the step delivers: the full size, or less (a camera's pixels). */
  output: ImageSize;
  /** Units of progress: stages run (one more to scale the input), or tiles. */
  units: number;
}

/**
 * How each step runs on an image of `full` size within `limits`; `processing` is the size the preview
 * processed the original at.
 */
export function planSteps(
  steps: readonly { effect: EffectDefinition; settings: Settings }[],
  full: PhotoInput,
  processing: ImageSize,
  limits: TileLimits,
): PlannedStep[] {
  // The picture's size after the previous step, when that is smaller than the full size.
  let small: ImageSize | null = null;
  return steps.map(({ effect, settings }) => {
    const fullChain = effect.stages(settings, full);
    const fullOutput = chainOutputSize(fullChain, full);
    const camera = fullOutput.width < full.width || fullOutput.height < full.height;
    const cameraInput = small ?? processing;
    let planned: Omit<PlannedStep, 'effect' | 'settings'>;
    // The effect run at a smaller size, then scaled up (a resample and the chain).
    const scaled = (size: ImageSize, why: 'camera' | 'fit'): Omit<PlannedStep, 'effect' | 'settings'> => {
      const chain = effect.stages(settings, { ...size, ...(full.taken ? { taken: full.taken } : {}) });
      return {
        plan: { kind: 'scaled', ...size, why },
        chain,
        output: chainOutputSize(chain, size),
        units: Math.max(1, chain.length) + 1,
      };
    };
    if (camera && !sameSize(cameraInput, full)) {
      planned = scaled(cameraInput, 'camera');
    } else if (fitsOneTile(full.width, full.height, limits)) {
      planned = {
        plan: { kind: 'whole' },
        chain: fullChain,
        output: fullOutput,
        units: fullChain.length || 1,
      };
    } else {
      const reach = camera ? null : chainReach(fullChain, full);
      const tiles = reach === null ? null : planTiles(full.width, full.height, reach, limits);
      if (tiles) {
        planned = { plan: { kind: 'tiles', tiles }, chain: fullChain, output: full, units: tiles.length };
      } else {
        planned = scaled(fitWithin(full.width, full.height, limits), 'fit');
      }
    }
    small = sameSize(planned.output, full) ? null : planned.output;
    return { effect, settings, ...planned };
  });
}
