import type { GpuTexture, TextureFormat } from '../texture.ts';
import type { UniformTable, UniformValue, UniformValues } from '../uniforms.ts';

export interface PassRequest {
  /** Entry point within the stage's shaders; `main` when absent. */
  entry?: string;
  inputs: readonly GpuTexture[];
  uniforms?: UniformValues;
  width: number;
  height: number;
  format?: TextureFormat;
  /**
   * For an entry that works in whole workgroups (only where `PassEncoder.workgroupMemory`): how many to
   * run, when it is not one invocation per output texel.
   */
  workgroups?: { x: number; y: number };
}

/**
 * Where the texture a stage runs on lies in the whole image: at (x, y) in an image of fullWidth x
 * fullHeight. A stage's input is the whole image (x = y = 0, the input's own size) except while the
 * full-resolution export runs a chain tile by tile; stages whose result depends on where a pixel is (a
 * vignette, grain, a mask stretched over the image) measure positions in the whole image.
 */
export interface Region {
  readonly x: number;
  readonly y: number;
  readonly fullWidth: number;
  readonly fullHeight: number;
}

/** What a stage may do while it encodes: run passes of its own shaders, and hand back textures it no longer needs. */
export interface PassEncoder {
  pass(request: PassRequest): GpuTexture;
  release(texture: GpuTexture): void;
  /** Where the input lies in the whole image. */
  readonly region: Region;
  /** Passes can be compute passes whose invocations share workgroup memory (WebGPU, not WebGL2). */
  readonly workgroupMemory: boolean;
}

/** The region of an input that is the whole image. */
export function wholeRegion(input: { width: number; height: number }): Region {
  return { x: 0, y: 0, fullWidth: input.width, fullHeight: input.height };
}

export type StageParams = Readonly<Record<string, UniformValue>>;

/** Textures a stage reads besides its input (a LUT, a mask), by slot name. */
export type StageTextures = Readonly<Record<string, GpuTexture>>;

/**
 * A stage: per-pixel work described without reference to a backend. `encode` runs one or more passes of
 * the stage's own shaders (`<name>/<name>.wgsl` and `.glsl` in its folder, their uniform declarations
 * generated from the table) and returns the output texture; it must not release its input (nor its extra
 * textures).
 */
export interface StageDefinition<P = StageParams> {
  readonly name: string;
  readonly uniforms: UniformTable;
  /**
   * Entry points besides `main`, for multi-pass stages: in both languages, or by language for a stage
   * whose passes differ where invocations can share workgroup memory (`PassEncoder.workgroupMemory`).
   */
  readonly entries?:
    readonly string[] | { readonly wgsl: readonly string[]; readonly glsl: readonly string[] };
  /**
   * Slot names of the extra textures the stage can read; an invocation names a resource for those it uses
   * and `encode` checks for the ones it needs (a blur needs its mask only in draw mode).
   */
  readonly textures?: readonly string[];
  /**
   * Each output texel depends only on the input texel at the same place (and the uniforms and extra
   * textures): `encode` asks for one same-size rgba8unorm pass reading the input first, which is
   * recorded, not run, and both shaders define `pixel(color, p, dims)` and no entry point. The stage runs
   * on what the pass before it stores, or on a copy pass's (src/engine/epilogue-fusion.ts).
   */
  readonly perPixel?: boolean;
  /**
   * A per-pixel stage whose output depends only on the input texel's colour (and the uniforms and extra
   * textures): not on where the texel is nor on the image's size, so a 3D LUT can stand for it (a
   * recipe's colour exported as a .cube). A vignette, grain or a date stamp is per-pixel but not this.
   */
  readonly colourOnly?: boolean;
  encode(encoder: PassEncoder, input: GpuTexture, params: P, textures: StageTextures): GpuTexture;
  /**
   * For a stage that can run on part of an image (a tile of the full-resolution export): how far, in
   * pixels, an output pixel may read from its own position, for these params on an image of this size.
   * Such a stage must give a tile's pixels the values they have in the whole image (it measures
   * positions with `encoder.region`). Absent: the stage needs the whole image at once (a resize, the JPEG
   * blocks, a bloom chain whose coarsest level spans the frame).
   */
  reach?(params: P, image: { width: number; height: number }): number;
  /** For a stage whose output is not its input's size (a resize): the output's size. */
  outputSize?(params: P, input: { width: number; height: number }): { width: number; height: number };
}

// Stages are stored in one registry whatever their params are.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStage = StageDefinition<any>;

/** Finds the texture for a resource key; throws for an unknown key. */
export type TextureResolver = (key: string) => GpuTexture;
