/**
 * How each step of the full-resolution export runs (see full-resolution.ts): whole, in tiles, or scaled.
 * Pure: sizes, chains and tiles, no GPU work.
 */
import type { EffectDefinition, PhotoInput, Settings } from '../../effects/types.ts';
import { getStage } from '../../pipeline/stages/index.ts';
import { stepInputBack } from '../../pipeline/stages/mix/stage.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';
import { fitsOneTile, fitWithin, planTiles, type Tile, type TileLimits } from '../tiling.ts';
import { stepStages } from '../../effects/strength.ts';

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
  | { kind: 'scaled'; width: number; height: number; why: ScaledWhy };

/**
 * Why a step runs smaller than the photo: a camera (it runs at the size the preview ran it), a step
 * before a camera (the camera reads only that size, so the step runs there too, as in the preview, and
 * the photo is never held at full size for it), or to fit a backend.
 */
export type ScaledWhy = 'camera' | 'before-camera' | 'fit';

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
  const chains = steps.map(({ effect, settings }) => {
    const chain = stepStages(effect, settings, full);
    const output = chainOutputSize(chain, full);
    return { chain, output, camera: output.width < full.width || output.height < full.height };
  });
  const lastCamera = chains.map((c) => c.camera).lastIndexOf(true);
  return steps.map(({ effect, settings }, index) => {
    const { chain: fullChain, output: fullOutput, camera } = chains[index]!;
    const cameraInput = small ?? processing;
    let planned: Omit<PlannedStep, 'effect' | 'settings'>;
    // The effect run at a smaller size, then scaled up (a resample and the chain).
    const scaled = (size: ImageSize, why: ScaledWhy): Omit<PlannedStep, 'effect' | 'settings'> => {
      const chain = stepStages(effect, settings, { ...size, ...(full.taken ? { taken: full.taken } : {}) });
      return {
        plan: { kind: 'scaled', ...size, why },
        chain,
        output: chainOutputSize(chain, size),
        units: Math.max(1, chain.length) + 1,
      };
    };
    if (camera && !sameSize(cameraInput, full)) {
      planned = scaled(cameraInput, 'camera');
    } else if (index < lastCamera && !sameSize(cameraInput, full)) {
      planned = scaled(cameraInput, 'before-camera');
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

/** What one pass of the export runs: a planned step, or consecutive tiled steps as one. */
export interface StepRun {
  plan: StepPlan;
  /** The stages of its steps in order; a step's own textures are named `key@step` (see stepTexture). */
  chain: StageInvocation[];
  output: ImageSize;
  units: number;
  /** The indices of the steps it runs. */
  steps: number[];
}

/** The name a step's own texture (its freehand mask) has in a run's chain. */
export function stepTexture(key: string, step: number): string {
  return `${key}@${step}`;
}

/**
 * The planned steps as runs: consecutive tiled steps become one run over tiles planned for their reach
 * together, so that each tile goes through all of them and no step's output is held at full size in
 * between (the picture is then held at its full size once: the original as decoded). Steps whose
 * reach together no tile fits stay apart.
 */
export function stepRuns(steps: readonly PlannedStep[], full: ImageSize, limits: TileLimits): StepRun[] {
  const runs: StepRun[] = [];
  for (const [index, step] of steps.entries()) {
    const chain = step.chain.map((invocation) => ownTextures(invocation, index));
    const last = runs.at(-1);
    if (last?.plan.kind === 'tiles' && step.plan.kind === 'tiles') {
      const joined = [...last.chain, ...chain];
      const reach = chainReach(joined, full);
      const tiles = reach === null ? null : planTiles(full.width, full.height, reach, limits);
      if (tiles) {
        runs[runs.length - 1] = {
          plan: { kind: 'tiles', tiles },
          chain: joined,
          output: full,
          units: tiles.length,
          steps: [...last.steps, index],
        };
        continue;
      }
    }
    runs.push({ plan: step.plan, chain, output: step.output, units: step.units, steps: [index] });
  }
  return runs;
}

function ownTextures(invocation: StageInvocation, step: number): StageInvocation {
  if (!invocation.textures) return invocation;
  const textures = Object.fromEntries(
    // A step input is relative to the invocation (the runner resolves it), so it holds in a joined chain.
    Object.entries(invocation.textures).map(([slot, key]) => [
      slot,
      stepInputBack(key) === null ? stepTexture(key, step) : key,
    ]),
  );
  return { ...invocation, textures };
}
