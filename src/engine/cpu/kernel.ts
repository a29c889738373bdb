/**
 * What a CPU kernel is: the third language of a stage, beside its WGSL and GLSL. A kernel runs one
 * pass of a stage's entry point (the GLSL passes: the CPU, like a fragment shader, has no workgroup
 * memory) on whole textures; a per-pixel stage gives the function that fused passes apply to what they
 * store (src/engine/fusion.ts). Kernels read the same packed uniforms as the shaders, unpacked by the
 * stage's uniform table, under the same names.
 */
import type { CpuTexture } from './texture.ts';

export type Uniforms = Readonly<Record<string, number | readonly number[]>>;

export interface KernelPass {
  /** As the GLSL program numbers them: input0, input1, ... */
  readonly inputs: readonly CpuTexture[];
  readonly u: Uniforms;
  readonly out: CpuTexture;
}

export type Kernel = (pass: KernelPass) => void;

/**
 * A per-pixel stage's `pixel(color, p, dims)`, made once per pass from its uniforms and its own extra
 * textures (what its shaders call input1, ...): changes c (RGBA, 0..1) in place.
 */
export type PixelFunction = (c: Float32Array, x: number, y: number, width: number, height: number) => void;
export type PixelStage = (u: Uniforms, extras: readonly CpuTexture[]) => PixelFunction;

export interface CpuStage {
  /** Kernels by entry point (`main` for the pass without one). */
  readonly entries?: Readonly<Record<string, Kernel>>;
  readonly pixel?: PixelStage;
}

/** A scalar uniform; throws for a missing or vector one, a programming error. */
export function num(u: Uniforms, name: string): number {
  const value = u[name];
  if (typeof value !== 'number') throw new Error(`CPU kernel: uniform ${name} is not a scalar`);
  return value;
}

/** A vector (or array) uniform's components. */
export function vec(u: Uniforms, name: string): readonly number[] {
  const value = u[name];
  if (typeof value === 'number' || value === undefined)
    throw new Error(`CPU kernel: uniform ${name} is not a vector`);
  return value;
}

export function input(pass: KernelPass, index: number): CpuTexture {
  const texture = pass.inputs[index];
  if (!texture) throw new Error(`CPU kernel: no input${index}`);
  return texture;
}

/** Runs `texel(i, x, y)` for every texel of the output, row by row (i is the texel's index). */
export function forEachTexel(out: CpuTexture, texel: (i: number, x: number, y: number) => void): void {
  const { width, height } = out;
  for (let y = 0, i = 0; y < height; y++) for (let x = 0; x < width; x++, i++) texel(i, x, y);
}
