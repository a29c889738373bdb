/**
 * What the editor needs from the collage editor, without importing fabric: the fabric-backed
 * implementation (canvas/fabric-collage.ts) is loaded by dynamic import when the collage opens.
 */
import type { CollageConfig, ImageAsset } from '../../session/collage-state.ts';
import type { ImageStyle, TextStyle } from './types.ts';

/** What is selected on the collage canvas; it decides what the adjustments panel shows. */
export type CollageSelection =
  | { kind: 'none' }
  | { kind: 'text'; style: TextStyle; text: string; editable: boolean; deletable: boolean }
  | { kind: 'slot-image'; slotId: string; style: ImageStyle; zoom: number; fixed: boolean }
  | { kind: 'free-image'; style: ImageStyle }
  | { kind: 'several'; count: number };

export const NO_SELECTION: CollageSelection = { kind: 'none' };

export interface CollageEvents {
  /** The selection changed (or the selected object's style did). */
  onSelection(selection: CollageSelection): void;
  /** A slot's photo was dragged onto another slot. */
  onSwap(from: string, to: string): void;
  /** An empty slot was clicked: the user wants to pick a photo for it. */
  onEmptySlot(slotId: string): void;
  /** A slot's photo was deleted. */
  onSlotCleared(slotId: string): void;
}

export interface CollageEditorApi {
  /** Draws the config: preset, canvas size, background and slot photos (only what changed). */
  sync(config: CollageConfig, assets: readonly ImageAsset[]): void;
  /** Shows the canvas at this CSS size (the canvas keeps its own pixel size). */
  setDisplaySize(width: number, height: number): void;
  addText(): void;
  addFreeImage(asset: ImageAsset): Promise<void>;
  setTextStyle(patch: Partial<TextStyle>): void;
  /** Replaces the selected text's words. */
  setText(text: string): void;
  setImageStyle(patch: Partial<ImageStyle>): void;
  setSlotZoom(zoom: number): void;
  deleteSelection(): void;
  /** Resolves once every image and font the canvas is waiting for has loaded. */
  idle(): Promise<void>;
  /** The collage drawn at `multiplier` times its size, without placeholders or selection handles. */
  render(multiplier: number): HTMLCanvasElement;
  dispose(): void;
}
