/** How large the collage canvas is shown in the editor's canvas box (product spec section 2). */
import { collageArea } from '../../ui/canvas-layout.ts';
import { displaySize } from '../model/slot-layout.ts';

/** The collage canvas's size on screen: its own size, or smaller to fit the canvas box. */
export function collageDisplaySize(
  viewportWidth: number,
  viewportHeight: number,
  canvas: { width: number; height: number },
): { width: number; height: number } {
  return displaySize(canvas, collageArea(viewportWidth, viewportHeight));
}
