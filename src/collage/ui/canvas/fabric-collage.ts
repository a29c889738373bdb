/**
 * The collage editor on fabric.js (product spec sections 2-4 and 9). It draws a CollageConfig (preset,
 * canvas size, background, which photo fills which slot) and owns what lives only on the canvas: texts,
 * free images, borders and each photo's pan and zoom. The numbers come from slot-layout.ts; this file and
 * its parts carry them out: scene.ts (the canvas, its objects' roles, stacking and image loads), slots.ts,
 * texts.ts, free-images.ts, background.ts, selection.ts (what the panel shows, the accent outline) and
 * gestures.ts (drags, swaps, the wheel and pinches). Loaded by dynamic import when the collage opens, so
 * fabric stays out of the other bundles.
 */
import { Textbox, type FabricObject } from 'fabric';
import type { CollageEditorApi, CollageEvents } from '../../model/api.ts';
import { findPreset, FREE_MODE_ID } from '../../model/presets.ts';
import type { Size } from '../../model/slot-layout.ts';
import type { CollageConfig, ImageAsset } from '../../../session/collage-state.ts';
import {
  MAIN_PROCESSED_IMAGE,
  type ImageStyle,
  type LayoutPreset,
  type TextStyle,
} from '../../model/types.ts';
import { Background } from './background.ts';
import { registerCollageFonts } from './font-faces.ts';
import { FreeImages } from './free-images.ts';
import { listen } from './gestures.ts';
import { CollageCanvas, Scene } from './scene.ts';
import { Selection } from './selection.ts';
import { Slots } from './slots.ts';
import { Texts } from './texts.ts';

export interface CollageEditorOptions {
  size: Size;
  events: CollageEvents;
  /** Random source for free-image offsets (tests pass their own). */
  random?: () => number;
}

export function createCollageEditor(
  element: HTMLCanvasElement,
  options: CollageEditorOptions,
): CollageEditorApi {
  return new FabricCollage(element, options);
}

class FabricCollage implements CollageEditorApi {
  private readonly scene: Scene;
  private readonly events: CollageEvents;
  private readonly slots: Slots;
  private readonly texts: Texts;
  private readonly freeImages: FreeImages;
  private readonly background: Background;
  private readonly selection: Selection;
  private display: Size | null = null;
  private presetId: string | null = null;
  private readonly detach: () => void;

  constructor(element: HTMLCanvasElement, options: CollageEditorOptions) {
    registerCollageFonts();
    this.events = options.events;
    const canvas = new CollageCanvas(element, {
      width: options.size.width,
      height: options.size.height,
      backgroundColor: '#000000',
      // Selecting an object must not lift it above the frames and texts.
      preserveObjectStacking: true,
      // One object at a time: a group drag would carry slot photos out of their slots.
      selection: false,
      controlsAboveOverlay: true,
      stopContextMenu: true,
    });
    canvas.selectionKey = undefined;
    const scene = new Scene(canvas, options.size, () => this.selection.emit());
    this.scene = scene;
    this.slots = new Slots(scene);
    this.texts = new Texts(scene);
    this.freeImages = new FreeImages(scene, options.random ?? Math.random, () => this.presetId);
    this.background = new Background(scene);
    this.selection = new Selection(scene, this.slots, this.events);
    canvas.clipBoxOf = (object) => this.slots.of(object)?.box ?? null;
    this.detach = listen({
      scene,
      slots: this.slots,
      texts: this.texts,
      freeImages: this.freeImages,
      selection: this.selection,
      events: this.events,
    });
  }

  private get canvas(): CollageCanvas {
    return this.scene.canvas;
  }

  // ---------------------------------------------------------------- config

  sync(config: CollageConfig, assets: readonly ImageAsset[]): void {
    if (this.scene.disposed) return;
    const preset = findPreset(config.activePresetId) ?? findPreset(FREE_MODE_ID);
    if (!preset) return;
    const size = { width: config.actualCanvasWidth, height: config.actualCanvasHeight };
    if (preset.id !== this.presetId) {
      this.setSize(size, false);
      this.buildPreset(preset);
    } else if (size.width !== this.scene.size.width || size.height !== this.scene.size.height) {
      this.setSize(size, true);
    }
    this.background.sync(config.backgroundColor, config.backgroundImageUrl);

    const byId = new Map(assets.map((asset) => [asset.id, asset]));
    this.slots.fill(config.slotContents, byId);
    const main = byId.get(MAIN_PROCESSED_IMAGE);
    if (preset.id === FREE_MODE_ID && main) this.freeImages.placeMain(main);
    this.canvas.requestRenderAll();
  }

  setDisplaySize(width: number, height: number): void {
    this.display = { width, height };
    if (!this.scene.disposed) this.applyDisplaySize();
  }

