/**
 * Reads a WGSL module's group-0 bindings and compute entry points, and which bindings each entry point
 * uses, so the backend can build an explicit bind group layout per entry point. A multi-pass stage may then
 * declare, say, an rgba16float `outputFloat` for one pass and an rgba8unorm `output` for another.
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

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

/** Top-level functions: name -> body text (between its outer braces). */
function functionBodies(source: string): Map<string, string> {
  const bodies = new Map<string, string>();
  const header = /\bfn\s+(\w+)\s*\(/g;
  for (let match = header.exec(source); match; match = header.exec(source)) {
    const open = source.indexOf('{', match.index);
    if (open < 0) break;
    let depth = 0;
    let end = open;
    for (; end < source.length; end++) {
      if (source[end] === '{') depth++;
      else if (source[end] === '}' && --depth === 0) break;
    }
    bodies.set(match[1] ?? '', source.slice(open + 1, end));
    header.lastIndex = end;
  }
  return bodies;
}

/**
 * The bindings an entry point statically uses: those named in its body or in the body of any function it
 * calls, directly or not (the same rule WebGPU's automatic layouts follow).
 */
export function bindingsUsedBy(source: string, entry: string): WgslBinding[] {
  const code = stripComments(source);
  const bodies = functionBodies(code);
  const identifiers = new Set<string>();
  const visit = (name: string, seen: Set<string>) => {
    if (seen.has(name)) return;
    seen.add(name);
    const body = bodies.get(name);
    if (body === undefined) return;
    for (const word of body.match(/\b[A-Za-z_]\w*\b/g) ?? []) {
      identifiers.add(word);
      if (bodies.has(word)) visit(word, seen);
    }
  };
  visit(entry, new Set());
  return parseBindings(code).filter((binding) => identifiers.has(binding.name));
}
