/** Where the photo lies in a frame's window, moved by the user (FramePlacer.tsx drags it). Pure. */
import type { FrameChoice } from '../../edit/frame.ts';
import { printLayout, type Size } from './layout.ts';

/**
 * The room the photo has to move in the window, photo pixels across and down (negative where the photo
 * is smaller than the window); 0 where it cannot move that way.
 */
export function placeRoom(frame: FrameChoice, photo: Size): { x: number; y: number } | null {
  const layout = printLayout(frame, photo);
  if (!layout) return null;
  return { x: photo.width - layout.window.width, y: photo.height - layout.window.height };
}

/**
 * The place after the photo is moved by (dx, dy) photo pixels (right and down): its share of the room,
 * kept within 0-1; an axis with no room keeps its place.
 */
export function movedPlace(
  frame: FrameChoice,
  room: { x: number; y: number },
  dx: number,
  dy: number,
): Pick<FrameChoice, 'placeX' | 'placeY'> {
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  // The window's top-left in the photo is room x place: moving the photo right moves it left.
  return {
    placeX: room.x === 0 ? frame.placeX : clamp(frame.placeX - dx / room.x),
    placeY: room.y === 0 ? frame.placeY : clamp(frame.placeY - dy / room.y),
  };
}