  private applyDisplaySize(): void {
    const { width, height } = this.display ?? this.scene.size;
    this.canvas.setDimensions({ width: `${width}px`, height: `${height}px` }, { cssOnly: true });
  }

  /** A new preset: slots, their photos, borders, preset texts and free images go; the user's texts stay. */
  private buildPreset(preset: LayoutPreset): void {
    this.canvas.discardActiveObject();
    for (const object of [...this.canvas.getObjects()]) {
      const role = this.scene.roleOf(object);
      if (role?.kind === 'highlight' || (role?.kind === 'text' && role.presetTextId === null)) continue;
      this.canvas.remove(object);
    }
    this.presetId = preset.id;
    this.freeImages.reset();
    this.selection.reset();
    this.slots.build(preset);
    for (const text of preset.texts ?? []) this.texts.addPreset(text);
    this.selection.raiseHighlight();
    this.selection.emit();
  }

  /** Canvas size change: everything keeps its place relative to the canvas and its size relative to it. */
  private setSize(size: Size, rescale: boolean): void {
    const before = this.scene.size;
    if (before.width === size.width && before.height === size.height) return;
    const rx = size.width / before.width;
    const ry = size.height / before.height;
    this.scene.size = size;
    this.canvas.setDimensions(size);
    this.applyDisplaySize();
    for (const object of this.canvas.getObjects()) {
      const role = this.scene.roleOf(object);
      if (role?.kind === 'text') this.texts.rescale(object, role, rx, ry);
      else if (role?.kind === 'free-image' && rescale) this.freeImages.rescale(object, role, rx, ry);
      object.setCoords();
    }
    if (rescale) this.slots.rescale(rx, ry);
    // Spec section 9: the background covers the canvas, whatever changed its size (a preset too).
    this.background.fit();
    this.selection.updateHighlight();
  }

  // ---------------------------------------------------------------- the panel's edits

  addText(): void {
    this.texts.add();
  }

  async addFreeImage(asset: ImageAsset): Promise<void> {
    await this.freeImages.add(asset);
  }

  setTextStyle(patch: Partial<TextStyle>): void {
    const text = this.canvas.getActiveObject();
    const role = this.scene.roleOf(text);
    if (!text || role?.kind !== 'text') return;
    this.texts.setStyle(text, role, patch);
    this.changed();
  }

  setText(content: string): void {
    const text = this.canvas.getActiveObject();
    if (!text || this.scene.roleOf(text)?.kind !== 'text') return;
    if (this.texts.setText(text, content)) this.changed();
  }

  setImageStyle(patch: Partial<ImageStyle>): void {
    const object = this.canvas.getActiveObject();
    const role = this.scene.roleOf(object);
    if (!object || !role) return;
    if (role.kind === 'slot-image') {
      const slot = this.slots.get(role.slotId);
      if (!slot) return;
      this.slots.setStyle(slot, patch);
    } else if (role.kind === 'free-image') {
      this.freeImages.setStyle(object, role, patch);
    } else return;
    this.changed();
  }

  setSlotZoom(zoom: number): void {
    const slot = this.slots.of(this.canvas.getActiveObject());
    if (!slot || slot.fixed) return;
    this.slots.zoom(slot, zoom);
    this.selection.emit();
  }

  deleteSelection(): void {
    const object = this.canvas.getActiveObject();
    const role = this.scene.roleOf(object);
    if (!object || !role) return;
    if (role.kind === 'slot-image') {
      this.canvas.discardActiveObject();
      this.events.onSlotCleared(role.slotId);
      return;
    }
    if (role.kind === 'free-image' || (role.kind === 'text' && role.deletable)) {
      if ((object as Textbox).isEditing) (object as Textbox).exitEditing();
      this.canvas.discardActiveObject();
      this.canvas.remove(object);
      this.changed();
    }
  }

  /** The selected object changed: draw it, and tell the panel. */
  private changed(): void {
    this.canvas.requestRenderAll();
    this.selection.emit();
  }

  // ---------------------------------------------------------------- export, teardown

  idle(): Promise<void> {
    return this.scene.idle();
  }

  render(multiplier: number): HTMLCanvasElement {
    const active = this.canvas.getActiveObject();
    if (active instanceof Textbox && active.isEditing) active.exitEditing();
    return this.canvas.toCanvasElement(multiplier, {
      filter: (object) => {
        const kind = this.scene.roleOf(object as FabricObject)?.kind;
        return kind !== 'placeholder' && kind !== 'placeholder-label' && kind !== 'highlight';
      },
    });
  }

  dispose(): void {
    if (this.scene.disposed) return;
    this.scene.disposed = true;
    this.detach();
    void this.canvas.dispose();
  }
}
