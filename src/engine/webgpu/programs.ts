/// <reference types="@webgpu/types" />
/**
 * WebGPU compute programs: a stage's WGSL (with a fused epilogue when there is one), its pipeline and the
 * bind group layout read from the bindings its entry point uses. Each is made once and kept.
 */
import type { FusedStep } from '../backend.ts';
import { composeWgsl, epilogueKey, fusedSource } from '../epilogue-fusion.ts';
import type { ShaderLibrary } from '../shader-sources.ts';
import { bindingsUsedBy, parseComputeEntries, type WgslBinding, type WgslEntry } from './wgsl-bindings.ts';

export interface Program {
  /** `stage:entry`, and the epilogue's stages when there is one. */
  readonly key: string;
  readonly pipeline: GPUComputePipeline;
  readonly layout: GPUBindGroupLayout;
  readonly bindings: readonly WgslBinding[];
  readonly entry: WgslEntry;
  /** With an epilogue: the input number of its first texture (src/engine/epilogue-fusion.ts). */
  readonly firstEpilogueInput?: number;
}

export class Programs {
  private readonly programs = new Map<string, Program>();
  /** Pipelines being made asynchronously, by key. */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly device: GPUDevice,
    private readonly shaders: ShaderLibrary,
  ) {}

  /** The stage's entry point, with the per-pixel stages of `epilogue` applied to what it stores. */
  get(stage: string, entry: string, epilogue: readonly FusedStep[] | undefined): Program {
    return epilogue?.length ? this.epilogueProgram(stage, entry, epilogue) : this.program(stage, entry);
  }

  /**
   * Makes the program's pipeline asynchronously (the browser compiles it off this thread, alongside
   * others); resolves when it is ready, or failed (its pass then makes it again and reports the error).
   */
  prepare(stage: string, entry: string, epilogue: readonly FusedStep[] | undefined): Promise<void> {
    const key = keyOf(stage, entry, epilogue);
    if (this.programs.has(key)) return Promise.resolve();
    let pending = this.pending.get(key);
    if (!pending) {
      const { descriptor, finish } = this.describe(key, stage, entry, epilogue);
      pending = this.device
        .createComputePipelineAsync(descriptor)
        .then((pipeline) => {
          if (!this.programs.has(key)) this.programs.set(key, finish(pipeline));
        })
        .catch(() => undefined)
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private program(stage: string, entryName: string): Program {
    const key = keyOf(stage, entryName, undefined);
    return this.programs.get(key) ?? this.make(key, stage, entryName, undefined);
  }

  /** The stage's pass with per-pixel stages applied to what it stores (src/engine/epilogue-fusion.ts). */
  private epilogueProgram(stage: string, entry: string, steps: readonly FusedStep[]): Program {
    const key = keyOf(stage, entry, steps);
    return this.programs.get(key) ?? this.make(key, stage, entry, steps);
  }

  private make(key: string, stage: string, entry: string, steps: readonly FusedStep[] | undefined): Program {
    const { descriptor, finish } = this.describe(key, stage, entry, steps);
    const program = finish(this.device.createComputePipeline(descriptor));
    this.programs.set(key, program);
    return program;
  }

  /** The pipeline's descriptor, and how the program is completed once the pipeline exists. */
  private describe(
    key: string,
    stage: string,
    entryName: string,
    steps: readonly FusedStep[] | undefined,
  ): { descriptor: GPUComputePipelineDescriptor; finish: (pipeline: GPUComputePipeline) => Program } {
    const { code, firstInput } = steps?.length
      ? fusedSource(this.shaders, stage, entryName, steps, composeWgsl)
      : { code: this.shaders.stageSource(stage), firstInput: undefined };
    const entry = parseComputeEntries(code).find((e) => e.name === entryName);
    if (!entry) throw new Error(`Stage ${stage} has no compute entry point ${entryName}`);
    const bindings = bindingsUsedBy(code, entryName);
    const layout = this.device.createBindGroupLayout({
      label: key,
      entries: bindings.map((b): GPUBindGroupLayoutEntry => {
        const visibility = GPUShaderStage.COMPUTE;
        switch (b.type.kind) {
          case 'uniform':
            return { binding: b.binding, visibility, buffer: { type: 'uniform' } };
          case 'sampler':
            return { binding: b.binding, visibility, sampler: { type: 'filtering' } };
          case 'texture':
            return { binding: b.binding, visibility, texture: { sampleType: 'float' } };
          case 'storage':
            return {
              binding: b.binding,
              visibility,
              storageTexture: { access: 'write-only', format: b.type.format },
            };
        }
      }),
    });
    const module = this.device.createShaderModule({ label: stage, code });
    return {
      descriptor: {
        label: key,
        layout: this.device.createPipelineLayout({ bindGroupLayouts: [layout] }),
        compute: { module, entryPoint: entryName },
      },
      finish: (pipeline) => ({ key, pipeline, layout, bindings, entry, firstEpilogueInput: firstInput }),
    };
  }
}

function keyOf(stage: string, entry: string, steps: readonly FusedStep[] | undefined): string {
  return steps?.length ? epilogueKey(stage, entry, steps) : `${stage}:${entry}`;
}
