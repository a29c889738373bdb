/**
 * What is selected, as the editor's panel sees it (a CollageSelection), and the accent outline on the
 * canvas: around the selected slot, or, dashed, around the slot a dragged photo would swap into.
 */
import { Rect, type Textbox } from 'fabric';
import type { CollageEvents, CollageSelection } from '../../model/api.ts';
import { ACCENT, insideRect, type Scene } from './scene.ts';
import type { Slots } from './slots.ts';

const HIGHLIGHT_WIDTH = 3;

export class Selection {
  private readonly highlight: Rect;
  /** A slot photo being dragged, and the slot it would swap into on release. */
  swap: { from: string; to: string | null } | null = null;

  constructor(
    private readonly scene: Scene,
    private readonly slots: Slots,
    private readonly events: CollageEvents,
  ) {
    this.highlight = new Rect({
      originX: 'left',
      originY: 'top',
      fill: 'transparent',
      stroke: ACCENT,
      strokeWidth: HIGHLIGHT_WIDTH,
      selectable: false,
      evented: false,
      visible: false,
      excludeFromExport: true,
    });
    scene.setRole(this.highlight, { kind: 'highlight' });
    scene.canvas.add(this.highlight);
  }

  /** A new preset: nothing is dragged and no slot is outlined. */
  reset(): void {
    this.swap = null;
    this.highlight.visible = false;
  }

  changed(): void {
    this.updateHighlight();
    this.emit();
  }

  /** The accent outline: the selected slot, or the slot a dragged photo would swap into. */
  updateHighlight(): void {
    const canvas = this.scene.canvas;
    const target = this.swap?.to ? this.slots.get(this.swap.to) : this.slots.of(canvas.getActiveObject());
    if (!target) {
      this.highlight.visible = false;
    } else {
      this.highlight.set({
        ...insideRect(target.box, HIGHLIGHT_WIDTH),
        strokeDashArray: this.swap?.to ? [8, 6] : undefined,
        visible: true,
      });
      this.raiseHighlight();
    }
    canvas.requestRenderAll();
  }

  raiseHighlight(): void {
    this.scene.canvas.bringObjectToFront(this.highlight);
  }

  emit(): void {
    if (!this.scene.disposed) this.events.onSelection(this.current());
  }

  private current(): CollageSelection {
    const objects = this.scene.canvas.getActiveObjects();
    if (objects.length > 1) return { kind: 'several', count: objects.length };
    const object = objects[0];
    const role = this.scene.roleOf(object);
    if (!object || !role) return { kind: 'none' };
    switch (role.kind) {
      case 'text':
        return {
          kind: 'text',
          style: { ...role.style },
          text: (object as Textbox).text,
          editable: (object as Textbox).editable,
          deletable: role.deletable,
        };
      case 'slot-image': {
        const slot = this.slots.get(role.slotId);
        const zoom = slot ? this.slots.zoomOf(slot) : null;
        if (!slot || zoom === null) return { kind: 'none' };
        return {
          kind: 'slot-image',
          slotId: role.slotId,
          style: { stroke: slot.style.stroke, strokeWidth: slot.style.strokeWidth },
          zoom,
          fixed: slot.fixed,
        };
      }
      case 'free-image':
        return { kind: 'free-image', style: { ...role.style } };
      default:
        return { kind: 'none' };
    }
  }
}
