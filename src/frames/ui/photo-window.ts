/**
 * Where the photo lies in the print on screen: the window's box in the print and the photo's box in the
 * window, as percentages of the box around each (PhotoWindow.tsx places what lies over the photo by it).
 */
import type { CSSProperties } from 'react';
import type { FrameChoice } from '../../edit/frame.ts';
import { printLayout, type Size } from '../model/layout.ts';

const percent = (part: number, whole: number) => `${(100 * part) / whole}%`;

/** The window's place in the print and the photo's place in the window, as percentages; null: no frame. */
export function photoWindowStyles(
  frame: FrameChoice,
  photo: Size,
): { window: CSSProperties; photo: CSSProperties } | null {
  const layout = printLayout(frame, photo);
  if (!layout) return null;
  const { window: w, crop } = layout;
  return {
    window: {
      position: 'absolute',
      overflow: 'hidden',
      left: percent(w.x, layout.width),
      top: percent(w.y, layout.height),
      width: percent(w.width, layout.width),
      height: percent(w.height, layout.height),
    },
    photo: {
      position: 'absolute',
      left: percent(-crop.x, w.width),
      top: percent(-crop.y, w.height),
      width: percent(photo.width, w.width),
      height: percent(photo.height, w.height),
    },
  };
}
