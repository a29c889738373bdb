// The composed shaders of fused per-pixel stages (src/engine/fusion.ts), from the real shader files:
// names kept apart, includes once, bindings as the backends bind them. That they compile and give the
// stages' pixels is checked on both backends in tests/gpu/fusion.spec.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeGlsl, composeWgsl, type FusedStageSource } from '../../src/engine/fusion.ts';
import { STAGES } from '../../src/engine/stages/index.ts';
import { parseBindings } from '../../src/engine/webgpu/wgsl-bindings.ts';

const root = resolve(import.meta.dirname, '../..');

function stage(name: string, extension: 'wgsl' | 'frag'): FusedStageSource {
  const definition = STAGES.get(name);
  if (!definition) throw new Error(name);
  return {
    source: readFileSync(resolve(root, 'shaders', name, `${name}.${extension}`), 'utf8'),
    extraInputs: definition.textures?.length ?? 0,
    hasUniforms: definition.uniforms.length > 0,
  };
}

const RUN = ['lut', 'vignette', 'grain', 'lut'];

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

describe('fusion', () => {
  it('marks as per-pixel exactly the single-pass, same-size stages', () => {
    const perPixel = [...STAGES.values()].filter((s) => s.perPixel).map((s) => s.name);
    expect(perPixel.sort()).toEqual(['dual-vignette', 'grain', 'lut', 'noise', 'vibrance', 'vignette']);
  });

  it('every per-pixel stage defines pixel() and a main that applies it, in both languages', () => {
    for (const s of [...STAGES.values()].filter((s) => s.perPixel)) {
      const wgsl = stage(s.name, 'wgsl').source;
      const glsl = stage(s.name, 'frag').source;
      expect(wgsl, s.name).toMatch(/^fn pixel\(\w+: vec4f, p: vec2i, dims: vec2i\) -> vec4f \{/m);
      expect(wgsl, s.name).toMatch(
        /textureStore\(output, p, pixel\(textureLoad\(input0, p, 0\), p, dims\)\)/,
      );
      expect(glsl, s.name).toMatch(/^vec4 pixel\(vec4 \w+, ivec2 p, ivec2 dims\) \{/m);
      expect(glsl, s.name).toMatch(
        /outColor = pixel\(texelFetch\(input0, p, 0\), p, textureSize\(input0, 0\)\);/,
      );
    }
  });

  it('WGSL: one main, each stage under its own names, includes once, every binding numbered once', () => {
    const code = composeWgsl(RUN.map((name) => stage(name, 'wgsl')));
    expect(count(code, /@compute/g)).toBe(1);
    for (let k = 0; k < RUN.length; k++) {
      expect(count(code, new RegExp(`^fn pixel_${k}\\(`, 'gm'))).toBe(1);
      expect(count(code, new RegExp(`^struct Params_${k} \\{`, 'gm'))).toBe(1);
    }
    // lut and grain both have a helper called lattice: kept apart.
    expect(code).toMatch(/^fn lattice_0\(/m);
    expect(code).toMatch(/^fn lattice_2\(/m);
    expect(count(code, /#include "\.\.\/common\/pcg\.wgsl"/g)).toBe(1);
    expect(count(code, /\bparams\./g)).toBe(0);
    const bindings = parseBindings(code);
    expect(bindings.map((b) => b.binding)).toEqual(bindings.map((_b, i) => i));
    expect(bindings.map((b) => b.name).sort()).toEqual(
      ['input0', 'output', 'params0', 'input1', 'params1', 'params2', 'params3', 'input2'].sort(),
    );
    // The second LUT reads the second extra texture.
    expect(code).toMatch(/fn lattice_3\([^)]*\)[^{]*\{\s*return textureLoad\(input2,/);
    // 8-bit rounding between stages, as separate passes' stores would do.
    expect(count(code, /round\(clamp\(color/g)).toBe(RUN.length - 1);
  });

  it('GLSL: one main, uniform blocks and their members under each stage, textures declared before use', () => {
    const code = composeGlsl(RUN.map((name) => stage(name, 'frag')));
    expect(code.startsWith('#version 300 es\n')).toBe(true);
    expect(count(code, /^void main\(\)/gm)).toBe(1);
    expect(count(code, /^#version/gm)).toBe(1);
    expect(count(code, /^out vec4 outColor;/gm)).toBe(1);
    for (let k = 0; k < RUN.length; k++) {
      expect(count(code, new RegExp(`^vec4 pixel_${k}\\(`, 'gm'))).toBe(1);
      expect(count(code, new RegExp(`uniform Params${k} \\{`, 'g'))).toBe(1);
    }
    // Block members are global names in GLSL: lut's and grain's `size` must not clash.
    expect(code).toMatch(/int size_0;/);
    expect(code).toMatch(/float size_2;/);
    expect(code).not.toMatch(/(?<![.\w])size(?!_)\b/);
    expect(code.indexOf('uniform highp sampler2D input2;')).toBeLessThan(code.indexOf('vec3 lattice_3('));
    expect(count(code, /#include "\.\.\/common\/pcg\.glsl"/g)).toBe(1);
  });
});
