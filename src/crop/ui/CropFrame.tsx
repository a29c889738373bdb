/**
 * The crop tool's stage: the photo as the crop's geometry shows it (turned, flipped,
 * straightened), drawn on a canvas, and the frame over it with its rule-of-thirds grid and eight handles.
 * Pointers (mouse, pen, touch) drag the handles or the frame, two fingers pinch; the frame takes arrow
 * keys. What each gesture does to the choice is frame-edit.ts's.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CropChoice, Size } from '../../edit/crop.ts';
import {
  HANDLES,
  describeFrame,
  displayBox,
  dragHandle,
  drawTransform,
  keyStep,
  moveFrame,
  pinchFrame,
  viewOf,
  type ArrowKey,
  type Handle,
} from '../model/frame-edit.ts';
import { turnedSize } from '../model/geometry.ts';
import type { Shown } from '../../i18n/msg.ts';
import { translate } from '../../i18n/translate-message.ts';
import { useT } from '../../i18n/use-t.ts';

/** Safari's (and the app's iOS mode's) canvas limit: a larger canvas fails to draw. */
const MAX_CANVAS_PIXELS = 16_777_216;
/** Room around the photo for the handles, in CSS pixels. */
const MARGIN = 22;

export interface CropFrameProps {
  image: ImageBitmap;
  photo: Size;
  choice: CropChoice;
  onChange: (choice: CropChoice) => void;
  onDone: () => void;
}

type Gesture =
  | { kind: 'drag'; handle: Handle | null; start: CropChoice; x: number; y: number }
  | { kind: 'pinch'; start: CropChoice; distance: number }
  | null;

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

export default function CropFrame({ image, photo, choice, onChange, onDone }: CropFrameProps) {
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [area, setArea] = useState<Size>({ width: 0, height: 0 });
  const [spoken, setSpoken] = useState<Shown>('');
  const t = useT();
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture>(null);

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setArea({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { geometry } = choice;
  const view = viewOf(choice, photo);
  const box = displayBox(view, geometry.angle);
  // CSS pixels a view unit: the whole straightened photo fits the stage, margins kept for the handles.
  const scale = Math.max(
    0,
    Math.min((area.width - 2 * MARGIN) / box.width, (area.height - 2 * MARGIN) / box.height),
  );
  const cssWidth = box.width * scale;
  const cssHeight = box.height * scale;

  // Redrawn when the picture changes (not when only the frame moves: the frame is in the DOM).
  const { turns, flipH, flipV, angle } = geometry;
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || cssWidth < 1 || cssHeight < 1) return;
    let ratio = window.devicePixelRatio || 1;
    const pixels = cssWidth * ratio * (cssHeight * ratio);
    if (pixels > MAX_CANVAS_PIXELS) ratio *= Math.sqrt(MAX_CANVAS_PIXELS / pixels) * 0.999;
    element.width = Math.max(1, Math.floor(cssWidth * ratio));
    element.height = Math.max(1, Math.floor(cssHeight * ratio));
    // Only the picture's own transform counts here; drawTransform ignores the cut.
    const shown = { turns, flipH, flipV, angle, rect: { x: 0, y: 0, ...photo } };
    const shownBox = displayBox(turnedSize(photo, turns), angle);
    const unit = element.width / shownBox.width;
    const [a, b, c, d, e, f] = drawTransform(shown, photo, image, shownBox, unit);
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, element.width, element.height);
    context.imageSmoothingQuality = 'high';
    // The canvas takes (a, d, b, e, c, f): x' = a x + b y + c in its order of arguments.
    context.setTransform(a, d, b, e, c, f);
    context.drawImage(image, 0, 0);
    context.setTransform(1, 0, 0, 1, 0, 0);
  }, [image, photo, turns, flipH, flipV, angle, cssWidth, cssHeight]);

  const { rect } = geometry;
  const frameStyle = {
    left: (rect.x - box.x) * scale,
    top: (rect.y - box.y) * scale,
    width: rect.width * scale,
    height: rect.height * scale,
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const target = event.target as HTMLElement;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    event.currentTarget.setPointerCapture(event.pointerId);
    if (pointers.current.size === 2) {
      const [p, q] = [...pointers.current.values()];
      gesture.current = { kind: 'pinch', start: choice, distance: Math.hypot(p!.x - q!.x, p!.y - q!.y) };
    } else if (pointers.current.size === 1 && target.closest('.crop-frame')) {
      // The frame takes the keys next, as after a Tab (pointerdown's default, focus, is prevented below).
      target.closest<HTMLElement>('.crop-frame')?.focus({ preventScroll: true });
      const handle = (target.closest('[data-handle]')?.getAttribute('data-handle') ?? null) as Handle | null;
      gesture.current = { kind: 'drag', handle, start: choice, x: event.clientX, y: event.clientY };
    }
    event.preventDefault();
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const now = gesture.current;
    if (!now || scale <= 0) return;
    if (now.kind === 'pinch') {
      const [p, q] = [...pointers.current.values()];
      if (!p || !q || now.distance <= 0) return;
      onChange(pinchFrame(now.start, photo, Math.hypot(p.x - q.x, p.y - q.y) / now.distance));
      return;
    }
    const dx = (event.clientX - now.x) / scale;
    const dy = (event.clientY - now.y) / scale;
    onChange(
      now.handle ? dragHandle(now.start, photo, now.handle, dx, dy) : moveFrame(now.start, photo, dx, dy),
    );
  };

  const onPointerEnd = (event: React.PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    // A pinch ends with its first finger up: the one left does not jump into a drag.
    if (gesture.current?.kind === 'pinch' || pointers.current.size === 0) gesture.current = null;
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onDone();
    } else if (ARROWS.has(event.key)) {
      event.preventDefault();
      const next = keyStep(choice, photo, event.key as ArrowKey, {
        resize: event.shiftKey,
        large: event.altKey || event.ctrlKey || event.metaKey,
      });
      onChange(next);
      setSpoken(describeFrame(next.geometry.rect));
    }
  };

  return (
    <div
      className="crop-stage"
      ref={stage}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="crop-sheet" style={{ width: cssWidth, height: cssHeight }}>
        <canvas ref={canvas} className="crop-canvas" aria-hidden="true" />
        <div
          className="crop-frame"
          data-testid="crop-frame"
          role="group"
          aria-label={translate(describeFrame(rect))}
          aria-describedby="crop-frame-help"
          tabIndex={0}
          style={frameStyle}
          onKeyDown={onKeyDown}
        >
          <span className="crop-grid crop-grid-v" aria-hidden="true" />
          <span className="crop-grid crop-grid-h" aria-hidden="true" />
          {HANDLES.map((handle) => (
            <span
              key={handle}
              className={`crop-handle crop-handle-${handle}`}
              data-handle={handle}
              aria-hidden="true"
            />
          ))}
        </div>
      </div>
      <p id="crop-frame-help" className="visually-hidden">
        {t(
          'Drag the frame or its corners. Arrow keys move it, Shift and arrow keys resize it, Enter applies the crop, Escape cancels.',
        )}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {translate(spoken)}
      </p>
    </div>
  );
}
