/**
 * What a GPU backend offers the engine. WebGPU and WebGL2 each implement it once; everything above it
 * (stages, effects, the worker's image bookkeeping) is written against this interface only.
 */
import type { EngineKind } from './protocol.ts';
import type { GpuTexture, TextureFormat } from '../pipeline/texture.ts';
import type { UniformValues } from '../pipeline/uniforms.ts';

export type { GpuTexture, TextureFormat };

/** A per-pixel stage that a pass applies to what it stores (src/engine/epilogue-fusion.ts). */
export interface FusedStep {
  readonly stage: string;
  /** Packed by the stage's uniform table; absent for stages without uniforms. */
  readonly uniforms?: ArrayBuffer;
  /** How many of the pass's inputs, after the base pass's and the steps' before, are this stage's own. */
  readonly extraInputs: number;
}

/** One full-texture pass of one program: every output texel is computed from the inputs. */
export interface PassSpec {
  /** The stage whose shaders run: `src/pipeline/stages/<stage>/<stage>.wgsl` and `.glsl`. */
  readonly stage: string;
  /** Entry point for stages with several passes (`main` when absent). */
  readonly entry?: string;
  /** Bound in order as `input0`, `input1`, ... */
  readonly inputs: readonly GpuTexture[];
  /** Packed by the stage's uniform table; absent for stages without uniforms. */
  readonly uniforms?: ArrayBuffer;
  /**
   * Per-pixel stages applied in order to what the pass stores, in one generated program; `inputs` are the
   * stage's own, then each step's extra textures in order.
   */
  readonly epilogue?: readonly FusedStep[];
  readonly output: GpuTexture;
  /** Workgroups to run, when it is not one invocation per output texel (backends with `workgroupMemory`). */
  readonly workgroups?: { readonly x: number; readonly y: number };
}

/**
 * The program a pass runs: its stage, entry point and fused per-pixel stages; and the formats its passes
 * write, where known (a WebGL2 driver may make a pipeline per output format on the first draw).
 */
export type ProgramSpec = Pick<PassSpec, 'stage' | 'entry' | 'epilogue'> & {
  readonly formats?: readonly TextureFormat[];
};

/** What the engine uploads: a decoded photo, pixels, a canvas, or a camera's frame as it came. */
export type UploadSource = ImageBitmap | ImageData | OffscreenCanvas | VideoFrame;

/** An upload's size in pixels (a VideoFrame's is its display size). */
export function uploadSize(image: UploadSource): { width: number; height: number } {
  return 'displayWidth' in image
    ? { width: image.displayWidth, height: image.displayHeight }
    : { width: image.width, height: image.height };
}

export interface ResourceCounts {
  textures: number;
  buffers: number;
}

export interface Backend {
  readonly kind: EngineKind;
  /**
   * Drawn by a software rasteriser (SwiftShader, llvmpipe) or the CPU: not a GPU driver that can draw
   * wrong, so not self-tested.
   */
  readonly software: boolean;
  readonly maxTextureSize: number;
  /** Runs compute passes whose invocations share workgroup memory (PassSpec.workgroups). */
  readonly workgroupMemory: boolean;
  createTexture(width: number, height: number, format: TextureFormat): GpuTexture;
  destroyTexture(texture: GpuTexture): void;
  /**
   * Uploads an image as rgba8unorm, row 0 at the top: into a new texture, or into `into` (an rgba8unorm
   * texture of the image's size, reused frame after frame by the live viewfinder), which it returns.
   */
  uploadImage(image: UploadSource, into?: GpuTexture): GpuTexture;
  /**
   * Makes these programs ahead of the passes that run them, off this thread where the backend can
   * (WebGPU's asynchronous pipelines, WebGL2's parallel shader compile), all at once; resolves when they
   * are ready. Never rejects: a program that fails is made again by its pass, which reports the error.
   */
  prepare(programs: readonly ProgramSpec[]): Promise<void>;
  runPass(pass: PassSpec): void;
  /** Sizes the canvas to the texture and shows it; resolves once the frame is handed to the canvas. */
  present(texture: GpuTexture): void | Promise<void>;
  /**
   * Copies all of `source` into `target` with its top-left corner at (x, y): both of one format, the
   * source inside the target. The thumbnail set is gathered so into one atlas, read back once.
   */
  copyInto(source: GpuTexture, target: GpuTexture, x: number, y: number): void;
  /** RGBA8, rows from the top, tightly packed. */
  readPixels(texture: GpuTexture): Promise<Uint8Array<ArrayBuffer>>;
  /** Resolves when all submitted GPU work has finished. */
  finish(): Promise<void>;
  /**
   * Runs GPU work and rejects if the backend reported an error for it (a shader that does not compile, an
   * invalid binding), which WebGPU otherwise only reports asynchronously while the output stays black.
   */
  validate<T>(work: () => T): Promise<T>;
  resourceCounts(): ResourceCounts;
  /** Test hook: loses the GPU context as a driver reset would (WebGPU: reason 'unknown'). */
  loseContextForTest(): void;
  /**
   * Test hook (WebGPU only): the next error scopes cannot be popped, as when the instance behind the device
   * is dropped ('Instance dropped in popErrorScope').
   */
  dropInstanceForTest?(): void;
  destroy(): void;
}

export type { UniformValues };
