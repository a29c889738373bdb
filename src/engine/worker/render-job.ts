/**
 * What a full-resolution save (and each photo of a batch) asks of the worker: the original, the steps to
 * run on it, the JPEG's quality, the tile limits and the frame; and what it gives back.
 */
import type { FrameChoice } from '../../edit/frame.ts';
import type { Settings } from '../../effects/types.ts';
import type { PictureReader } from '../../pixels/strips.ts';
import type { TileLimits } from '../tiling.ts';
import type { ImageSize } from './export-step-plan.ts';

export interface RenderStep {
  effectId: string;
  settings: Settings;
  mask?: ImageBitmap;
  /** The hash of the .cube its 'Your .cube file' look reads (the engine holds the table). */
  cube?: string;
}

/**
 * The original, upright, at its own size, decoded when a step needs it: as pixels in memory (which tiled
 * steps then write in place), or at the preview's processing size, as the preview's was made, for a camera
 * that runs at that size (then the photo is never held at its full size at all).
 */
export interface Original {
  width: number;
  height: number;
  /** The whole picture, to read from (called once; the reader is closed by the caller). */
  open(): Promise<PictureReader>;
  atProcessingSize(): Promise<ImageBitmap>;
}

export interface RenderJob {
  original: Original;
  /** The size the preview processed the original at. */
  processing: ImageSize;
  steps: readonly RenderStep[];
  /** JPEG quality, 0..1. */
  quality: number;
  limits: TileLimits;
  /** The day the photo was taken, for a date stamp. */
  taken?: string;
  /** The frame around the result: the print is saved (src/engine/worker/frame.ts). */
  frame?: FrameChoice;
  /** Called as work completes, with the fraction done. */
  progress: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface RenderResult {
  blob: Blob;
  width: number;
  height: number;
}
