// Messages between the harness page and its worker (test code only).
import type { EngineKind, LeftOut } from '../../src/engine/protocol.ts';
import type { Shown } from '../../src/i18n/msg.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import type { Rect } from '../../src/engine/tiling.ts';

/** An extra texture for a run (a LUT, a mask), as RGBA8 rows from the top. */
export interface TextureData {
  width: number;
  height: number;
  data: Uint8Array<ArrayBuffer>;
}

export interface RunRequest {
  type: 'run';
  id: number;
  engine: EngineKind;
  image: ImageBitmap;
  chain: StageInvocation[];
  /** Resource key -> texture, for invocations that name extra textures. */
  resources?: Record<string, TextureData>;
  /** Fuse runs of per-pixel stages (the engine's default); false runs every stage on its own. */
  fuse?: boolean;
}

/** Times a chain of stages, or a whole effect (its stages for the settings, its LUTs), at a size. */
export interface BenchRequest {
  type: 'bench';
  id: number;
  engine: EngineKind;
  width: number;
  height: number;
  chain?: StageInvocation[];
  resources?: Record<string, TextureData>;
  effectId?: string;
  settings?: Record<string, number | string | boolean>;
  warmup: number;
  iterations: number;
  /** Fuse runs of per-pixel stages (the engine's default). */
  fuse?: boolean;
  /** Time the editor's whole thumbnail set (every effect and look) of the input instead. */
  thumbnails?: boolean;
  /** Show each result on the worker's canvas, as the editor shows an apply (the backend's present). */
  present?: boolean;
}

/** Runs a whole effect (its stages for the given settings, with its LUTs) as the engine would. */
export interface EffectRequest {
  type: 'effect';
  id: number;
  engine: EngineKind;
  image: ImageBitmap;
  effectId: string;
  settings: Record<string, number | string | boolean>;
  /** Run the effect's own stages only, without its step's strength (the look as it was before strength). */
  ownStages?: boolean;
}

/**
 * Times the browser's own JPEG round trip at a size (the jpeg stage's baseline): the pixels in a 2D
 * OffscreenCanvas, `convertToBlob` at the quality, then `createImageBitmap` of the file. Runs in the
 * worker of `engine`, beside the stage it is compared with.
 */
export interface CodecBenchRequest {
  type: 'codec';
  id: number;
  engine: EngineKind;
  width: number;
  height: number;
  /** 1..100, as the jpeg stage takes it. */
  quality: number;
  warmup: number;
  iterations: number;
}

/** Runs a recipe's steps one after another on an image, as the editor commits them (8-bit between). */
export interface StepsRequest {
  type: 'steps';
  id: number;
  engine: EngineKind;
  image: ImageBitmap;
  steps: { effectId: string; settings: Record<string, number | string | boolean> }[];
  /** A .cube file's text, loaded first as the editor's loadCube loads the user's (Filters' own look). */
  cube?: string;
}

/** A recipe's colour as a .cube, made by the engine's export (src/engine/worker/cube-export.ts). */
export interface CubeRequest {
  type: 'cube';
  id: number;
  engine: EngineKind;
  title: string;
  steps: { effectId: string; settings: Record<string, number | string | boolean> }[];
  cubes?: Record<string, string>;
}

export interface CubeResult {
  text: string | null;
  kept: string[];
  left: LeftOut[];
  error?: Shown;
}

export type HarnessRequest =
  RunRequest | BenchRequest | EffectRequest | CodecBenchRequest | TilesRequest | StepsRequest | CubeRequest;

/**
 * Runs a chain on the whole image and again in tiles of at most `tileLimit` a side, as the
 * full-resolution export runs it (issue 7), to compare the two.
 */
export interface TilesRequest {
  type: 'tiles';
  id: number;
  engine: EngineKind;
  image: ImageBitmap;
  chain: StageInvocation[];
  resources?: Record<string, TextureData>;
  /** The longest tile side asked for; null for the product's own tiles (DEFAULT_MAX_TILE_PIXELS). */
  tileLimit: number | null;
}

export interface TilesResult {
  width: number;
  height: number;
  /** The whole image's result and the tiled one, RGBA8. */
  whole: Uint8Array<ArrayBuffer>;
  tiled: Uint8Array<ArrayBuffer>;
  tiles: number;
  /** The tiles' cores (the pixels each delivers): their edges inside the image are the seams. */
  cores: Rect[];
  reach: number;
  /** The most textures the engine's pool gained from one tile to the next of the same size: a leak. */
  held: number;
}

export interface RunResult {
  /** Output size; a resizing chain's input has its own. */
  width: number;
  height: number;
  inputWidth: number;
  inputHeight: number;
  input: Uint8Array<ArrayBuffer>;
  output: Uint8Array<ArrayBuffer>;
  /** GPU passes the chain took (a fused run of stages is one). */
  passes: number;
}

export interface BenchResult {
  samplesMs: number[];
  medianMs: number;
  /** GPU passes a run took (absent for the browser's codec). */
  passes?: number;
}

export type HarnessResponse =
  | {
      id: number;
      ok: true;
      result: RunResult | BenchResult | TilesResult | CubeResult;
      engine: EngineKind;
    }
  | { id: number; ok: false; error: string };
