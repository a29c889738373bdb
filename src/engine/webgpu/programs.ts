/// <reference types="@webgpu/types" />
/**
 * WebGPU compute programs: a stage's WGSL (with a fused epilogue when there is one), its pipeline and the
 * bind group layout read from the bindings its entry point uses. Each is made once and kept.
 */
import type { FusedStep } from '../backend.ts';
import { composeWgsl, epilogueKey, fusedSource } from '../fusion.ts';
import type { ShaderLibrary } from '../shader-sources.ts';
import { bindingsUsedBy, parseComputeEntries, type WgslBinding, type WgslEntry } from './wgsl-bindings.ts';

export interface Program {
  /** `stage:entry`, and the epilogue's stages when there is one. */
  readonly key: string;
  readonly pipeline: GPUComputePipeline;
  readonly layout: GPUBindGroupLayout;
  readonly bindings: readonly WgslBinding[];
  readonly entry: WgslEntry;
  /** With an epilogue: the input number of its first texture (src/engine/fusion.ts). */
  readonly firstEpilogueInput?: number;
}

export class Programs {
  private readonly programs = new Map<string, Program>();

  constructor(
    private readonly device: GPUDevice,
    private readonly shaders: ShaderLibrary,
  ) {}

  /** The stage's entry point, with the per-pixel stages of `epilogue` applied to what it stores. */
  get(stage: string, entry: string, epilogue: readonly FusedStep[] | undefined): Program {
    return epilogue?.length ? this.epilogueProgram(stage, entry, epilogue) : this.program(stage, entry);
  }

  private program(stage: string, entryName: string): Program {
    const key = `${stage}:${entryName}`;
    const cached = this.programs.get(key);
    if (cached) return cached;
    return this.make(key, stage, this.shaders.stageSource(stage), entryName);
  }

  /** The stage's pass with per-pixel stages applied to what it stores (src/engine/fusion.ts). */
  private epilogueProgram(stage: string, entry: string, steps: readonly FusedStep[]): Program {
    const key = epilogueKey(stage, entry, steps);
    const cached = this.programs.get(key);
    if (cached) return cached;
    const { code, firstInput } = fusedSource(this.shaders, stage, entry, steps, composeWgsl);
    return this.make(key, stage, code, entry, firstInput);
  }

  private make(key: string, stage: string, code: string, entryName: string, firstInput?: number): Program {
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
    const pipeline = this.device.createComputePipeline({
      label: key,
      layout: this.device.createPipelineLayout({ bindGroupLayouts: [layout] }),
      compute: { module, entryPoint: entryName },
    });
    const program: Program = { key, pipeline, layout, bindings, entry, firstEpilogueInput: firstInput };
    this.programs.set(key, program);
    return program;
  }
}
