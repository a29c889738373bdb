/**
 * What a CPU kernel is: the third language of a stage, beside its WGSL and GLSL. A kernel runs one
 * pass of a stage's entry point (the GLSL passes: the CPU, like a fragment shader, has no workgroup
 * memory) on whole textures; a per-pixel stage gives the function that fused passes apply to what they
 * store (src/engine/epilogue-fusion.ts). Kernels read the same packed uniforms as the shaders, unpacked by the
 * stage's uniform table, under the same names: a kernel is typed by that table (`Kernel<XUniforms>`, with
 * `XUniforms = UniformParams<typeof table>` from the stage's folder), so it reads `u.amount`, checked by
 * the compiler, never a uniform looked up by a string.
 */
import type { CpuTexture } from './texture.ts';

export type Uniforms = Readonly<Record<string, number | readonly number[]>>;

export interface KernelPass<U = Uniforms> {
  /** As the GLSL program numbers them: input0, input1, ... */
  readonly inputs: readonly CpuTexture[];
  readonly u: U;
  readonly out: CpuTexture;
}

export type Kernel<U = Uniforms> = (pass: KernelPass<U>) => void;

/**
 * A per-pixel stage's `pixel(color, p, dims)`, made once per pass from its uniforms and its own extra
 * textures (what its shaders call input1, ...): changes c (RGBA, 0..1) in place.
 */
export type PixelFunction = (c: Float32Array, x: number, y: number, width: number, height: number) => void;
export type PixelStage<U = Uniforms> = (u: U, extras: readonly CpuTexture[]) => PixelFunction;

/**
 * A stage's kernels in the registry, whatever their table: the backend hands each the values unpacked by
 * its own stage's table (src/engine/cpu/backend.ts), which is what typed them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyUniforms = any;

export interface CpuStage {
  /** Kernels by entry point (`main` for the pass without one). */
  readonly entries?: Readonly<Record<string, Kernel<AnyUniforms>>>;
  readonly pixel?: PixelStage<AnyUniforms>;
}

export function input<U>(pass: KernelPass<U>, index: number): CpuTexture {
  const texture = pass.inputs[index];
  if (!texture) throw new Error(`CPU kernel: no input${index}`);
  return texture;
}

/** Runs `texel(i, x, y)` for every texel of the output, row by row (i is the texel's index). */
export function forEachTexel(out: CpuTexture, texel: (i: number, x: number, y: number) => void): void {
  const { width, height } = out;
  for (let y = 0, i = 0; y < height; y++) for (let x = 0; x < width; x++, i++) texel(i, x, y);
}
