/**
 * A preset's slots on the canvas: each slot's dashed placeholder and its plus, its photo (fitted, panned
 * and zoomed inside the slot, clipped to it) and the two borders around the photo.
 */
import { FabricImage, FabricText, Rect, type FabricObject } from 'fabric';
import {
  borderBands,
  clampToBox,
  fitImage,
  MIN_IMAGE_SCALE,
  slotAt,
  slotBox,
  slotZoomOf,
  zoomInBox,
  type Box,
  type Placement,
  type Size,
} from '../../model/slot-layout.ts';
import type { ImageAsset } from '../../../session/collage-state.ts';
import type { ImageStyle, LayoutPreset, SlotDefinition } from '../../model/types.ts';
import { insideRect, rectProps, strokedRect, type Scene } from './scene.ts';

/** Spec section 9's placeholder: a faint fill inside a dashed 30% white outline. */
const PLACEHOLDER_STYLE = {
  fill: 'rgba(255,255,255,0.1)',
  stroke: 'rgba(255,255,255,0.3)',
  strokeDashArray: [5, 5],
  strokeWidth: 1,
};

interface SlotStyle {
  stroke: string;
  strokeWidth: number;
  secondaryStroke: string;
  secondaryStrokeWidth: number;
}

export interface SlotState {
  def: SlotDefinition;
  box: Box;
  fixed: boolean;
  style: SlotStyle;
  placeholder: Rect;
  /** A faint plus in an empty slot: click to add a photo. */
  plus: FabricText;
  outer: Rect;
  inner: Rect;
  assetId: string | null;
  url: string | null;
  image: FabricImage | null;
  /** The image's own size and where the slot's fitting puts it. */
  natural: Size | null;
  fitted: Placement | null;
  /** Bumped on every change of photo, so a late load for an old one is dropped. */
  generation: number;
}

export function placementOf(image: FabricObject): Placement {
  return { scaleX: image.scaleX, scaleY: image.scaleY, centerX: image.left, centerY: image.top };
}

