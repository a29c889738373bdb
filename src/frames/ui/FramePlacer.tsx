/**
 * Placing the photo in a frame's window of another shape than the photo's: while the frame choice is
 * open, the window on screen can be dragged (or moved with the arrow keys) to choose where the photo lies
 * in it; the frame's Fill control says how much of the window the photo fills. It starts with the whole
 * photo in the window, centred: nothing is cut that the user has not placed out of it.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useAtomValue } from '../../ui/jotai.ts';
import { useT } from '../../i18n/use-t.ts';
import { printLayout, type Size } from '../model/layout.ts';
import { movedPlace, placeRoom } from '../model/placement.ts';
import { frameAtom } from './frame-atom.ts';
import { frameOpenAtom, type FrameController } from './frame-controller.ts';
import { photoWindowStyles } from './photo-window.ts';

/** A press of an arrow key moves the photo by this share of the room it has to move. */
const KEY_STEP = 0.05;

/** The window over the photo on screen, to drag while the frame choice is open; nothing otherwise. */
export function FramePlacer({ frames, photo }: { frames: FrameController; photo: Size }) {
  const t = useT();
  const open = useAtomValue(frameOpenAtom);
  const frame = useAtomValue(frameAtom);
  const drag = useRef<{ x: number; y: number; scale: number } | null>(null);
  const styles = photoWindowStyles(frame, photo);
  const room = placeRoom(frame, photo);
  if (!open || !styles || !room || (Math.abs(room.x) < 1 && Math.abs(room.y) < 1)) return null;
  const move = (dx: number, dy: number) => frames.change(movedPlace(frame, room, dx, dy));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // The drag is the placer's: the canvas's own press (the zoom) is not made.
    event.stopPropagation();
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const layout = printLayout(frame, photo);
    if (!layout || box.width === 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, scale: layout.window.width / box.width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    event.stopPropagation();
    const dx = (event.clientX - from.x) * from.scale;
    const dy = (event.clientY - from.y) * from.scale;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    drag.current = { ...from, x: event.clientX, y: event.clientY };
    move(dx, dy);
  };
  const end = (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const by: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const step = by[event.key];
    if (!step) return;
    event.preventDefault();
    event.stopPropagation();
    move(step[0] * KEY_STEP * Math.abs(room.x), step[1] * KEY_STEP * Math.abs(room.y));
  };
  return (
    <div
      className="frame-placer"
      data-testid="frame-place"
      style={styles.window}
      role="application"
      tabIndex={0}
      aria-label={t('Place the photo in the frame: drag it, or use the arrow keys')}
      title={t('Place the photo in the frame: drag it, or use the arrow keys')}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={onKeyDown}
    />
  );
}
