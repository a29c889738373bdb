import type { Backend, FusedStep, GpuTexture } from './backend.ts';
import { MAX_EPILOGUE_STAGES } from './epilogue-fusion.ts';
import { getStage } from '../pipeline/stages/index.ts';
import { StepInputs } from './step-inputs.ts';
import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import type {
  AnyStage,
  PassEncoder,
  PassRequest,
  Region,
  StageTextures,
  TextureResolver,
} from '../pipeline/stages/types.ts';
import { wholeRegion } from '../pipeline/stages/types.ts';
import { TexturePool } from './texture-pool.ts';
import { layoutUniforms, packUniforms, type UniformLayout } from '../pipeline/uniforms.ts';

/** A per-pixel stage's one pass, recorded instead of run, to be applied by the pass before it. */
interface PixelPass {
  stage: AnyStage;
  request: PassRequest;
}

/**
 * Runs chains of stages on a backend. Intermediates come from, and go back to, one texture pool, so an
 * apply after the first allocates nothing new at the same size. The per-pixel stages after a stage run in
 * its last pass, on each value before it is stored (src/engine/epilogue-fusion.ts).
 */
export class StageRunner {
  readonly pool: TexturePool;
  /**
   * Fuse per-pixel stages into the pass before them; off (only to compare), each runs on a copy pass of
   * its own.
   */
  fuse = true;
  /** Passes run so far, fused ones counted once. */
  passCount = 0;
  private readonly layouts = new Map<string, UniformLayout>();

  constructor(readonly backend: Backend) {
    this.pool = new TexturePool(backend);
  }

  /**
   * Runs the stages in order on `input` and returns a new texture from the pool (the caller releases it).
   * `input` itself is left alone; with no stages the result is a copy. `resolve` supplies the extra
   * textures (LUTs, masks) that invocations name; the runner itself resolves step-input keys (a step's
   * strength: src/pipeline/stages/mix/stage.ts). `region` places `input` in a larger image (a tile of the
   * full-resolution export); every stage must then keep the size, as tileable stages do.
   */
  run(
    input: GpuTexture,
    chain: readonly StageInvocation[],
    resolve: TextureResolver = noTextures,
    region?: Region,
  ): GpuTexture {
    const steps = chain.length > 0 ? chain : [COPY];
    const lender = {
      run: (texture: GpuTexture, resample: readonly StageInvocation[]) => this.run(texture, resample),
      release: (texture: GpuTexture) => this.pool.release(texture),
    };
    const inputs = new StepInputs(lender, steps, input, resolve);
    let current = input;
    try {
      for (let i = 0; i < steps.length;) {
        const step = steps[i] as StageInvocation;
        inputs.reached(i, current);
        const own = getStage(step.stage);
        // A per-pixel stage has no pass of its own: where the pass before it could not take it, it runs on
        // what a copy pass stores, with the per-pixel stages after it.
        const stage = own.perPixel ? getStage('copy') : own;
        const first = own.perPixel ? i : i + 1;
        const limit = this.fuse ? MAX_EPILOGUE_STAGES : own.perPixel ? 1 : 0;
        const following = (output: GpuTexture) =>
          this.pixelRun(steps, i, first, limit, output, inputs, region ?? wholeRegion(output));
        const { output: next, fused } = this.runStage(
          stage,
          current,
          own.perPixel ? {} : step.params,
          own.perPixel ? {} : texturesFor(stage, step, inputs.resolver(i, current)),
          region ?? wholeRegion(current),
          following,
        );
        if (first + fused === i) {
          this.pool.release(next);
          throw new Error(`Stage ${own.name} did not run as a per-pixel stage`);
        }
        i = first + fused;
        if (region && (next.width !== input.width || next.height !== input.height)) {
          this.pool.release(next);
          throw new Error(`A stage changed the size of a tile (${step.stage})`);
        }
        if (current !== input && !inputs.holds(current)) this.pool.release(current);
        current = next;
        inputs.passed(i);
      }
    } finally {
      inputs.releaseAll();
    }
    return current;
  }

  /**
   * Up to `limit` per-pixel stages from `start` on, each with the one pass it would make on `input`, in
   * the pass of the stage at `own`.
   */
  private pixelRun(
    steps: readonly StageInvocation[],
    own: number,
    start: number,
    limit: number,
    input: GpuTexture,
    inputs: StepInputs,
    region: Region,
  ): PixelPass[] {
    const run: PixelPass[] = [];
    for (let i = start; i < steps.length && run.length < limit; i++) {
      const step = steps[i] as StageInvocation;
      const stage = getStage(step.stage);
      if (!stage.perPixel) break;
      // A later invocation reads what this one runs on (its step's input): it is stored, not fused.
      if (i > own && inputs.isStepInput(i)) break;
      const textures = texturesFor(stage, step, inputs.resolver(i, input));
      const request = recordOnePass(stage, input, step.params, textures, region);
      if (!request) break;
      run.push({ stage, request });
    }
    return run;
  }

