/**
 * The step inputs of a run: the textures a chain ran on at the invocations that a later one reads back
 * (a step's strength mixes the step's output with its input: src/pipeline/stages/mix/stage.ts). The runner
 * keeps each from the pool until the last invocation that reads it has run, and gives it at the size of
 * the image the reader runs on.
 */
import type { GpuTexture } from './backend.ts';
import { getStage } from '../pipeline/stages/index.ts';
import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import { stepInputBack } from '../pipeline/stages/mix/stage.ts';
import { RESIZE_SMOOTH } from '../pipeline/stages/resize/stage.ts';
import type { TextureResolver } from '../pipeline/stages/types.ts';

interface Size {
  readonly width: number;
  readonly height: number;
}

/** What the runner lends: a chain run of its own (a resample), and the pool's release. */
export interface StepInputRunner {
  run(input: GpuTexture, chain: readonly StageInvocation[]): GpuTexture;
  release(texture: GpuTexture): void;
}

/**
 * For each invocation whose input a later one reads, the last invocation that reads it; keys below 0
 * reach before the chain's start (a caller that runs a chain in pieces resolves those itself).
 */
export function stepInputUses(steps: readonly StageInvocation[]): Map<number, number> {
  const uses = new Map<number, number>();
  steps.forEach((step, index) => {
    for (const key of Object.values(step.textures ?? {})) {
      const back = stepInputBack(key);
      if (back !== null) uses.set(index - back, Math.max(uses.get(index - back) ?? index, index));
    }
  });
  return uses;
}

export class StepInputs {
  /** Invocation index -> the last invocation that reads what the chain ran on there. */
  private readonly lastUse: Map<number, number>;
  /** The size of the image each invocation runs on, from the stages' declared output sizes. */
  private readonly sizes: Size[] = [];
  private readonly held = new Map<number, GpuTexture>();
  /** Textures held that are not the pool's to take back: the run's input, the caller's step inputs. */
  private readonly lent = new Set<GpuTexture>();
  /** Step inputs resampled to a reader's size, by index and size. */
  private readonly resampled = new Map<string, GpuTexture>();

  /**
   * `resolve` is the run's resolver: a step-input key that reaches before the chain's start is asked of
   * it (a caller that runs a chain a stage at a time keeps those inputs itself).
   */
  constructor(
    private readonly runner: StepInputRunner,
    private readonly steps: readonly StageInvocation[],
    input: GpuTexture,
    private readonly resolve: TextureResolver,
  ) {
    this.lent.add(input);
    this.lastUse = stepInputUses(steps);
    let size: Size = input;
    for (const step of steps) {
      this.sizes.push(size);
      size = getStage(step.stage).outputSize?.(step.params, size) ?? size;
    }
    steps.forEach((step, index) => {
      for (const key of Object.values(step.textures ?? {})) {
        const back = stepInputBack(key);
        if (back === null || index - back >= 0 || this.held.has(index - back)) continue;
        const texture = resolve(key);
        this.lent.add(texture);
        this.reached(index - back, texture);
      }
    });
  }

  /** Whether a later invocation reads what invocation `index` runs on (so it must run on a stored texture). */
  isStepInput(index: number): boolean {
    return this.lastUse.has(index);
  }

  /**
   * The chain has reached invocation `index`, which runs on `texture`. Readers at another size get their
   * copy now, before any stage encodes: a stage hands back its intermediates while its last pass still
   * waits to run, so no other pass may take a texture from the pool then.
   */
  reached(index: number, texture: GpuTexture): void {
    if (!this.lastUse.has(index)) return;
    this.held.set(index, texture);
    this.steps.forEach((step, reader) => {
      const reads = Object.values(step.textures ?? {}).some((key) => stepInputBack(key) === reader - index);
      const size = this.sizes[reader];
      if (!reads || !size || sameSize(texture, size) || this.resampled.has(resampledKey(index, size))) return;
      // As an editor scales a photo: a reduction averages, an enlargement is smooth.
      const params = { width: size.width, height: size.height, mode: RESIZE_SMOOTH };
      this.resampled.set(resampledKey(index, size), this.runner.run(texture, [{ stage: 'resize', params }]));
    });
  }

  holds(texture: GpuTexture): boolean {
    for (const held of this.held.values()) if (held === texture) return true;
    return false;
  }

  /** The next invocation to run is `next`: step inputs no invocation from there on reads go back. */
  passed(next: number): void {
    for (const [index, texture] of this.held) {
      if ((this.lastUse.get(index) ?? -1) >= next) continue;
      this.held.delete(index);
      for (const [key, copy] of this.resampled) {
        if (!key.startsWith(`${index}:`)) continue;
        this.resampled.delete(key);
        this.runner.release(copy);
      }
      if (!this.lent.has(texture)) this.runner.release(texture);
    }
  }

  /** Every texture still kept goes back (the run ended, or failed). */
  releaseAll(): void {
    this.passed(Number.POSITIVE_INFINITY);
    for (const copy of this.resampled.values()) this.runner.release(copy);
    this.resampled.clear();
  }

  /**
   * The resolver for invocation `index`, which runs on an image of `size`: step-input keys give the held
   * texture (its copy at `size` when the step changed the size), other keys go to the run's resolver.
   */
  resolver(index: number, size: Size): TextureResolver {
    return (key) => {
      const back = stepInputBack(key);
      if (back === null) return this.resolve(key);
      const from = index - back;
      const texture = this.held.get(from);
      const found =
        texture && sameSize(texture, size) ? texture : this.resampled.get(resampledKey(from, size));
      if (!found) throw new Error(`No step input for ${this.steps[index]?.stage ?? 'a stage'} (${key})`);
      return found;
    };
  }
}

function sameSize(a: Size, b: Size): boolean {
  return a.width === b.width && a.height === b.height;
}

function resampledKey(index: number, size: Size): string {
  return `${index}:${size.width}x${size.height}`;
}
