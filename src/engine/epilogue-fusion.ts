/**
 * Fusing per-pixel stages into the pass before them. A stage's last pass writes its result; the per-pixel
 * stages that follow it in the chain (an epilogue) can run on each value before it is stored, instead of
 * each reading and writing the whole image again in a pass of its own. On a GPU every pass costs a launch
 * and a barrier whatever it does, so a resize followed by noise, or a bloom followed by a vignette, is one
 * pass instead of two. Per-pixel stages have no pass of their own: where no pass before them can take
 * them (at the start of a chain, or after a stage whose last pass does not make its result), they are the
 * epilogue of a copy pass.
 *
 * The shader files are the source: the base pass is its stage's file as written, with its writes to
 * `output` routed through the epilogue; each epilogue stage's file (its `pixel` function and helpers) is
 * taken without its bindings, its top-level names suffixed with its position in the pass (1, 2, ...) so that two stages'
 * helpers (and GLSL uniform block members, which are global names) cannot clash. Before each epilogue stage
 * the colour is rounded to 8 bits, as the rgba8unorm store of a separate pass would round it, so a fused
 * pass gives what the same stages give one by one.
 *
 * Names in the composed shader: the base keeps its own (`params`, `input0`, ...); epilogue stage k reads
 * its uniforms as `params<k>` in WGSL (block `Params<k>` in GLSL) and its extra textures as the pass's next
 * free input numbers, after every input the base declares.
 */

import type { FusedStep, GpuTexture, PassSpec } from './backend.ts';
import type { ShaderLibrary } from './shader-sources.ts';

export interface FusedStageSource {
  /** The stage's shader file, includes unresolved. */
  readonly source: string;
  /** How many textures besides the image the stage reads (`input1` ... in its own file). */
  readonly extraInputs: number;
  readonly hasUniforms: boolean;
}

/** The pass that an epilogue joins. */
export interface EpilogueBase {
  /** The stage's shader file, includes unresolved. */
  readonly source: string;
  /** The entry point whose stores take the epilogue (a WGSL function; a GLSL `ENTRY_` define). */
  readonly entry: string;
  /**
   * The first binding number free after the stage's own, includes resolved (a shared include may
   * declare its bindings); without it, after those `source` itself declares.
   */
  readonly nextBinding?: number;
}

/**
 * Per-pixel stages one pass takes on after its own work (each takes a uniform block and may read a
 * texture: WebGL2 promises 12 blocks and 16 textures).
 */
export const MAX_EPILOGUE_STAGES = 5;

/** The GLSL uniform an epilogue reads the output's size from (a fragment shader cannot query it). */
export const GLSL_OUTPUT_SIZE = 'epilogueOutputSize';

const INCLUDE_LINE = /^[ \t]*#include\s+"[^"]+"[ \t]*$/gm;

/**
 * The input number of the first epilogue texture: after every `input<n>` the base shader names, so that
 * no name is taken twice. A pass that binds fewer fills the gap (numberedInputs).
 */
export function firstEpilogueInput(baseSource: string): number {
  let first = 1;
  for (const match of baseSource.matchAll(/\binput(\d+)\b/g)) first = Math.max(first, Number(match[1]) + 1);
  return first;
}

/**
 * A fused pass's inputs by number: the base pass's own, its first input again for numbers the base
 * declares but does not bind, then the epilogue's textures from `firstInput` on.
 */
export function numberedInputs<T>(inputs: readonly T[], epilogueInputs: number, firstInput: number): T[] {
  const own = inputs.slice(0, inputs.length - epilogueInputs);
  const filler = own[0];
  if (filler === undefined) throw new Error('A fused pass needs an input');
  const gap = Array.from({ length: firstInput - own.length }, () => filler);
  return [...own, ...gap, ...inputs.slice(own.length)];
}

/** A pass's inputs as its program numbers them: as given, or with the epilogue's after `firstInput`. */
export function programInputs(pass: PassSpec, firstInput: number | undefined): readonly GpuTexture[] {
  if (firstInput === undefined) return pass.inputs;
  const epilogueInputs = pass.epilogue?.reduce((sum, step) => sum + step.extraInputs, 0) ?? 0;
  return numberedInputs(pass.inputs, epilogueInputs, firstInput);
}

/** The program cache key of a stage's pass with this epilogue. */
export function epilogueKey(stage: string, entry: string, steps: readonly FusedStep[]): string {
  return `${stage}:${entry}+${steps.map((step) => `${step.stage}/${step.extraInputs}`).join('+')}`;
}

/** The epilogue's stages as the composers take them; `source` gives a stage's shader file. */
export function epilogueSources(
  steps: readonly FusedStep[],
  source: (stage: string) => string,
): FusedStageSource[] {
  return steps.map((step) => ({
    source: source(step.stage),
    extraInputs: step.extraInputs,
    hasUniforms: step.uniforms !== undefined,
  }));
}

/**
 * A stage's pass with the epilogue composed in by `compose` (composeWgsl or composeGlsl), its includes
 * resolved as a file beside the stage's own, so that the relative includes resolve the same.
 */
