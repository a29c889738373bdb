/**
 * What the user does on the canvas besides fabric's own moving and scaling: a slot photo dragged (panned
 * inside its slot, or dropped onto another slot to swap), a click on an empty slot, the wheel and a pinch
 * zooming a photo, and the text edits and handle drags that the panel must hear of.
 */
import type { FabricObject, Point } from 'fabric';
import type { CollageEvents } from '../../model/api.ts';
import type { FreeImages } from './free-images.ts';
import type { Scene } from './scene.ts';
import type { Selection } from './selection.ts';
import type { Slots } from './slots.ts';
import type { Texts } from './texts.ts';

/** How fast the wheel zooms a photo: a factor of e per this many pixels of scrolling. */
const WHEEL_PIXELS_PER_E = 500;

export interface Parts {
  scene: Scene;
  slots: Slots;
  texts: Texts;
  freeImages: FreeImages;
  selection: Selection;
  events: CollageEvents;
}

/** Listens to the canvas; the returned function stops listening. */
export function listen(parts: Parts): () => void {
  const gestures = new Gestures(parts);
  return gestures.listen();
}

class Gestures {
  private pinch: { ids: number[]; distance: number; zoom: number; target: FabricObject } | null = null;
  private readonly touches = new Map<number, { x: number; y: number }>();

  constructor(private readonly parts: Parts) {}

  listen(): () => void {
    const { scene, slots, texts, selection, events } = this.parts;
    const canvas = scene.canvas;
    const offs = [
      canvas.on('selection:created', () => selection.changed()),
      canvas.on('selection:updated', () => selection.changed()),
      canvas.on('selection:cleared', () => selection.changed()),
      canvas.on('text:changed', ({ target }) => {
        texts.limit(target);
        selection.emit();
      }),
      canvas.on('object:moving', ({ target, e }) => {
        const slot = slots.of(target);
        if (!slot?.image || !slot.natural) return;
        slots.pan(slot);
        // Dragged onto another slot: the two will swap on release.
        const point = canvas.getScenePoint(e);
        const over = slots.at(point.x, point.y);
        const to = over && over !== slot && !over.fixed ? over.def.id : null;
        selection.swap = { from: slot.def.id, to };
        slot.image.set({ opacity: to ? 0.55 : 1 });
        selection.updateHighlight();
      }),
      canvas.on('mouse:up', ({ target, isClick }) => {
        const swap = selection.swap;
        selection.swap = null;
        if (swap) {
          const slot = slots.get(swap.from);
          slot?.image?.set({ opacity: 1 });
          selection.updateHighlight();
          canvas.requestRenderAll();
          if (swap.to) events.onSwap(swap.from, swap.to);
          return;
        }
        const role = scene.roleOf(target);
        if (isClick && role?.kind === 'placeholder') events.onEmptySlot(role.slotId);
      }),
      canvas.on('object:modified', ({ target }) => {
        const role = scene.roleOf(target);
        if (role?.kind === 'text') texts.modified(target, role);
        selection.emit();
      }),
      canvas.on('mouse:wheel', ({ e, scenePoint }) => {
        const target = this.zoomTargetAt(scenePoint.x, scenePoint.y);
        if (!target) return;
        e.preventDefault();
        e.stopPropagation();
        const factor = Math.exp(-e.deltaY / WHEEL_PIXELS_PER_E);
        this.zoomObject(target, factor, scenePoint);
      }),
    ];
    const element = canvas.upperCanvasEl;
    const down = (e: PointerEvent) => this.touchDown(e);
    const move = (e: PointerEvent) => this.touchMove(e);
    const up = (e: PointerEvent) => this.touchUp(e);
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
    return () => {
      offs.forEach((off) => off());
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
    };
  }

  /** The photo a wheel or pinch at this point zooms: a slot photo, or a free image. */
  private zoomTargetAt(x: number, y: number): FabricObject | null {
    const { scene, slots } = this.parts;
    const active = scene.canvas.getActiveObject();
    if (active && scene.roleOf(active)?.kind === 'free-image' && active.containsPoint({ x, y } as Point))
      return active;
    const slot = slots.at(x, y);
    if (slot?.image && !slot.fixed) return slot.image;
    const free = scene
      .objectsOf('free-image')
      .reverse()
      .find((o) => o.containsPoint({ x, y } as Point));
    return free ?? null;
  }

  private zoomObject(target: FabricObject, factor: number, focus: { x: number; y: number }): void {
    const { scene, slots, freeImages, selection } = this.parts;
    const slot = slots.of(target);
    const zoom = slot ? slots.zoomOf(slot) : null;
    if (slot && zoom !== null) slots.zoom(slot, zoom * factor, focus);
    else freeImages.zoom(target, factor);
    if (scene.canvas.getActiveObject() === target) selection.emit();
  }

  private scenePoint(clientX: number, clientY: number): { x: number; y: number } {
    const { canvas, size } = this.parts.scene;
    const rect = canvas.upperCanvasEl.getBoundingClientRect();
    return {
      x: ((clientX - rect.left) * size.width) / (rect.width || 1),
      y: ((clientY - rect.top) * size.height) / (rect.height || 1),
    };
  }

  // Pinch to zoom a photo: fabric follows one finger, so two are handled here.
  private touchDown(e: PointerEvent): void {
    if (e.pointerType !== 'touch') return;
    this.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.touches.size !== 2 || this.pinch) return;
    const [a, b] = [...this.touches.entries()];
    if (!a || !b) return;
    const mid = this.scenePoint((a[1].x + b[1].x) / 2, (a[1].y + b[1].y) / 2);
    const target = this.zoomTargetAt(mid.x, mid.y);
    if (!target) return;
    // The first finger must not drag the photo while two fingers zoom it.
    target.set({ lockMovementX: true, lockMovementY: true });
    this.pinch = {
      ids: [a[0], b[0]],
      distance: Math.hypot(a[1].x - b[1].x, a[1].y - b[1].y) || 1,
      zoom: 1,
      target,
    };
  }

  private touchMove(e: PointerEvent): void {
    if (!this.touches.has(e.pointerId)) return;
    this.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pinch = this.pinch;
    if (!pinch) return;
    const [p, q] = pinch.ids.map((id) => this.touches.get(id));
    if (!p || !q) return;
    const zoom = Math.hypot(p.x - q.x, p.y - q.y) / pinch.distance;
    const mid = this.scenePoint((p.x + q.x) / 2, (p.y + q.y) / 2);
    this.zoomObject(pinch.target, zoom / pinch.zoom, mid);
    pinch.zoom = zoom;
  }

  private touchUp(e: PointerEvent): void {
    this.touches.delete(e.pointerId);
    const pinch = this.pinch;
    if (pinch && !pinch.ids.every((id) => this.touches.has(id))) {
      pinch.target.set({ lockMovementX: false, lockMovementY: false });
      this.pinch = null;
    }
  }
}
