import type { Backend, FusedStep, GpuTexture } from './backend.ts';
import { MAX_FUSED_STAGES } from './fusion.ts';
import { getStage } from './stages/index.ts';
import type {
  AnyStage,
  PassEncoder,
  PassRequest,
  StageInvocation,
  Region,
  StageParams,
  StageTextures,
  TextureResolver,
} from './stages/types.ts';
import { wholeRegion } from './stages/types.ts';
import { TexturePool } from './texture-pool.ts';
import { layoutUniforms, packUniforms, type UniformLayout } from './uniforms.ts';

/** A per-pixel stage's one pass, recorded instead of run, to be fused with its neighbours. */
interface PixelPass {
  stage: AnyStage;
  request: PassRequest;
}

/**
 * Runs chains of stages on a backend. Intermediates come from, and go back to, one texture pool, so an
 * apply after the first allocates nothing new at the same size. Adjacent per-pixel stages run as one
 * fused pass (src/engine/fusion.ts).
 */
export class StageRunner {
  readonly pool: TexturePool;
  /** Fuse runs of per-pixel stages (off only to compare with the stages run one by one). */
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
   * textures (LUTs, masks) that invocations name. `region` places `input` in a larger image (a tile of
   * the full-resolution export); every stage must then keep the size, as tileable stages do.
   */
  run(
    input: GpuTexture,
    chain: readonly StageInvocation[],
    resolve: TextureResolver = noTextures,
    region?: Region,
  ): GpuTexture {
    const steps = chain.length > 0 ? chain : [{ stage: 'copy', params: {} }];
    let current = input;
    for (let i = 0; i < steps.length;) {
      const place = region ?? wholeRegion(current);
      const run = this.fuse ? this.pixelRun(steps, i, current, resolve, place) : [];
      let next: GpuTexture;
      if (run.length >= 2) {
        next = this.runFused(current, run);
        i += run.length;
      } else {
        const step = steps[i] as StageInvocation;
        const stage = getStage(step.stage);
        next = this.runStage(stage, current, step.params, texturesFor(stage, step, resolve), place);
        i++;
      }
      if (region && (next.width !== input.width || next.height !== input.height)) {
        this.pool.release(next);
        throw new Error(`A stage changed the size of a tile (${steps[i - 1]?.stage ?? '?'})`);
      }
      if (current !== input) this.pool.release(current);
      current = next;
    }
    return current;
  }

  /** The per-pixel stages from `start` on, each with the one pass it would make on `input`. */
  private pixelRun(
    steps: readonly StageInvocation[],
    start: number,
    input: GpuTexture,
    resolve: TextureResolver,
    region: Region,
  ): PixelPass[] {
    const run: PixelPass[] = [];
    for (let i = start; i < steps.length && run.length < MAX_FUSED_STAGES; i++) {
      const step = steps[i] as StageInvocation;
      const stage = getStage(step.stage);
      if (!stage.perPixel) break;
      const request = recordOnePass(stage, input, step.params, texturesFor(stage, step, resolve), region);
      if (!request) break;
      run.push({ stage, request });
    }
    return run;
  }

  private runFused(input: GpuTexture, run: readonly PixelPass[]): GpuTexture {
    const output = this.pool.acquire(input.width, input.height);
    const inputs: GpuTexture[] = [input];
    const fused: FusedStep[] = run.map(({ stage, request }) => {
      inputs.push(...request.inputs.slice(1));
      return {
        stage: stage.name,
        uniforms: this.packed(stage, request),
        extraInputs: request.inputs.length - 1,
      };
    });
    this.backend.runPass({
      stage: run.map(({ stage }) => stage.name).join('+'),
      inputs,
      fused,
      output,
    });
    this.passCount++;
    return output;
  }

  private runStage(
    stage: AnyStage,
    input: GpuTexture,
    params: StageParams,
    textures: StageTextures,
    region: Region,
  ): GpuTexture {
    const encoder: PassEncoder = {
      pass: (request) => this.pass(stage, request),
      release: (texture) => this.pool.release(texture),
      region,
    };
    const output = stage.encode(encoder, input, params, textures);
    if (output === input) throw new Error(`Stage ${stage.name} returned its input`);
    // The full-resolution export plans sizes from these declarations without running anything.
    const expected = stage.outputSize?.(params, input) ?? input;
    if (output.width !== expected.width || output.height !== expected.height) {
      this.pool.release(output);
      throw new Error(`Stage ${stage.name} made ${output.width}x${output.height}, not the size it declares`);
    }
    return output;
  }

  private pass(stage: AnyStage, request: PassRequest): GpuTexture {
    const output = this.pool.acquire(request.width, request.height, request.format);
    this.backend.runPass({
      stage: stage.name,
      entry: request.entry,
      inputs: request.inputs,
      uniforms: this.packed(stage, request),
      output,
    });
    this.passCount++;
    return output;
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
  for (const [slot, key] of Object.entries(step.textures ?? {})) {
    if (!stage.textures?.includes(slot)) throw new Error(`Stage ${stage.name} has no texture slot ${slot}`);
    textures[slot] = resolve(key);
  }
  return textures;
}

/**
 * The pass a per-pixel stage would make on `input`, recorded without running it; null when the stage
 * does something else this time (more passes, another size or format, not reading `input` first), and
 * then runs on its own.
 */
function recordOnePass(
  stage: AnyStage,
  input: GpuTexture,
  params: StageParams,
  textures: StageTextures,
  region: Region,
): PassRequest | null {
  const requests: PassRequest[] = [];
  const recorder: PassEncoder = {
    pass: (request) => {
      requests.push(request);
      // A stand-in output, never bound: the recorded pass runs later, fused.
      return { id: -requests.length, width: request.width, height: request.height, format: 'rgba8unorm' };
    },
    release: () => undefined,
    // Positional stages put their place in the whole image into their uniforms, fused or not.
    region,
  };
  stage.encode(recorder, input, params, textures);
  const [request] = requests;
  if (requests.length !== 1 || !request) return null;
  const sameSize = request.width === input.width && request.height === input.height;
  const plain = (request.entry ?? 'main') === 'main' && (request.format ?? 'rgba8unorm') === 'rgba8unorm';
  return sameSize && plain && request.inputs[0] === input && input.format === 'rgba8unorm' ? request : null;
}

function noTextures(key: string): GpuTexture {
  throw new Error(`No texture resources here (asked for ${key})`);
}