export function fusedSource(
  shaders: ShaderLibrary,
  stage: string,
  entry: string,
  steps: readonly FusedStep[],
  compose: (base: EpilogueBase, steps: readonly FusedStageSource[], firstInput: number) => string,
): { code: string; firstInput: number } {
  const raw = (name: string) => shaders.stageRaw(name);
  const base = raw(stage);
  const path = shaders.stagePath(stage).replace(/\.(\w+)$/, '+epilogue.$1');
  // Counted in the stage's source with its includes resolved: its bindings may come from one.
  const resolved = shaders.resolve(path, base);
  const firstInput = firstEpilogueInput(resolved);
  const nextBinding = nextFreeBinding(resolved);
  const composed = compose({ source: base, entry, nextBinding }, epilogueSources(steps, raw), firstInput);
  return { code: shaders.resolve(path, composed), firstInput };
}

/** The binding number after the last a WGSL source declares. */
function nextFreeBinding(source: string): number {
  return Math.max(-1, ...[...source.matchAll(/@binding\((\d+)\)/g)].map((m) => Number(m[1]))) + 1;
}

/** The text of the top-level function whose header matches `header`: [start, end) through its brace. */
function functionAt(source: string, header: RegExp): [number, number] {
  const match = header.exec(source);
  if (!match) throw new Error(`No ${header.source} in the shader`);
  const open = source.indexOf('{', match.index);
  let depth = 0;
  for (let end = open; end < source.length; end++) {
    if (source[end] === '{') depth++;
    else if (source[end] === '}' && --depth === 0) return [match.index, end + 1];
  }
  throw new Error('Unbalanced braces in the shader');
}

/** Renames identifiers (not member accesses such as `.size`) by the map. */
function rename(code: string, names: ReadonlyMap<string, string>): string {
  return code.replace(/(?<![.\w])[A-Za-z_]\w*/g, (word) => names.get(word) ?? word);
}

/** Include lines of the steps that the base does not have, each once, in order of first use. */
function missingIncludes(base: string, steps: readonly FusedStageSource[]): string[] {
  const lines = (base.match(INCLUDE_LINE) ?? []).map((line) => line.trim());
  const missing: string[] = [];
  for (const { source } of steps)
    for (const line of source.match(INCLUDE_LINE) ?? [])
      if (!lines.includes(line.trim())) {
        lines.push(line.trim());
        missing.push(line.trim());
      }
  return missing;
}

/** Renames for a stage's extra textures: its `input1`, ... become the pass's next free numbers. */
function inputRenames(stage: FusedStageSource, firstFree: number, names: Map<string, string>): number {
  for (let i = 1; i <= stage.extraInputs; i++) names.set(`input${i}`, `input${firstFree + i - 1}`);
  return firstFree + stage.extraInputs;
}

/** The calls that run the steps on `color` (at p, in an output of dims), each after an 8-bit rounding; `vec4` names the language's type. */
function epilogueCalls(steps: readonly FusedStageSource[], vec4: string): string[] {
  return steps.flatMap((_step, index) => [
    `  color = round(clamp(color, ${vec4}(0.0), ${vec4}(1.0)) * 255.0) / 255.0;`,
    `  color = pixel_${index + 1}(color, p, dims);`,
  ]);
}

/**
 * Replaces each `textureStore(output, X, V)` in `body` by `textureStore(output, X, epilogue(V, vec2i(X)))`;
 * the arguments are found by their brackets, so they may hold calls and commas of their own.
 */
function routeStores(body: string): string {
  const call = 'textureStore(output,';
  let result = '';
  let from = 0;
  for (let at = body.indexOf(call); at >= 0; at = body.indexOf(call, from)) {
    const args: string[] = [];
    let depth = 0;
    let start = at + call.length;
    let end = start;
    for (; end < body.length; end++) {
      const ch = body[end];
      if (ch === '(' || ch === '[') depth++;
      else if ((ch === ')' || ch === ']') && depth > 0) depth--;
      else if (ch === ',' && depth === 0) {
        args.push(body.slice(start, end).trim());
        start = end + 1;
      } else if (ch === ')') break;
    }
    args.push(body.slice(start, end).trim());
    const [position, value] = args;
    if (args.length !== 2 || !position || !value) throw new Error('Unreadable textureStore(output, ...)');
    result += `${body.slice(from, at)}textureStore(output, ${position}, epilogue(${value}, vec2i(${position})))`;
    from = end + 1;
  }
  if (from === 0) throw new Error('The base entry point does not store to output');
  return result + body.slice(from);
}

/**
 * The base stage's WGSL module with `steps` applied to what its entry point stores: the entry point keeps
 * its name, and its `textureStore(output, ...)` calls go through a generated `epilogue`.
 */
