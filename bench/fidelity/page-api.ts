/** What the fidelity page (page.ts) offers the Node side (measure.ts), through `window.fidelity`. */
import type { Tile } from './report.ts';

export interface RenderedLook {
  /** The look's pixels at the size its JPEG stage coded, RGBA8 in base64. */
  own: { width: number; height: number; data: string };
  /** The editor's save of it: a JPEG file, base64. */
  save: string;
  /** The look's JPEG stage's params, or null if it has none. */
  jpeg: { quality: number; subsampling?: number } | null;
  /** Whether the look ends in a pixelated 2x upscale (undone in `own`). */
  upscaled: boolean;
}

export interface FidelityPage {
  renderLook(engine: 'webgpu' | 'webgl2' | 'cpu', photo: string, effectId: string): Promise<RenderedLook>;
  drawPicture(rows: { title: string; tiles: Tile[] }[], zoom: number): Promise<string>;
}

declare global {
  interface Window {
    fidelity: FidelityPage;
  }
}
