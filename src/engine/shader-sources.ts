/**
 * Shader files arrive as a map from path to source text, from each backend's own `import.meta.glob`, so a
 * backend bundles only its own language. A stage's shaders lie in its folder
 * (`/src/pipeline/stages/<stage>/<stage>.wgsl` and `.glsl`); the helpers stages share, and the engine's own
 * shaders, in `/shaders/common` and `/shaders/internal`. Neither WGSL nor GLSL ES has an include
 * directive; `#include "path"` lines (relative to the file, or from the root when they start with `/`) are
 * resolved here, once per file.
 *
 * A stage's file does not declare its uniforms: the loader prepends the WGSL `struct Params` or the GLSL
 * `uniform Params` block generated from the stage's uniform table (src/pipeline/uniforms.ts), so the table
 * is the one place they are written. A GLSL stage file is the body of a fragment shader: the loader also
 * prepends its `#version` line and default precisions.
 */

import { getStage } from '../pipeline/stages/index.ts';
import { glslParamsBlock, wgslParamsStruct, type UniformTable } from '../pipeline/uniforms.ts';

export type ShaderLanguage = 'wgsl' | 'glsl';

const INCLUDE = /^[ \t]*#include\s+"([^"]+)"[ \t]*$/gm;

/** What precedes a GLSL stage's file: the version (which must be the first line) and default precisions. */
const GLSL_HEADER = '#version 300 es\nprecision highp float;\nprecision highp int;\n';

function resolvePath(fromFile: string, relative: string): string {
  const parts = relative.startsWith('/') ? [''] : fromFile.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The declarations the loader puts before a stage's file. */
export function stagePreamble(language: ShaderLanguage, uniforms: UniformTable): string {
  if (language === 'wgsl') {
    const struct = wgslParamsStruct(uniforms);
    return struct === '' ? '' : `${struct}\n`;
  }
  const block = glslParamsBlock(uniforms);
  return `${GLSL_HEADER}\n${block === '' ? '' : `${block}\n`}`;
}

export class ShaderLibrary {
  private readonly resolved = new Map<string, string>();

  constructor(
    private readonly files: Readonly<Record<string, string>>,
    private readonly language: ShaderLanguage,
    /** A stage's uniform table (the registry's; a test may give its own). */
    private readonly uniformsOf: (stage: string) => UniformTable = (stage) => getStage(stage).uniforms,
  ) {}

  /** The stage's complete shader: its generated declarations and its file, includes resolved. */
  stageSource(stage: string): string {
    const path = this.stagePath(stage);
    const cached = this.resolved.get(path);
    if (cached !== undefined) return cached;
    const result = this.resolve(path, this.stageRaw(stage), [path]);
    this.resolved.set(path, result);
    return result;
  }

  /** The stage's generated declarations and its file as written, includes unresolved (what fusion composes). */
  stageRaw(stage: string): string {
    return stagePreamble(this.language, this.uniformsOf(stage)) + this.raw(this.stagePath(stage));
  }

  stagePath(stage: string): string {
    return `/src/pipeline/stages/${stage}/${stage}.${this.language}`;
  }

  source(path: string, including: readonly string[] = []): string {
    const cached = this.resolved.get(path);
    if (cached !== undefined) return cached;
    const text = this.raw(path);
    if (including.includes(path)) throw new Error(`Shader include cycle at ${path}`);
    const result = this.resolve(path, text, including);
    this.resolved.set(path, result);
    return result;
  }

  /** A file as written, includes unresolved. */
  raw(path: string): string {
    const text = this.files[path];
    if (text === undefined) throw new Error(`Shader file ${path} not found`);
    return text;
  }

  /** Resolves the includes of `text` (a generated shader) as if it were the file at `path`. */
  resolve(path: string, text: string, including: readonly string[] = []): string {
    return text.replace(INCLUDE, (_line, relative: string) =>
      this.source(resolvePath(path, relative), [...including, path]),
    );
  }
}