export function composeWgsl(
  base: EpilogueBase,
  steps: readonly FusedStageSource[],
  firstInput: number,
): string {
  const [start, end] = functionAt(
    base.source,
    new RegExp(`@compute\\s+@workgroup_size\\([^)]*\\)\\s*fn\\s+${base.entry}\\s*\\(`),
  );
  const parts = [
    `${base.source.slice(0, start)}${routeStores(base.source.slice(start, end))}${base.source.slice(end)}`,
    '// Generated by src/engine/epilogue-fusion.ts: per-pixel stages applied to what the pass above stores.',
    ...missingIncludes(base.source, steps),
  ];
  let nextBinding = base.nextBinding ?? nextFreeBinding(base.source);
  const bindings: string[] = [];
  let nextInput = firstInput;
  steps.forEach((stage, index) => {
    const k = index + 1;
    const code = stage.source
      .replace(INCLUDE_LINE, '')
      .replace(/^@group\(0\)\s*@binding\(\d+\)\s*var[^;]*;[ \t]*$/gm, '');
    const names = new Map<string, string>([['params', `params${k}`]]);
    for (const match of code.matchAll(/^(?:fn|struct|const|alias|override)\s+(\w+)/gm))
      names.set(match[1] ?? '', `${match[1]}_${k}`);
    const first = nextInput;
    nextInput = inputRenames(stage, nextInput, names);
    parts.push(`// Epilogue stage ${k}`, rename(code, names).trim());
    if (stage.hasUniforms) bindings.push(`var<uniform> params${k}: Params_${k};`);
    for (let i = first; i < nextInput; i++) bindings.push(`var input${i}: texture_2d<f32>;`);
  });
  parts.push(
    ...bindings.map((binding) => `@group(0) @binding(${nextBinding++}) ${binding}`),
    'fn epilogue(stored: vec4f, p: vec2i) -> vec4f {',
    '  let dims = vec2i(textureDimensions(output));',
    '  var color = stored;',
    ...epilogueCalls(steps, 'vec4f'),
    '  return color;',
    '}',
  );
  return `${parts.join('\n')}\n`;
}

const GLSL_FUNCTION = /^(?:(?:highp|mediump|lowp|inout|in|out)\s+)*\w+\s+(\w+)\s*\(/gm;
const GLSL_CONST = /^const\s+\w+\s+(\w+)/gm;
const GLSL_BLOCK = /layout\s*\(\s*std140\s*\)\s*uniform\s+Params\s*\{([^}]*)\}\s*;/;

/**
 * The base stage's GLSL ES 3.00 fragment shader, its pass chosen by `ENTRY_<entry>`, with `steps` applied
 * to the colour it writes: its `main` becomes `baseMain`, which a generated `main` calls first.
 */
export function composeGlsl(
  base: EpilogueBase,
  steps: readonly FusedStageSource[],
  firstInput: number,
): string {
  const newline = base.source.indexOf('\n');
  const parts = [
    `${base.source.slice(0, newline + 1)}#define ENTRY_${base.entry} 1\n${base.source
      .slice(newline + 1)
      .replace(/\bvoid\s+main\s*\(\s*\)/g, 'void baseMain()')}`,
    '// Generated by src/engine/epilogue-fusion.ts: per-pixel stages applied to what the pass above writes.',
    ...missingIncludes(base.source, steps),
    `uniform highp ivec2 ${GLSL_OUTPUT_SIZE};`,
  ];
  let nextInput = firstInput;
  steps.forEach((stage, index) => {
    const k = index + 1;
    const code = stage.source
      .replace(INCLUDE_LINE, '')
      .replace(/^#version.*$/m, '')
      .replace(/^precision\s+\w+\s+\w+\s*;[ \t]*$/gm, '')
      .replace(/^uniform\s+(?:highp\s+)?sampler2D\s+\w+\s*;[ \t]*$/gm, '')
      .replace(/^out\s+vec4\s+outColor\s*;[ \t]*$/m, '');
    const names = new Map<string, string>();
    const block = GLSL_BLOCK.exec(code);
    if (block) {
      // The block's members are global names in GLSL: each gets the stage's suffix.
      for (const field of (block[1] ?? '').split(';')) {
        const name = /(\w+)\s*(?:\[[^\]]*\])?\s*$/.exec(field.trim())?.[1];
        if (name) names.set(name, `${name}_${k}`);
      }
      names.set('Params', `Params${k}`);
    }
    for (const pattern of [GLSL_FUNCTION, GLSL_CONST])
      for (const match of code.matchAll(pattern)) names.set(match[1] ?? '', `${match[1]}_${k}`);
    const first = nextInput;
    nextInput = inputRenames(stage, nextInput, names);
    // The stage's textures are declared before its code uses them.
    for (let i = first; i < nextInput; i++) parts.push(`uniform highp sampler2D input${i};`);
    parts.push(`// Epilogue stage ${k}`, rename(code, names).trim());
  });
  parts.push(
    'void main() {',
    '  baseMain();',
    '  ivec2 p = ivec2(gl_FragCoord.xy);',
    `  ivec2 dims = ${GLSL_OUTPUT_SIZE};`,
    '  vec4 color = outColor;',
    ...epilogueCalls(steps, 'vec4'),
    '  outColor = color;',
    '}',
  );
  return `${parts.join('\n')}\n`;
}
