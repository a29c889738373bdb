/**
 * Reads a WGSL module's group-0 bindings and compute entry points, so the backend can build explicit
 * bind group layouts (auto layouts drop bindings an entry point does not use, which would make one
 * binding convention fail for multi-entry shaders).
 */

export type WgslBindingKind =
  | { kind: 'uniform' }
  | { kind: 'sampler' }
  | { kind: 'texture' }
  | { kind: 'storage'; format: GPUTextureFormat };

export interface WgslBinding {
  readonly binding: number;
  readonly name: string;
  readonly type: WgslBindingKind;
}

const BINDING = /@group\(0\)\s*@binding\((\d+)\)\s*var(?:<([^>]+)>)?\s+(\w+)\s*:\s*([^;]+);/g;
const ENTRY = /@compute\s+@workgroup_size\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?(?:,\s*\d+\s*)?\)\s*fn\s+(\w+)/g;

export function parseBindings(source: string): WgslBinding[] {
  const bindings: WgslBinding[] = [];
  for (const match of source.matchAll(BINDING)) {
    const [, index, space, name, rawType] = match;
    const type = (rawType ?? '').trim();
    let kind: WgslBindingKind;
    if (space === 'uniform') kind = { kind: 'uniform' };
    else if (type === 'sampler') kind = { kind: 'sampler' };
    else if (type.startsWith('texture_2d')) kind = { kind: 'texture' };
    else if (type.startsWith('texture_storage_2d')) {
      const format = /texture_storage_2d<\s*(\w+)/.exec(type)?.[1];
      if (!format) throw new Error(`Binding ${name}: unreadable storage format`);
      kind = { kind: 'storage', format: format as GPUTextureFormat };
    } else throw new Error(`Binding ${name}: unsupported type ${type}`);
    bindings.push({ binding: Number(index), name: name ?? '', type: kind });
  }
  return bindings;
}

export interface WgslEntry {
  readonly name: string;
  readonly workgroupSize: readonly [number, number];
}

export function parseComputeEntries(source: string): WgslEntry[] {
  return [...source.matchAll(ENTRY)].map((m) => ({
    name: m[3] ?? '',
    workgroupSize: [Number(m[1]), Number(m[2] ?? 1)] as const,
  }));
}