function centreOf(box: Box): { x: number; y: number } {
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

export class Slots {
  private readonly slots = new Map<string, SlotState>();

  constructor(private readonly scene: Scene) {}

  get(slotId: string): SlotState | undefined {
    return this.slots.get(slotId);
  }

  /** The slot whose photo this object is. */
  of(object: FabricObject | undefined): SlotState | undefined {
    const role = this.scene.roleOf(object);
    return role?.kind === 'slot-image' ? this.slots.get(role.slotId) : undefined;
  }

  /** The slot under this point of the canvas. */
  at(x: number, y: number): SlotState | undefined {
    return slotAt([...this.slots.values()], x, y);
  }

  /** The preset's slots, empty, in place of the old ones (whose objects the caller has removed). */
  build(preset: LayoutPreset): void {
    for (const slot of this.slots.values()) slot.generation++;
    this.slots.clear();
    preset.slots.forEach((def, index) => {
      const box = slotBox(def, this.scene.size);
      const placeholder = new Rect({
        originX: 'left',
        originY: 'top',
        ...PLACEHOLDER_STYLE,
        ...insideRect(box, PLACEHOLDER_STYLE.strokeWidth),
        selectable: false,
        hoverCursor: 'pointer',
        strokeUniform: true,
      });
      const frame = () =>
        new Rect({ originX: 'left', originY: 'top', fill: 'transparent', selectable: false, evented: false });
      const slot: SlotState = {
        def,
        box,
        fixed: Boolean(preset.fixedMainImage) && index === 0,
        style: {
          stroke: def.stroke ?? '#ffffff',
          strokeWidth: def.strokeWidth ?? 0,
          secondaryStroke: def.secondaryStroke ?? '#000000',
          secondaryStrokeWidth: def.secondaryStrokeWidth ?? 0,
        },
        placeholder,
        plus: new FabricText('+', {
          originX: 'center',
          originY: 'center',
          fontFamily: 'Arial',
          fill: PLACEHOLDER_STYLE.stroke,
          selectable: false,
          evented: false,
        }),
        outer: frame(),
        inner: frame(),
        assetId: null,
        url: null,
        image: null,
        natural: null,
        fitted: null,
        generation: 0,
      };
      this.scene.setRole(placeholder, { kind: 'placeholder', slotId: def.id });
      this.scene.setRole(slot.plus, { kind: 'placeholder-label' });
      this.scene.setRole(slot.outer, { kind: 'frame' });
      this.scene.setRole(slot.inner, { kind: 'frame' });
      this.slots.set(def.id, slot);
      this.scene.insert([placeholder, slot.plus, slot.inner, slot.outer]);
      this.layoutPlus(slot);
      this.layoutFrames(slot);
    });
  }

  /** Each slot shows the photo the config puts in it (only what changed is loaded again). */
  fill(slotContents: Record<string, string>, byId: ReadonlyMap<string, ImageAsset>): void {
    for (const slot of this.slots.values()) {
      const assetId = slotContents[slot.def.id] ?? null;
      const url = assetId ? (byId.get(assetId)?.previewUrl ?? null) : null;
      if (assetId !== slot.assetId || url !== slot.url) this.setPhoto(slot, assetId, url);
    }
  }

  /** The canvas was resized by rx, ry: slots, and each photo's pan and zoom in its slot, follow. */
  rescale(rx: number, ry: number): void {
    for (const slot of this.slots.values()) {
      const oldBox = slot.box;
      slot.box = slotBox(slot.def, this.scene.size);
      slot.placeholder.set(insideRect(slot.box, PLACEHOLDER_STYLE.strokeWidth));
      this.layoutPlus(slot);
      this.layoutFrames(slot);
      if (slot.image && slot.natural && slot.fitted) {
        const zoom = slotZoomOf(placementOf(slot.image), slot.fitted);
        const dx = (slot.image.left - (oldBox.left + oldBox.width / 2)) * rx;
        const dy = (slot.image.top - (oldBox.top + oldBox.height / 2)) * ry;
        slot.fitted = fitImage(slot.natural, slot.box, slot.def.fitting);
        slot.image.clipPath?.set({ ...rectProps(slot.box), strokeWidth: 0 });
        const center = {
          x: slot.box.left + slot.box.width / 2 + dx,
          y: slot.box.top + slot.box.height / 2 + dy,
        };
        this.place(
          slot,
          zoomInBox(
            { ...slot.fitted, centerX: center.x, centerY: center.y },
            slot.fitted,
            zoom,
            center,
            slot.natural,
            slot.box,
          ),
        );
      }
    }
  }

  setStyle(slot: SlotState, patch: Partial<ImageStyle>): void {
    slot.style = { ...slot.style, ...patch };
    this.layoutFrames(slot);
  }

  /** How far the slot's photo is zoomed past its fitting; null for an empty slot. */
  zoomOf(slot: SlotState): number | null {
    return slot.image && slot.fitted ? slotZoomOf(placementOf(slot.image), slot.fitted) : null;
  }

  /** Zooms the slot's photo to `zoom` about `focus` (the slot's centre unless given). */
  zoom(slot: SlotState, zoom: number, focus = centreOf(slot.box)): void {
    if (!slot.image || !slot.natural || !slot.fitted) return;
    this.place(slot, zoomInBox(placementOf(slot.image), slot.fitted, zoom, focus, slot.natural, slot.box));
    this.scene.canvas.requestRenderAll();
  }

  /** Panning: the photo slides inside its slot but never uncovers it. */
  pan(slot: SlotState): void {
    if (!slot.image || !slot.natural) return;
    this.place(slot, clampToBox(placementOf(slot.image), slot.natural, slot.box));
  }

  private setPhoto(slot: SlotState, assetId: string | null, url: string | null): void {
    slot.generation++;
    const generation = slot.generation;
    const canvas = this.scene.canvas;
    if (slot.image) {
      if (canvas.getActiveObject() === slot.image) canvas.discardActiveObject();
      canvas.remove(slot.image);
    }
    slot.image = null;
    slot.natural = null;
    slot.fitted = null;
    slot.assetId = assetId;
    slot.url = url;
    this.showPlaceholder(slot, true);
    if (!url) return;
    // Spec: a failed collage image is only logged, and its slot stays empty.
    void this.scene.load(
      url,
      () => generation === slot.generation,
      (element) => this.showPhoto(slot, element),
    );
  }

  private showPhoto(slot: SlotState, element: HTMLImageElement): void {
    const natural = { width: element.naturalWidth, height: element.naturalHeight };
    const fitted = fitImage(natural, slot.box, slot.def.fitting);
    const image = new FabricImage(element, {
      originX: 'center',
      originY: 'center',
      clipPath: new Rect({
        originX: 'left',
        originY: 'top',
        ...rectProps(slot.box),
        strokeWidth: 0,
        absolutePositioned: true,
      }),
      // Spec: slot photos do not rotate or flip, and never get smaller than scale 0.1.
      lockRotation: true,
      lockScalingFlip: true,
      lockSkewingX: true,
      lockSkewingY: true,
      minScaleLimit: MIN_IMAGE_SCALE,
      hasControls: false,
      hasBorders: false,
      // film-photo's main photo is part of the design: it cannot be selected or moved.
      selectable: !slot.fixed,
      evented: !slot.fixed,
      hoverCursor: 'grab',
      moveCursor: 'grabbing',
    });
    this.scene.setRole(image, { kind: 'slot-image', slotId: slot.def.id });
    slot.image = image;
    slot.natural = natural;
    slot.fitted = fitted;
    this.place(slot, fitted);
    // Slot photos lie under everything else: placeholders, borders, free images and texts.
    this.scene.insert([image], true);
    this.showPlaceholder(slot, false);
    this.scene.canvas.requestRenderAll();
  }

  private layoutFrames(slot: SlotState): void {
    const { outer, inner } = borderBands(
      slot.box,
      slot.style.strokeWidth,
      slot.style.secondaryStrokeWidth,
      this.scene.scale,
    );
    // Borders belong to photos: an empty slot shows only its dashed placeholder.
    const filled = slot.image !== null;
    slot.outer.set(
      outer
        ? { ...strokedRect(outer, outer.strokeWidth), stroke: slot.style.stroke, visible: filled }
        : { visible: false },
    );
    slot.inner.set(
      inner
        ? {
            ...strokedRect(inner, inner.strokeWidth),
            stroke: slot.style.secondaryStroke,
            visible: filled,
          }
        : { visible: false },
    );
    slot.outer.setCoords();
    slot.inner.setCoords();
  }

  private layoutPlus(slot: SlotState): void {
    slot.plus.set({
      left: slot.box.left + slot.box.width / 2,
      top: slot.box.top + slot.box.height / 2,
      fontSize: Math.min(48 * this.scene.scale, Math.min(slot.box.width, slot.box.height) * 0.3),
    });
    slot.plus.setCoords();
  }

  /** An empty slot shows its placeholder; a filled one its photo and border. */
  private showPlaceholder(slot: SlotState, show: boolean): void {
    slot.placeholder.set({ visible: show, evented: show });
    slot.plus.set({ visible: show });
    this.layoutFrames(slot);
  }

  private place(slot: SlotState, placement: Placement): void {
    if (!slot.image) return;
    slot.image.set({
      left: placement.centerX,
      top: placement.centerY,
      scaleX: placement.scaleX,
      scaleY: placement.scaleY,
    });
    slot.image.setCoords();
  }
}
