// The composed shaders of passes with an epilogue of per-pixel stages (src/engine/epilogue-fusion.ts), from the
// real shader files: names kept apart, includes once, bindings as the backends bind them. That they compile and give the
// stages' pixels is checked on both backends in tests/gpu/fusion.spec.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  composeGlsl,
  composeWgsl,
  firstEpilogueInput,
  fusedSource,
  numberedInputs,
  type FusedStageSource,
} from '../../src/engine/epilogue-fusion.ts';
import { ShaderLibrary, stagePreamble, type ShaderLanguage } from '../../src/engine/shader-sources.ts';
import { STAGES } from '../../src/pipeline/stages/index.ts';
import { parseBindings } from '../../src/engine/webgpu/wgsl-bindings.ts';

const root = resolve(import.meta.dirname, '../..');

/** A stage's file with the declarations the loader generates before it (src/engine/shader-sources.ts). */
function stage(name: string, language: ShaderLanguage): FusedStageSource {
  const definition = STAGES.get(name);
  if (!definition) throw new Error(name);
  const file = readFileSync(resolve(root, 'src/pipeline/stages', name, `${name}.${language}`), 'utf8');
  return {
    source: stagePreamble(language, definition.uniforms) + file,
    extraInputs: definition.textures?.length ?? 0,
    hasUniforms: definition.uniforms.length > 0,
  };
}

/** Every shader file, keyed as the backends' import.meta.glob keys them (`/<folder>/<file>`). */
const SHADER_FILES: Record<string, string> = Object.fromEntries(
  ['shaders', 'src/pipeline/stages'].flatMap((folder) =>
    readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(wgsl|glsl)$/.test(path))
      .map((path) => [`/${folder}/${path}`, readFileSync(resolve(root, folder, path), 'utf8')]),
  ),
);

/** Applied to a copy pass's stores: two LUTs, whose helpers and uniforms share names, and grain between. */
const EPILOGUE = ['lut', 'vignette', 'grain', 'lut'];

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

