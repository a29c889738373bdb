/**
 * The canvas's pointer gestures: a click cycles the zoom (1, 1.5, 2) about the clicked point, a press held
 * shows the image before the effect, two fingers pinch-zoom and pan, one finger or the mouse drags a zoomed
 * image, and Ctrl+wheel (a trackpad pinch) zooms towards the pointer. The image point under the pointer
 * stays under it: after each zoom the scroll position is set from where that point lands.
 */
import { useEffect, useLayoutEffect, useState, type PointerEvent, type RefObject } from 'react';

/** Holding the canvas this long shows the image before the effect instead of zooming. */
export const HOLD_MS = 250;
/** A pointer that moves further than this (CSS px) drags instead of clicking. */
const DRAG_SLOP = 6;

export interface GestureTarget {
  /** The zoom level now. */
  zoom: number;
  ready: boolean;
  /** Each returns the level it set. */
  cycleZoom(): number;
  zoomTo(level: number): number;
  showOriginal(show: boolean): void;
}

/** An image point (fractions of the canvas) and the client point it must come to lie under. */
interface Anchor {
  fx: number;
  fy: number;
  x: number;
  y: number;
}

interface Press {
  id: number;
  x: number;
  y: number;
  timer: ReturnType<typeof setTimeout>;
  held: boolean;
  dragged: boolean;
}

interface Pinch {
  distance: number;
  zoom: number;
}

/** The gesture in progress and what it acts on; one per canvas, kept across renders. */
class CanvasGestures {
  private target: GestureTarget | null = null;
  private anchor: Anchor | null = null;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private press: Press | null = null;
  private pinch: Pinch | null = null;

  constructor(
    private readonly host: RefObject<HTMLElement | null>,
    private readonly scroller: RefObject<HTMLElement | null>,
  ) {}

  /** What the gestures act on, as of the latest render. */
  follow(target: GestureTarget): void {
    this.target = target;
  }

  /** Scrolls so the anchored image point lies under its client point. */
  settle(): void {
    const wanted = this.anchor;
    const element = this.host.current;
    const scroll = this.scroller.current;
    this.anchor = null;
    if (!wanted || !element || !scroll) return;
    const rect = element.getBoundingClientRect();
    scroll.scrollLeft += rect.left + wanted.fx * rect.width - wanted.x;
    scroll.scrollTop += rect.top + wanted.fy * rect.height - wanted.y;
  }

  /** Zooms (or only pans, at the same level) keeping the image point at `from` under `to`. */
  private zoomAbout(
    from: { x: number; y: number },
    to: { x: number; y: number },
    change: () => number | undefined,
  ): void {
    const element = this.host.current;
    if (!element || !this.target) return;
    const pending = this.anchor;
    if (pending) {
      // The last zoom is not laid out yet, so the page does not show where its point went: that point
      // (where this move starts) moves on with the fingers.
      this.anchor = { ...pending, x: pending.x + to.x - from.x, y: pending.y + to.y - from.y };
    } else {
      const rect = element.getBoundingClientRect();
      this.anchor = {
        fx: (from.x - rect.left) / rect.width,
        fy: (from.y - rect.top) / rect.height,
        x: to.x,
        y: to.y,
      };
    }
    const before = this.target.zoom;
    // An unchanged level brings no new layout, so the pan is applied here; else once laid out.
    if (change() === before) this.settle();
  }

  /** Ctrl+wheel, and trackpad pinches (which browsers send as Ctrl+wheel), zoom towards the pointer. */
  readonly wheel = (event: WheelEvent): void => {
    const target = this.target;
    if ((!event.ctrlKey && !event.metaKey) || !target?.ready) return;
    event.preventDefault();
    const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    const point = { x: event.clientX, y: event.clientY };
    this.zoomAbout(point, point, () => target.zoomTo(target.zoom * Math.exp(-pixels * 0.01)));
  };

