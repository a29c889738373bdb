/**
 * The steps of the editor's log, as the features read them: what was loaded (`Source`) and each committed
 * step in order. The log itself (src/editor/recovery.ts) keeps them so that a fresh worker can rebuild the
 * photo; a feature reads them through its host (src/features/host.ts) to know what is in force.
 */
import type { CropChoice } from '../crop/model/crop-choice.ts';
import type { SettingsRecord } from './editor-state.ts';

export interface EffectStep {
  kind: 'effect';
  effectId: string;
  settings: SettingsRecord;
  /** Smart blur's freehand mask, for draw mode. */
  mask: ImageBitmap | null;
}

/** An image made on the main thread (a collage) that became the base. */
export interface ImageStep {
  kind: 'image';
  image: ImageBitmap;
  width: number;
  height: number;
  /** The effect id that made it (the collage's). */
  step: string;
}

/**
 * A crop: made from the original, the effects committed before it run again on it. The latest
 * crop applied is the one in force (each is made from the original, not from the crop before it).
 */
export interface CropStep {
  kind: 'crop';
  choice: CropChoice;
  /** Its history step id ('crop-4-5'). */
  step: string;
}

/**
 * A recipe applied (one step of the history): the whole edit made again from the photo as loaded, its
 * crop (fitted to this photo) and then its effects. What came before it is replaced, not built on.
 */
export interface RecipeLogStep {
  kind: 'recipe';
  /** Its history step id ('recipe:Party 2005'). */
  step: string;
  crop: CropChoice | null;
  effects: EffectStep[];
}

export type Step = EffectStep | ImageStep | CropStep | RecipeLogStep;

export interface Source {
  image: ImageBitmap;
  processing: { width: number; height: number };
  original: { width: number; height: number };
  /**
   * The file itself (compressed, as chosen), which the full-resolution export decodes again in the
   * worker: the page never holds the original's pixels.
   */
  file: Blob;
  /** The day the photo was taken, where its EXIF says (the date stamp's date). */
  taken?: string;
}