describe('fusion', () => {
  it('marks as per-pixel exactly the single-pass, same-size stages', () => {
    const perPixel = [...STAGES.values()].filter((s) => s.perPixel).map((s) => s.name);
    expect(perPixel.sort()).toEqual([
      'date-stamp',
      'dual-vignette',
      'dust-scratches',
      'grain',
      'light-leak',
      'lut',
      'mix',
      'noise',
      'tonal-grain',
      'vibrance',
      'vignette',
    ]);
  });

  it('WGSL: the base pass stores through the epilogue, each stage under its own names, bindings once', () => {
    const base = stage('copy', 'wgsl').source;
    const code = composeWgsl(
      { source: base, entry: 'main' },
      EPILOGUE.map((name) => stage(name, 'wgsl')),
      firstEpilogueInput(base),
    );
    expect(count(code, /@compute/g)).toBe(1);
    expect(code).toMatch(/textureStore\(output, p, epilogue\(textureLoad\(input0, p, 0\), vec2i\(p\)\)\)/);
    expect(count(code, /^fn pixel\(/gm)).toBe(0);
    for (let k = 1; k <= EPILOGUE.length; k++) {
      expect(count(code, new RegExp(`^fn pixel_${k}\\(`, 'gm'))).toBe(1);
      expect(count(code, new RegExp(`^struct Params_${k} \\{`, 'gm'))).toBe(1);
    }
    // Each LUT has a helper called lattice: kept apart.
    expect(code).not.toMatch(/^fn lattice\(/m);
    for (const k of [1, 4]) expect(code).toMatch(new RegExp(`^fn lattice_${k}\\(`, 'm'));
    expect(count(code, /#include "\/shaders\/common\/pcg\.wgsl"/g)).toBe(1);
    const bindings = parseBindings(code);
    expect(new Set(bindings.map((b) => b.binding)).size).toBe(bindings.length);
    expect(bindings.map((b) => b.name).sort()).toEqual(
      ['input0', 'output', 'params1', 'params2', 'params3', 'params4', 'input1', 'input2'].sort(),
    );
    // Each LUT reads its own texture: the first the pass's second, the other its third.
    expect(code).toMatch(/fn lattice_1\([^)]*\)[^{]*\{\s*return textureLoad\(input1,/);
    expect(code).toMatch(/fn lattice_4\([^)]*\)[^{]*\{\s*return textureLoad\(input2,/);
    // 8-bit rounding before each epilogue stage, as separate passes' stores would do.
    expect(count(code, /round\(clamp\(color/g)).toBe(EPILOGUE.length);
  });

  it("WGSL: every store of a multi-pass stage's chosen entry point, and only those, goes through it", () => {
    const base = stage('resize', 'wgsl').source;
    const code = composeWgsl(
      { source: base, entry: 'main' },
      [stage('noise', 'wgsl')],
      firstEpilogueInput(base),
    );
    // resize's main stores in each of its three modes.
    expect(count(base, /textureStore\(output,/g)).toBe(3);
    expect(count(code, /textureStore\(output, [^;]*epilogue\(/g)).toBe(3);
    const jpeg = stage('jpeg', 'wgsl').source;
    const decoded = composeWgsl({ source: jpeg, entry: 'main' }, [stage('noise', 'wgsl')], 1);
    // main stores the decoded pixels once; forward and quantise write their float planes as before.
    expect(count(decoded, /textureStore\(output, [^;]*epilogue\(/g)).toBe(1);
    expect(count(decoded, /textureStore\(outputFloat, [^;]*epilogue\(/g)).toBe(0);
    expect(count(decoded, /textureStore\(outputFloat,/g)).toBe(count(jpeg, /textureStore\(outputFloat,/g));
  });

  it("GLSL: the base pass's main runs first, uniform blocks and their members under each stage", () => {
    const base = stage('copy', 'glsl').source;
    const code = composeGlsl(
      { source: base, entry: 'main' },
      EPILOGUE.map((name) => stage(name, 'glsl')),
      firstEpilogueInput(base),
    );
    expect(code.startsWith('#version 300 es\n#define ENTRY_main 1\n')).toBe(true);
    expect(count(code, /^void main\(\)/gm)).toBe(1);
    expect(count(code, /^void baseMain\(\)/gm)).toBe(1);
    expect(count(code, /^#version/gm)).toBe(1);
    expect(count(code, /^out vec4 outColor;/gm)).toBe(1);
    for (let k = 1; k <= EPILOGUE.length; k++) {
      expect(count(code, new RegExp(`^vec4 pixel_${k}\\(`, 'gm'))).toBe(1);
      expect(count(code, new RegExp(`uniform Params${k} \\{`, 'g'))).toBe(1);
    }
    // Block members are global names in GLSL: the LUTs' and grain's `size` must not clash.
    expect(code).toMatch(/int size_1;/);
    expect(code).toMatch(/float size_3;/);
    expect(code).toMatch(/int size_4;/);
    expect(code.indexOf('uniform highp sampler2D input1;')).toBeLessThan(code.indexOf('vec3 lattice_1('));
    expect(code.indexOf('uniform highp sampler2D input2;')).toBeLessThan(code.indexOf('vec3 lattice_4('));
    expect(count(code, /#include "\/shaders\/common\/pcg\.glsl"/g)).toBe(1);
  });

  it('WGSL: a base whose bindings come from a shared include binds the epilogue after them', () => {
    const shaders = new ShaderLibrary(SHADER_FILES, 'wgsl');
    // sharpen's file declares none of its bindings: shaders/common/gaussian-bindings.wgsl does.
    expect(shaders.stageRaw('sharpen')).not.toMatch(/@binding/);
    const steps = ['vignette', 'lut'].map((name) => ({
      stage: name,
      extraInputs: STAGES.get(name)?.textures?.length ?? 0,
      uniforms: new ArrayBuffer(16),
    }));
    const { code, firstInput } = fusedSource(shaders, 'sharpen', 'main', steps, composeWgsl);
    expect(firstInput).toBe(2);
    const bindings = parseBindings(code);
    expect(new Set(bindings.map((b) => b.binding)).size).toBe(bindings.length);
    expect(bindings.map((b) => b.name).sort()).toEqual(
      ['params', 'input0', 'input1', 'linearSampler', 'output', 'params1', 'params2', 'input2'].sort(),
    );
  });

  it('numbers epilogue textures after every input the base names, filling the gap', () => {
    expect(firstEpilogueInput(stage('copy', 'wgsl').source)).toBe(1);
    expect(firstEpilogueInput(stage('resize', 'wgsl').source)).toBe(1);
    expect(firstEpilogueInput(stage('sharpen', 'glsl').source)).toBe(2);
    // A base binding one of its two inputs, then one epilogue texture numbered 2.
    expect(numberedInputs(['image', 'lut'], 1, 2)).toEqual(['image', 'image', 'lut']);
    expect(numberedInputs(['image', 'blur', 'lut'], 1, 2)).toEqual(['image', 'blur', 'lut']);
  });
});
