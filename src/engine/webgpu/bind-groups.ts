/// <reference types="@webgpu/types" />
// The WebGPU backend's bind groups: the resources a pass binds (its uniforms' slot, the sampler, its
// textures), made once for each set and reused, and let go of with the textures they name.
import type { GpuTexture, PassSpec } from '../backend.ts';
import type { Program } from './programs.ts';
import type { UniformSlots } from './uniform-slots.ts';
import type { WgslBinding } from './wgsl-bindings.ts';

/** Bind groups kept for reuse; past this many (textures of many sizes came and went) they start over. */
const MAX_BIND_GROUPS = 512;

/** A texture as the backend holds it: its GPU texture and the view passes bind. */
export interface WebGpuTexture extends GpuTexture {
  readonly texture: GPUTexture;
  readonly view: GPUTextureView;
}

export class BindGroups {
  /**
   * Bind groups by what they bind (program, texture ids, uniform slot). An apply repeated at the same size
   * gets the same pool textures and uniform slots in the same order, so it binds the groups it made before.
   */
  private readonly groups = new Map<string, GPUBindGroup>();
  /** The bind group keys that name each texture, dropped with the texture. */
  private readonly keysOf = new Map<number, string[]>();

  constructor(
    private readonly device: GPUDevice,
    private readonly uniforms: UniformSlots,
    /** The backend's own handle of a texture it made. */
    private readonly own: (texture: GpuTexture) => WebGpuTexture,
  ) {}

  /** Lets go of the bind groups that name a texture (it is being destroyed). */
  forget(textureId: number): void {
    for (const key of this.keysOf.get(textureId) ?? []) this.groups.delete(key);
    this.keysOf.delete(textureId);
  }

  clear(): void {
    this.groups.clear();
    this.keysOf.clear();
  }

  /** The pass's bind group: made once for each set of resources, then reused. */
  for(program: Program, pass: PassSpec): GPUBindGroup {
    const entries: GPUBindGroupEntry[] = [];
    const textureIds: number[] = [];
    const keyParts = [program.key];
    for (const binding of program.bindings) {
      const resource = this.resourceFor(binding, pass, program);
      entries.push({ binding: binding.binding, resource: resource.resource });
      keyParts.push(resource.key);
      if (resource.textureId !== undefined) textureIds.push(resource.textureId);
    }
    const key = keyParts.join('|');
    const cached = this.groups.get(key);
    if (cached) return cached;
    if (this.groups.size >= MAX_BIND_GROUPS) {
      this.groups.clear();
      this.keysOf.clear();
    }
    const bindGroup = this.device.createBindGroup({ layout: program.layout, entries });
    this.groups.set(key, bindGroup);
    for (const id of textureIds) {
      const keys = this.keysOf.get(id);
      if (keys) keys.push(key);
      else this.keysOf.set(id, [key]);
    }
    return bindGroup;
  }

  /** A binding's resource, and what identifies it in a bind group key. */
  private resourceFor(
    binding: WgslBinding,
    pass: PassSpec,
    program: Program,
  ): { resource: GPUBindingResource; key: string; textureId?: number } {
    switch (binding.type.kind) {
      case 'uniform': {
        // `params`, or `params<k>` for the epilogue's stage k (from 1).
        const step = /^params(\d+)$/.exec(binding.name);
        const uniforms = step ? pass.epilogue?.[Number(step[1]) - 1]?.uniforms : pass.uniforms;
        if (!uniforms)
          throw new Error(`${pass.stage}: the shader declares ${binding.name} but none were given`);
        const slot = this.uniforms.place(uniforms);
        return { resource: slot, key: `u${slot.chunk}:${slot.offset}:${slot.size}` };
      }
      case 'sampler':
        return { resource: this.linearSampler(), key: 's' };
      case 'storage': {
        if (binding.type.format !== pass.output.format) {
          throw new Error(
            `${pass.stage}.${program.entry.name}: writes ${binding.type.format}, got ${pass.output.format}`,
          );
        }
        const output = this.own(pass.output);
        return { resource: output.view, key: `o${output.id}`, textureId: output.id };
      }
      case 'texture': {
        const match = /^input(\d+)$/.exec(binding.name);
        const input = match ? pass.inputs[Number(match[1])] : undefined;
        if (!input) throw new Error(`${pass.stage}: no texture for binding ${binding.name}`);
        const own = this.own(input);
        return { resource: own.view, key: `t${own.id}`, textureId: own.id };
      }
    }
  }

  private sampler: GPUSampler | null = null;
  private linearSampler(): GPUSampler {
    return (this.sampler ??= this.device.createSampler({
      magFilter: 'linear',
      minFilter: 'linear',
      addressModeU: 'clamp-to-edge',
      addressModeV: 'clamp-to-edge',
    }));
  }
}