  private endPress(clicked: boolean): void {
    const current = this.press;
    this.press = null;
    if (!current) return;
    clearTimeout(current.timer);
    if (current.held) this.target?.showOriginal(false);
    else if (clicked && !current.dragged) {
      const point = { x: current.x, y: current.y };
      this.zoomAbout(point, point, () => this.target?.cycleZoom());
    }
  }

  private midpoint() {
    const [a, b] = [...this.pointers.values()];
    if (!a || !b) return null;
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, distance: Math.hypot(a.x - b.x, a.y - b.y) };
  }

  readonly down = (event: PointerEvent<HTMLElement>): void => {
    const target = this.target;
    if (!target?.ready || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pointers.size === 1) {
      const entry: Press = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        held: false,
        dragged: false,
        timer: setTimeout(() => {
          entry.held = true;
          this.target?.showOriginal(true);
        }, HOLD_MS),
      };
      this.press = entry;
      return;
    }
    // A second finger: neither a click nor a hold, but a pinch.
    this.endPress(false);
    const middle = this.midpoint();
    if (middle && middle.distance > 0) this.pinch = { distance: middle.distance, zoom: target.zoom };
  };

  readonly move = (event: PointerEvent<HTMLElement>): void => {
    const previous = this.pointers.get(event.pointerId);
    if (!previous) return;
    const before = this.midpoint();
    const next = { x: event.clientX, y: event.clientY };
    this.pointers.set(event.pointerId, next);
    const pinch = this.pinch;
    if (pinch && before) {
      const after = this.midpoint();
      if (!after) return;
      const level = pinch.zoom * (after.distance / pinch.distance);
      this.zoomAbout(before, after, () => this.target?.zoomTo(level));
      return;
    }
    const current = this.press;
    if (!current || current.held) return;
    if (!current.dragged && Math.hypot(next.x - current.x, next.y - current.y) < DRAG_SLOP) return;
    // A drag pans a zoomed image (there is nothing to pan at 1x), and is neither a click nor a hold.
    current.dragged = true;
    clearTimeout(current.timer);
    const scroll = this.scroller.current;
    if (scroll) {
      scroll.scrollLeft -= next.x - previous.x;
      scroll.scrollTop -= next.y - previous.y;
    }
  };

  private end(event: PointerEvent<HTMLElement>, clicked: boolean): void {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (this.press?.id === event.pointerId) this.endPress(clicked);
  }

  readonly up = (event: PointerEvent<HTMLElement>): void => this.end(event, true);
  readonly cancel = (event: PointerEvent<HTMLElement>): void => this.end(event, false);

  /** Keyboard zoom (Space): about the middle of what is in view. */
  readonly keyboardZoom = (): void => {
    const view = this.scroller.current?.getBoundingClientRect();
    if (!view) {
      this.target?.cycleZoom();
      return;
    }
    const middle = { x: view.left + view.width / 2, y: view.top + view.height / 2 };
    this.zoomAbout(middle, middle, () => this.target?.cycleZoom());
  };
}

export function useCanvasGestures(
  host: RefObject<HTMLElement | null>,
  scroller: RefObject<HTMLElement | null>,
  target: GestureTarget,
  size: { width: number; height: number },
) {
  const [gestures] = useState(() => new CanvasGestures(host, scroller));
  useLayoutEffect(() => {
    gestures.follow(target);
  });
  // The new size is laid out when this runs, before the browser paints.
  useLayoutEffect(() => gestures.settle(), [gestures, size.width, size.height]);
  // Not passive, so that the page itself does not zoom.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    element.addEventListener('wheel', gestures.wheel, { passive: false });
    return () => element.removeEventListener('wheel', gestures.wheel);
  }, [host, gestures]);
  return {
    onPointerDown: gestures.down,
    onPointerMove: gestures.move,
    onPointerUp: gestures.up,
    onPointerCancel: gestures.cancel,
    onLostPointerCapture: gestures.cancel,
    cycleZoomFromKeyboard: gestures.keyboardZoom,
  };
}