  /**
   * Encodes the stage. Each pass runs when the next is asked for, so the last one is still waiting when
   * the stage returns: if it made the result, it runs with the per-pixel stages that `following` finds
   * on a texture of the result's size. Returns the result and how many stages after this one it ran.
   */
  private runStage(
    stage: AnyStage,
    input: GpuTexture,
    params: StageInvocation['params'],
    textures: StageTextures,
    region: Region,
    following: (output: GpuTexture) => PixelPass[],
  ): { output: GpuTexture; fused: number } {
    let waiting: { request: PassRequest; output: GpuTexture } | null = null;
    const flush = (epilogue: readonly PixelPass[] = []) => {
      if (waiting) this.pass(stage, waiting.request, waiting.output, epilogue);
      waiting = null;
    };
    const encoder: PassEncoder = {
      pass: (request) => {
        flush();
        const output = this.pool.acquire(request.width, request.height, request.format);
        waiting = { request, output };
        return output;
      },
      release: (texture) => this.pool.release(texture),
      region,
      workgroupMemory: this.backend.workgroupMemory,
    };
    const output = stage.encode(encoder, input, params, textures);
    const last = waiting as { request: PassRequest; output: GpuTexture } | null;
    const epilogue =
      last?.output === output && output.format === 'rgba8unorm'
        ? following({ id: -1, width: output.width, height: output.height, format: 'rgba8unorm' })
        : [];
    flush(epilogue);
    if (output === input) throw new Error(`Stage ${stage.name} returned its input`);
    // The full-resolution export plans sizes from these declarations without running anything.
    const expected = stage.outputSize?.(params, input) ?? input;
    if (output.width !== expected.width || output.height !== expected.height) {
      this.pool.release(output);
      throw new Error(`Stage ${stage.name} made ${output.width}x${output.height}, not the size it declares`);
    }
    return { output, fused: epilogue.length };
  }

  /** Runs one pass of the stage, with the per-pixel stages of `epilogue` applied to what it stores. */
  private pass(
    stage: AnyStage,
    request: PassRequest,
    output: GpuTexture,
    epilogue: readonly PixelPass[],
  ): void {
    const steps: FusedStep[] = epilogue.map((step) => ({
      stage: step.stage.name,
      uniforms: this.packed(step.stage, step.request),
      extraInputs: step.request.inputs.length - 1,
    }));
    this.backend.runPass({
      stage: stage.name,
      entry: request.entry,
      inputs: [...request.inputs, ...epilogue.flatMap((step) => step.request.inputs.slice(1))],
      uniforms: this.packed(stage, request),
      epilogue: steps.length > 0 ? steps : undefined,
      output,
      workgroups: request.workgroups,
    });
    this.passCount++;
  }

  private packed(stage: AnyStage, request: PassRequest): ArrayBuffer | undefined {
    if (stage.uniforms.length === 0) return undefined;
    let layout = this.layouts.get(stage.name);
    if (!layout) {
      layout = layoutUniforms(stage.uniforms);
      this.layouts.set(stage.name, layout);
    }
    return packUniforms(stage.uniforms, request.uniforms ?? {}, layout);
  }
}

function texturesFor(stage: AnyStage, step: StageInvocation, resolve: TextureResolver): StageTextures {
  const textures: Record<string, GpuTexture> = {};
  const slots: Readonly<Record<string, string>> = step.textures ?? {};
  for (const [slot, key] of Object.entries(slots)) {
    if (!stage.textures?.includes(slot)) throw new Error(`Stage ${stage.name} has no texture slot ${slot}`);
    textures[slot] = resolve(key);
  }
  return textures;
}

/**
 * The pass a per-pixel stage would make on `input`, recorded without running it; null when the stage
 * does something else this time (more passes, another size or format, not reading `input` first), and
 * then runs as a stage of its own.
 */
function recordOnePass(
  stage: AnyStage,
  input: GpuTexture,
  params: StageInvocation['params'],
  textures: StageTextures,
  region: Region,
): PassRequest | null {
  const requests: PassRequest[] = [];
  const recorder: PassEncoder = {
    pass: (request) => {
      requests.push(request);
      // A stand-in output, never bound: the recorded pass runs in the pass before it.
      return { id: -requests.length, width: request.width, height: request.height, format: 'rgba8unorm' };
    },
    release: () => undefined,
    // Positional stages put their place in the whole image into their uniforms, fused or not.
    region,
    // A per-pixel stage's one pass is the same on every backend.
    workgroupMemory: false,
  };
  stage.encode(recorder, input, params, textures);
  const [request] = requests;
  if (requests.length !== 1 || !request) return null;
  const sameSize = request.width === input.width && request.height === input.height;
  const plain = (request.entry ?? 'main') === 'main' && (request.format ?? 'rgba8unorm') === 'rgba8unorm';
  return sameSize && plain && request.inputs[0] === input && input.format === 'rgba8unorm' ? request : null;
}

/** A plain copy: what an empty chain runs. */
export const COPY: StageInvocation = { stage: 'copy', params: {} };

function noTextures(key: string): GpuTexture {
  throw new Error(`No texture resources here (asked for ${key})`);
}
