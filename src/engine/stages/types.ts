import type { GpuTexture, TextureFormat } from '../backend.ts';
import type { UniformTable, UniformValue, UniformValues } from '../uniforms.ts';

export interface PassRequest {
  /** Entry point within the stage's shaders; `main` when absent. */
  entry?: string;
  inputs: readonly GpuTexture[];
  uniforms?: UniformValues;
  width: number;
  height: number;
  format?: TextureFormat;
}

/** What a stage may do while it encodes: run passes of its own shaders, and hand back textures it no longer needs. */
export interface PassEncoder {
  pass(request: PassRequest): GpuTexture;
  release(texture: GpuTexture): void;
}

export type StageParams = Readonly<Record<string, UniformValue>>;

/** Textures a stage reads besides its input (a LUT, a mask), by slot name. */
export type StageTextures = Readonly<Record<string, GpuTexture>>;

/**
 * A stage: per-pixel work described without reference to a backend. `encode` runs one or more passes of
 * the stage's own shaders (`shaders/<name>/<name>.wgsl` and `.frag`, sharing the uniform table) and returns
 * the output texture; it must not release its input (nor its extra textures).
 */
export interface StageDefinition<P = StageParams> {
  readonly name: string;
  readonly uniforms: UniformTable;
  /** Entry points besides `main`, for multi-pass stages. */
  readonly entries?: readonly string[];
  /**
   * Slot names of the extra textures the stage can read; an invocation names a resource for those it uses
   * and `encode` checks for the ones it needs (a blur needs its mask only in draw mode).
   */
  readonly textures?: readonly string[];
  /**
   * Each output texel depends only on the input texel at the same place (and the uniforms and extra
   * textures): `encode` makes one same-size rgba8unorm pass of `main` reading the input first, and both
   * shaders define `pixel(color, p, dims)`, which `main` applies. A run of such stages is fused into one
   * pass (src/engine/fusion.ts).
   */
  readonly perPixel?: boolean;
  encode(encoder: PassEncoder, input: GpuTexture, params: P, textures: StageTextures): GpuTexture;
}

// Stages are stored in one registry whatever their params are.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStage = StageDefinition<any>;

/** One step of an effect: which stage runs, with which parameters and extra textures. */
export interface StageInvocation {
  readonly stage: string;
  readonly params: StageParams;
  /** Slot name -> resource key (`lut:nashville`, `mask:freehand`), resolved by the engine. */
  readonly textures?: Readonly<Record<string, string>>;
}

/** Finds the texture for a resource key; throws for an unknown key. */
export type TextureResolver = (key: string) => GpuTexture;
