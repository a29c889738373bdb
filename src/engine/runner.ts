import type { Backend, GpuTexture } from './backend.ts';
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

/**
 * Runs chains of stages on a backend. Intermediates come from, and go back to, one texture pool, so an
 * apply after the first allocates nothing new at the same size.
 */
export class StageRunner {
  readonly pool: TexturePool;
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
    for (const step of steps) {
      const stage = getStage(step.stage);
      const textures: Record<string, GpuTexture> = {};
      for (const [slot, key] of Object.entries(step.textures ?? {})) {
        if (!stage.textures?.includes(slot))
          throw new Error(`Stage ${stage.name} has no texture slot ${slot}`);
        textures[slot] = resolve(key);
      }
      const next = this.runStage(stage, current, step.params, textures, region ?? wholeRegion(current));
      if (region && (next.width !== input.width || next.height !== input.height)) {
        this.pool.release(next);
        throw new Error(`Stage ${stage.name} changed the size of a tile`);
      }
      if (current !== input) this.pool.release(current);
      current = next;
    }
    return current;
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
    let uniforms: ArrayBuffer | undefined;
    if (stage.uniforms.length > 0) {
      let layout = this.layouts.get(stage.name);
      if (!layout) {
        layout = layoutUniforms(stage.uniforms);
        this.layouts.set(stage.name, layout);
      }
      uniforms = packUniforms(stage.uniforms, request.uniforms ?? {}, layout);
    }
    this.backend.runPass({
      stage: stage.name,
      entry: request.entry,
      inputs: request.inputs,
      uniforms,
      output,
    });
    return output;
  }
}

function noTextures(key: string): GpuTexture {
  throw new Error(`No texture resources here (asked for ${key})`);
}
