import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CPU_STAGES } from '../../src/pipeline/cpu/kernels/index.ts';
import { ShaderLibrary, type ShaderLanguage } from '../../src/engine/shader-sources.ts';
import { STAGE_DEFINITIONS, STAGES } from '../../src/pipeline/stages/index.ts';
import { GLSL_TYPE, WGSL_TYPE, type UniformField } from '../../src/pipeline/uniforms.ts';
import { parseComputeEntries } from '../../src/engine/webgpu/wgsl-bindings.ts';
import { REFERENCES } from '../reference/index.ts';

const root = resolve(import.meta.dirname, '../..');

/** A stage's shader file as written, in its folder. */
function read(stage: string, language: ShaderLanguage): string {
  return readFileSync(stageFile(stage, language), 'utf8');
}

function stageFile(stage: string, language: ShaderLanguage): string {
  return resolve(root, 'src/pipeline/stages', stage, `${stage}.${language}`);
}

/** The shader files under `folder`, keyed as the backends' import.meta.glob keys them (`/<folder>/<file>`). */
function shaderFiles(folder: string): [string, string][] {
  return readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(wgsl|frag|vert|glsl)$/.test(path))
    .map((path) => [`/${folder}/${path}`, readFileSync(resolve(root, folder, path), 'utf8')]);
}

const SHADER_FILES: Record<string, string> = Object.fromEntries([
  ...shaderFiles('shaders'),
  ...shaderFiles('src/pipeline/stages'),
]);

/** A stage's shader with its generated declarations and its includes resolved, as the backends compile it. */
function resolved(stage: string, language: ShaderLanguage): string {
  return new ShaderLibrary(SHADER_FILES, language).stageSource(stage);
}

function stripComments(source: string): string {
  return source.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
}

/** `name: type` pairs of the WGSL `struct Params`, or null when there is none. */
function wgslParams(source: string): [string, string][] | null {
  const body = /struct\s+Params\s*\{([^}]*)\}/.exec(stripComments(source))?.[1];
  if (body === undefined) return null;
  // Commas inside angle brackets (array<vec4f, 8>) do not separate fields.
  return body
    .split(/,(?![^<]*>)/)
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => {
      const [name, type] = f.split(':').map((s) => s.trim().replace(/\s+/g, ''));
      return [name ?? '', (type ?? '').replace(/array<vec4f,\d+>/, 'array<vec4f,N>')];
    });
}

/** `name: type` pairs of the GLSL `uniform Params` block, or null when there is none. */
function glslParams(source: string): [string, string][] | null {
  const body = /uniform\s+Params\s*\{([^}]*)\}/.exec(stripComments(source))?.[1];
  if (body === undefined) return null;
  return body
    .split(';')
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => {
      const match = /^(\w+)\s+(\w+)\s*(\[\s*\d+\s*\])?$/.exec(f);
      if (!match) throw new Error(`Unreadable GLSL field: ${f}`);
      return [match[2] ?? '', match[3] ? `${match[1]}[N]` : (match[1] ?? '')];
    });
}

function expected(table: readonly UniformField[], types: Record<string, string>): [string, string][] {
  return table.map((f) => [f.name, types[f.type] ?? '?']);
}

describe('stage registry', () => {
  it('names each stage once, in kebab case, under its own name', () => {
    for (const name of STAGES.keys()) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const [key, stage] of Object.entries(STAGE_DEFINITIONS)) expect(stage.name).toBe(key);
  });

  it('has CPU kernels for registered stages only', () => {
    expect([...CPU_STAGES.keys()].sort()).toEqual([...STAGES.keys()].sort());
  });

  for (const stage of STAGES.values()) {
    describe(stage.name, () => {
      it('has a WGSL compute shader and a GLSL ES 3.00 fragment shader in its folder', () => {
        expect(existsSync(stageFile(stage.name, 'wgsl'))).toBe(true);
        expect(existsSync(stageFile(stage.name, 'glsl'))).toBe(true);
        // The loader gives the GLSL its version line and precisions (src/engine/shader-sources.ts).
        expect(read(stage.name, 'glsl')).not.toMatch(/#version|^precision/m);
        expect(resolved(stage.name, 'glsl').startsWith('#version 300 es\n')).toBe(true);
      });

      it('leaves its uniform declarations to the loader, which generates them from the table', () => {
        // Written by hand they could drift from the table; the loader prepends the generated ones.
        expect(wgslParams(read(stage.name, 'wgsl'))).toBeNull();
        expect(glslParams(read(stage.name, 'glsl'))).toBeNull();
        const wgsl = wgslParams(resolved(stage.name, 'wgsl'));
        const glsl = glslParams(resolved(stage.name, 'glsl'));
        if (stage.uniforms.length === 0) {
          expect(wgsl).toBeNull();
          expect(glsl).toBeNull();
          return;
        }
        expect(wgsl).toEqual(expected(stage.uniforms, WGSL_TYPE));
        expect(glsl).toEqual(expected(stage.uniforms, GLSL_TYPE));
      });

      it('has every entry point in both languages', () => {
        const wgslEntries = parseComputeEntries(resolved(stage.name, 'wgsl')).map((e) => e.name);
        const frag = resolved(stage.name, 'glsl');
        if (stage.perPixel) {
          // Run on the stores of another pass: a pixel function in each language, and no pass of its own.
          expect(wgslEntries).toEqual([]);
          expect(frag).not.toMatch(/\bvoid\s+main\s*\(/);
          expect(read(stage.name, 'wgsl')).toMatch(
            /^fn pixel\(\w+: vec4f, p: vec2i, dims: vec2i\) -> vec4f \{/m,
          );
          expect(frag).toMatch(/^vec4 pixel\(vec4 \w+, ivec2 p, ivec2 dims\) \{/m);
          return;
        }
        const entries = stage.entries ?? [];
        const [wgsl, glsl] = 'wgsl' in entries ? [entries.wgsl, entries.glsl] : [entries, entries];
        for (const entry of ['main', ...wgsl]) expect(wgslEntries).toContain(entry);
        for (const entry of glsl) expect(frag).toContain(`ENTRY_${entry}`);
      });

      it('has a CPU kernel for each GLSL pass (or a pixel function) in src/engine/cpu', () => {
        const cpu = CPU_STAGES.get(stage.name);
        expect(cpu, 'a CPU backend entry').toBeDefined();
        if (stage.perPixel) {
          expect(cpu?.pixel).toBeTypeOf('function');
          expect(cpu?.entries).toBeUndefined();
          return;
        }
        const entries = stage.entries ?? [];
        const glsl = 'wgsl' in entries ? entries.glsl : entries;
        expect(Object.keys(cpu?.entries ?? {}).sort()).toEqual(['main', ...glsl].sort());
      });

      it('has a CPU reference in tests/reference', () => {
        expect(REFERENCES[stage.name]).toBeTypeOf('function');
      });
    });
  }
});

describe('stage cases', () => {
  it('checks every registered stage in tests/gpu', async () => {
    const { STAGE_CASES } = await import('../gpu/cases/index.ts');
    for (const name of STAGES.keys()) expect(STAGE_CASES[name]?.length ?? 0, name).toBeGreaterThan(0);
  });
});
