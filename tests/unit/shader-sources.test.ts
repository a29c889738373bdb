import { describe, expect, it } from 'vitest';
import { ShaderLibrary } from '../../src/engine/shader-sources.ts';
import { bindingsUsedBy, parseBindings, parseComputeEntries } from '../../src/engine/webgpu/wgsl-bindings.ts';

describe('shader includes', () => {
  it('resolves relative includes, nested and once per file', () => {
    const library = new ShaderLibrary(
      {
        '/src/pipeline/stages/a/a.wgsl': '// a\n#include "/shaders/common/x.wgsl"\nfn main() {}',
        '/shaders/common/x.wgsl': '#include "./y.wgsl"\nfn x() {}',
        '/shaders/common/y.wgsl': 'fn y() {}',
      },
      'wgsl',
      () => [],
    );
    expect(library.stageSource('a')).toBe('// a\nfn y() {}\nfn x() {}\nfn main() {}');
  });

  it('reports missing files and include cycles', () => {
    const library = new ShaderLibrary(
      {
        '/src/pipeline/stages/a/a.glsl': '#include "b.glsl"',
        '/src/pipeline/stages/a/b.glsl': '#include "a.glsl"',
      },
      'glsl',
      () => [],
    );
    expect(() => library.stageSource('a')).toThrow(/cycle/);
    expect(() => library.stageSource('missing')).toThrow(/not found/);
  });
});

describe('WGSL binding reader', () => {
  const source = `
    struct Params { x: f32 }
    @group(0) @binding(0) var<uniform> params: Params;
    @group(0) @binding(1) var input0: texture_2d<f32>;
    @group(0) @binding(2) var linearSampler: sampler;
    @group(0) @binding(3) var output: texture_storage_2d<rgba16float, write>;
    @compute @workgroup_size(8, 4)
    fn main(@builtin(global_invocation_id) id: vec3u) {}
    @compute @workgroup_size(64)
    fn rows(@builtin(global_invocation_id) id: vec3u) {}
  `;

  it('reads each binding and its kind', () => {
    expect(parseBindings(source)).toEqual([
      { binding: 0, name: 'params', type: { kind: 'uniform' } },
      { binding: 1, name: 'input0', type: { kind: 'texture' } },
      { binding: 2, name: 'linearSampler', type: { kind: 'sampler' } },
      { binding: 3, name: 'output', type: { kind: 'storage', format: 'rgba16float' } },
    ]);
  });

  it('reads compute entry points with their workgroup sizes', () => {
    expect(parseComputeEntries(source)).toEqual([
      { name: 'main', workgroupSize: [8, 4] },
      { name: 'rows', workgroupSize: [64, 1] },
    ]);
  });
});

describe('bindings used by an entry point', () => {
  const source = `
    @group(0) @binding(0) var input0: texture_2d<f32>;
    @group(0) @binding(1) var output: texture_storage_2d<rgba8unorm, write>;
    @group(0) @binding(2) var outputFloat: texture_storage_2d<rgba16float, write>;
    @group(0) @binding(3) var linearSampler: sampler;
    fn helper(p: vec2i) -> vec4f { return textureLoad(input0, p, 0); }
    // output is only mentioned in a comment here
    @compute @workgroup_size(8, 8)
    fn down(@builtin(global_invocation_id) id: vec3u) {
      if (true) { textureStore(outputFloat, vec2i(id.xy), helper(vec2i(id.xy))); }
    }
    @compute @workgroup_size(8, 8)
    fn main(@builtin(global_invocation_id) id: vec3u) {
      let c = textureSampleLevel(input0, linearSampler, vec2f(0.5), 0.0);
      textureStore(output, vec2i(id.xy), c);
    }
  `;

  it('follows calls and ignores comments', () => {
    expect(bindingsUsedBy(source, 'down').map((b) => b.name)).toEqual(['input0', 'outputFloat']);
    expect(bindingsUsedBy(source, 'main').map((b) => b.name)).toEqual(['input0', 'output', 'linearSampler']);
  });
});
