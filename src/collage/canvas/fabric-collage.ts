/**
 * The collage editor on fabric.js (product spec sections 2-4 and 9). It draws a CollageConfig (preset,
 * canvas size, background, which photo fills which slot) and owns what lives only on the canvas: texts,
 * free images, borders and each photo's pan and zoom. The numbers come from slot-layout.ts; this file
 * carries them out. Loaded by dynamic import when the collage opens, so fabric stays out of the other
 * bundles.
 */
import { Canvas, cache, FabricImage, FabricText, Rect, Textbox, type FabricObject, type Point } from 'fabric';
import type { CollageEditorApi, CollageEvents, CollageSelection } from '../model/api.ts';
import { loadCollageFont, registerCollageFonts } from './font-faces.ts';
import {
  ADDED_IMAGE_FRACTION,
  BASE_TEXT_WIDTH,
  borderBands,
  clampTextSize,
  clampToBox,
  DEFAULT_TEXT,
  DEFAULT_TEXT_STROKE_OPACITY,
  DEFAULT_TEXT_STYLE,
  fitImage,
  freePlacement,
  MAIN_IMAGE_FRACTION,
  MIN_IMAGE_SCALE,
  PRESET_TEXT_DEFAULTS,
  randomOffset,
  scaleFactor,
  slotAt,
  slotBox,
  slotZoomOf,
  withOpacity,
  zoomInBox,
  type Box,
  type Placement,
  type Size,
  limitText,
} from '../model/slot-layout.ts';
import { findPreset, FREE_MODE_ID } from '../model/presets.ts';
import {
  MAIN_PROCESSED_IMAGE,
  type CollageConfig,
  type ImageAsset,
  type ImageStyle,
  type LayoutPreset,
  type PresetText,
  type SlotDefinition,
  type TextStyle,
} from '../model/types.ts';

const ACCENT = '#f2b33d';
/** Spec section 9's placeholder: a faint fill inside a dashed 30% white outline. */
const PLACEHOLDER_STYLE = {
  fill: 'rgba(255,255,255,0.1)',
  stroke: 'rgba(255,255,255,0.3)',
  strokeDashArray: [5, 5],
  strokeWidth: 1,
};
const HANDLES = {
  borderColor: ACCENT,
  cornerColor: ACCENT,
  cornerStrokeColor: '#1b1408',
  cornerStyle: 'circle',
  transparentCorners: false,
  cornerSize: 12,
  touchCornerSize: 28,
  borderScaleFactor: 1.5,
} as const;
const HIGHLIGHT_WIDTH = 3;
/** How fast the wheel zooms a photo: a factor of e per this many pixels of scrolling. */
const WHEEL_PIXELS_PER_E = 500;

interface SlotStyle {
  stroke: string;
  strokeWidth: number;
  secondaryStroke: string;
  secondaryStrokeWidth: number;
}

interface SlotState {
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

type Role =
  | { kind: 'placeholder'; slotId: string }
  | { kind: 'placeholder-label' }
  | { kind: 'frame' }
  | { kind: 'highlight' }
  | { kind: 'slot-image'; slotId: string }
  | { kind: 'free-image'; assetId: string; style: ImageStyle }
  | {
      kind: 'text';
      /** Sizes at scale factor 1; the object carries them times the scale factor. */
      style: TextStyle;
      strokeOpacity: number;
      width: number;
      presetTextId: string | null;
      deletable: boolean;
    };

type TextRole = Extract<Role, { kind: 'text' }>;

export interface CollageEditorOptions {
  size: Size;
  events: CollageEvents;
  /** Random source for free-image offsets (tests pass their own). */
  random?: () => number;
}

/** fabric's canvas, with hit testing that respects a slot photo's clip: its hidden overflow is not a target. */
class CollageCanvas extends Canvas {
  clipBoxOf: (object: FabricObject) => Box | null = () => null;

  override _checkTarget(object: FabricObject, point: Point): boolean {
    const box = this.clipBoxOf(object);
    if (box && !inBox(box, point.x, point.y)) return false;
    return super._checkTarget(object, point);
  }
}

function inBox(box: Box, x: number, y: number): boolean {
  return x >= box.left && x <= box.left + box.width && y >= box.top && y <= box.top + box.height;
}

function rectProps(box: Box) {
  return { left: box.left, top: box.top, width: box.width, height: box.height };
}

/**
 * fabric places a left/top-origin rectangle by the outer edge of its stroke and draws the path half a
 * stroke in: the props that stroke `centre` (a centre-line box) with a line `strokeWidth` wide.
 */
function strokedRect(centre: Box, strokeWidth: number) {
  return {
    left: centre.left - strokeWidth / 2,
    top: centre.top - strokeWidth / 2,
    width: centre.width,
    height: centre.height,
    strokeWidth,
  };
}

/** A rectangle whose stroke lies just inside `box`. */
function insideRect(box: Box, strokeWidth: number) {
  return { ...rectProps(box), width: box.width - strokeWidth, height: box.height - strokeWidth, strokeWidth };
}

export function createCollageEditor(
  element: HTMLCanvasElement,
  options: CollageEditorOptions,
): CollageEditorApi {
  return new FabricCollage(element, options);
}

class FabricCollage implements CollageEditorApi {
  private readonly canvas: CollageCanvas;
  private readonly events: CollageEvents;
  private readonly random: () => number;
  private readonly roles = new WeakMap<FabricObject, Role>();
  private readonly slots = new Map<string, SlotState>();
  private readonly images = new Map<string, Promise<HTMLImageElement>>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly highlight: Rect;
  private size: Size;
  private display: Size | null = null;
  private presetId: string | null = null;
  private backgroundUrl: string | null = null;
  private backgroundGeneration = 0;
  private mainPlacedFreely = false;
  private swap: { from: string; to: string | null } | null = null;
  private pinch: { ids: number[]; distance: number; zoom: number; target: FabricObject } | null = null;
  private readonly touches = new Map<number, { x: number; y: number }>();
  private disposed = false;
  private readonly detach: () => void;

  constructor(element: HTMLCanvasElement, options: CollageEditorOptions) {
    registerCollageFonts();
    this.size = options.size;
    this.events = options.events;
    this.random = options.random ?? Math.random;
    this.canvas = new CollageCanvas(element, {
      width: this.size.width,
      height: this.size.height,
      backgroundColor: '#000000',
      // Selecting an object must not lift it above the frames and texts.
      preserveObjectStacking: true,
      // One object at a time: a group drag would carry slot photos out of their slots.
      selection: false,
      controlsAboveOverlay: true,
      stopContextMenu: true,
    });
    this.canvas.selectionKey = undefined;
    this.canvas.clipBoxOf = (object) => {
      const role = this.roles.get(object);
      return role?.kind === 'slot-image' ? (this.slots.get(role.slotId)?.box ?? null) : null;
    };
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
    this.roles.set(this.highlight, { kind: 'highlight' });
    this.canvas.add(this.highlight);
    this.detach = this.listen();
  }

  // ---------------------------------------------------------------- config

  sync(config: CollageConfig, assets: readonly ImageAsset[]): void {
    if (this.disposed) return;
    const preset = findPreset(config.activePresetId) ?? findPreset(FREE_MODE_ID);
    if (!preset) return;
    const size = { width: config.actualCanvasWidth, height: config.actualCanvasHeight };
    if (preset.id !== this.presetId) {
      this.setSize(size, false);
      this.buildPreset(preset);
    } else if (size.width !== this.size.width || size.height !== this.size.height) {
      this.setSize(size, true);
    }
    if (this.canvas.backgroundColor !== config.backgroundColor)
      this.canvas.backgroundColor = config.backgroundColor;
    if (config.backgroundImageUrl !== this.backgroundUrl) this.setBackgroundImage(config.backgroundImageUrl);

    const byId = new Map(assets.map((asset) => [asset.id, asset]));
    for (const slot of this.slots.values()) {
      const assetId = config.slotContents[slot.def.id] ?? null;
      const url = assetId ? (byId.get(assetId)?.previewUrl ?? null) : null;
      if (assetId !== slot.assetId || url !== slot.url) this.setSlotPhoto(slot, assetId, url);
    }
    const main = byId.get(MAIN_PROCESSED_IMAGE);
    if (preset.id === FREE_MODE_ID && !this.mainPlacedFreely && main) {
      this.mainPlacedFreely = true;
      void this.placeFreeImage(main, MAIN_IMAGE_FRACTION, { dx: 0, dy: 0 }, false);
    }
    this.canvas.requestRenderAll();
  }

  setDisplaySize(width: number, height: number): void {
    this.display = { width, height };
    if (!this.disposed) this.applyDisplaySize();
  }

  private applyDisplaySize(): void {
    const { width, height } = this.display ?? this.size;
    this.canvas.setDimensions({ width: `${width}px`, height: `${height}px` }, { cssOnly: true });
  }

  private get scale(): number {
    return scaleFactor(this.size);
  }

  /** A new preset: slots, their photos, borders, preset texts and free images go; the user's texts stay. */
  private buildPreset(preset: LayoutPreset): void {
    this.canvas.discardActiveObject();
    for (const object of [...this.canvas.getObjects()]) {
      const role = this.roles.get(object);
      if (role?.kind === 'highlight' || (role?.kind === 'text' && role.presetTextId === null)) continue;
      this.canvas.remove(object);
    }
    for (const slot of this.slots.values()) slot.generation++;
    this.slots.clear();
    this.presetId = preset.id;
    this.mainPlacedFreely = false;
    this.swap = null;
    this.highlight.visible = false;

    preset.slots.forEach((def, index) => {
      const box = slotBox(def, this.size);
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
      this.roles.set(placeholder, { kind: 'placeholder', slotId: def.id });
      this.roles.set(slot.plus, { kind: 'placeholder-label' });
      this.roles.set(slot.outer, { kind: 'frame' });
      this.roles.set(slot.inner, { kind: 'frame' });
      this.slots.set(def.id, slot);
      this.insertBelowFree(placeholder, slot.plus, slot.inner, slot.outer);
      this.layoutPlus(slot);
      this.layoutFrames(slot);
    });
    for (const text of preset.texts ?? []) this.addPresetText(text);
    this.raiseHighlight();
    this.emitSelection();
  }

  /** Canvas size change: everything keeps its place relative to the canvas and its size relative to it. */
  private setSize(size: Size, rescale: boolean): void {
    const before = this.size;
    if (before.width === size.width && before.height === size.height) return;
    const rx = size.width / before.width;
    const ry = size.height / before.height;
    this.size = size;
    this.canvas.setDimensions(size);
    this.applyDisplaySize();
    const scale = this.scale;
    for (const object of this.canvas.getObjects()) {
      const role = this.roles.get(object);
      if (role?.kind === 'text') {
        object.set({ left: (object.left ?? 0) * rx, top: (object.top ?? 0) * ry });
        this.applyTextStyle(object as Textbox, role);
      } else if (role?.kind === 'free-image' && rescale) {
        const factor = Math.min(rx, ry);
        object.set({
          left: (object.left ?? 0) * rx,
          top: (object.top ?? 0) * ry,
          scaleX: object.scaleX * factor,
          scaleY: object.scaleY * factor,
          strokeWidth: role.style.strokeWidth * scale,
        });
      }
      object.setCoords();
    }
    if (rescale) {
      for (const slot of this.slots.values()) {
        const oldBox = slot.box;
        slot.box = slotBox(slot.def, size);
        slot.placeholder.set(insideRect(slot.box, PLACEHOLDER_STYLE.strokeWidth));
        this.layoutPlus(slot);
        this.layoutFrames(slot);
        if (slot.image && slot.natural && slot.fitted) {
          const zoom = slotZoomOf(this.placementOf(slot.image), slot.fitted);
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
    // Spec section 9: the background covers the canvas, whatever changed its size (a preset too).
    this.fitBackground();
    this.updateHighlight();
  }

  // ---------------------------------------------------------------- slots

  private layoutFrames(slot: SlotState): void {
    const { outer, inner } = borderBands(
      slot.box,
      slot.style.strokeWidth,
      slot.style.secondaryStrokeWidth,
      this.scale,
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

  private setSlotPhoto(slot: SlotState, assetId: string | null, url: string | null): void {
    slot.generation++;
    const generation = slot.generation;
    if (slot.image) {
      if (this.canvas.getActiveObject() === slot.image) this.canvas.discardActiveObject();
      this.canvas.remove(slot.image);
    }
    slot.image = null;
    slot.natural = null;
    slot.fitted = null;
    slot.assetId = assetId;
    slot.url = url;
    this.showPlaceholder(slot, true);
    if (!url) return;
    void this.track(
      this.loadImage(url)
        .then((element) => {
          if (this.disposed || generation !== slot.generation) return;
          this.fillSlot(slot, element);
        })
        .catch((error: unknown) => {
          // Spec: a failed collage image is only logged, and its slot stays empty.
          console.warn(`Collage image failed to load: ${url}`, error);
        }),
    );
  }

  private fillSlot(slot: SlotState, element: HTMLImageElement): void {
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
    this.roles.set(image, { kind: 'slot-image', slotId: slot.def.id });
    slot.image = image;
    slot.natural = natural;
    slot.fitted = fitted;
    this.place(slot, fitted);
    // Slot photos lie under everything else: placeholders, borders, free images and texts.
    this.canvas.insertAt(0, image);
    this.showPlaceholder(slot, false);
    this.canvas.requestRenderAll();
  }

  private layoutPlus(slot: SlotState): void {
    slot.plus.set({
      left: slot.box.left + slot.box.width / 2,
      top: slot.box.top + slot.box.height / 2,
      fontSize: Math.min(48 * this.scale, Math.min(slot.box.width, slot.box.height) * 0.3),
    });
    slot.plus.setCoords();
  }

  /** An empty slot shows its placeholder; a filled one its photo and border. */
  private showPlaceholder(slot: SlotState, show: boolean): void {
    slot.placeholder.set({ visible: show, evented: show });
    slot.plus.set({ visible: show });
    this.layoutFrames(slot);
  }

  private placementOf(image: FabricObject): Placement {
    return { scaleX: image.scaleX, scaleY: image.scaleY, centerX: image.left, centerY: image.top };
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

  private zoomSlot(slot: SlotState, zoom: number, focus: { x: number; y: number }): void {
    if (!slot.image || !slot.natural || !slot.fitted) return;
    this.place(
      slot,
      zoomInBox(this.placementOf(slot.image), slot.fitted, zoom, focus, slot.natural, slot.box),
    );
    this.canvas.requestRenderAll();
  }

  private slotOf(object: FabricObject | undefined): SlotState | undefined {
    const role = object ? this.roles.get(object) : undefined;
    return role?.kind === 'slot-image' ? this.slots.get(role.slotId) : undefined;
  }

  // ---------------------------------------------------------------- free images and texts

  async addFreeImage(asset: ImageAsset): Promise<void> {
    await this.placeFreeImage(asset, ADDED_IMAGE_FRACTION, randomOffset(this.random), true);
  }

  private placeFreeImage(
    asset: ImageAsset,
    fraction: number,
    offset: { dx: number; dy: number },
    select: boolean,
  ): Promise<void> {
    const presetId = this.presetId;
    return this.track(
      this.loadImage(asset.previewUrl)
        .then((element) => {
          if (this.disposed || presetId !== this.presetId) return;
          const natural = { width: element.naturalWidth, height: element.naturalHeight };
          const placement = freePlacement(natural, this.size, fraction, offset);
          const style: ImageStyle = { stroke: '#ffffff', strokeWidth: 0 };
          const image = new FabricImage(element, {
            originX: 'center',
            originY: 'center',
            left: placement.centerX,
            top: placement.centerY,
            scaleX: placement.scaleX,
            scaleY: placement.scaleY,
            stroke: style.stroke,
            strokeWidth: 0,
            strokeUniform: true,
            lockScalingFlip: true,
            minScaleLimit: MIN_IMAGE_SCALE,
            ...HANDLES,
          });
          this.roles.set(image, { kind: 'free-image', assetId: asset.id, style });
          this.insertBelowTexts(image);
          if (select) this.canvas.setActiveObject(image);
          this.canvas.requestRenderAll();
          this.emitSelection();
        })
        .catch((error: unknown) => console.warn(`Collage image failed to load: ${asset.previewUrl}`, error)),
    );
  }

  addText(): void {
    const role: TextRole = {
      kind: 'text',
      style: { ...DEFAULT_TEXT_STYLE },
      strokeOpacity: DEFAULT_TEXT_STROKE_OPACITY,
      width: BASE_TEXT_WIDTH,
      presetTextId: null,
      deletable: true,
    };
    // Each new text a little lower than the last, so they do not hide each other.
    const count = this.canvas.getObjects().filter((o) => this.roles.get(o)?.kind === 'text').length;
    const top = this.size.height / 2 + ((count * 28 * this.scale) % (this.size.height / 3));
    const text = this.createText(DEFAULT_TEXT, role, this.size.width / 2, top, true, true);
    this.canvas.add(text);
    this.raiseHighlight();
    this.canvas.setActiveObject(text);
    this.canvas.requestRenderAll();
    this.emitSelection();
  }

  private addPresetText(def: PresetText): void {
    const role: TextRole = {
      kind: 'text',
      style: {
        fontFamily: def.fontFamily ?? PRESET_TEXT_DEFAULTS.fontFamily,
        fontSize: def.fontSize ?? PRESET_TEXT_DEFAULTS.fontSize,
        fill: def.fill ?? PRESET_TEXT_DEFAULTS.fill,
        fontWeight: def.fontWeight ?? 'normal',
        fontStyle: def.fontStyle ?? 'normal',
        underline: def.underline ?? false,
        textAlign: def.textAlign ?? 'center',
        stroke: def.stroke ?? '#000000',
        strokeWidth: def.strokeWidth ?? 1,
        strokeEnabled: def.strokeEnabled ?? false,
      },
      strokeOpacity: 1,
      width: BASE_TEXT_WIDTH,
      presetTextId: def.id,
      deletable: false,
    };
    const text = this.createText(
      def.text,
      role,
      def.x * this.size.width,
      def.y * this.size.height,
      def.selectable ?? true,
      def.editable ?? true,
    );
    this.canvas.add(text);
  }

  private createText(
    content: string,
    role: TextRole,
    x: number,
    y: number,
    selectable: boolean,
    editable: boolean,
  ): Textbox {
    const text = new Textbox(content, {
      originX: 'center',
      originY: 'center',
      left: x,
      top: y,
      selectable,
      evented: selectable,
      editable,
      lockScalingFlip: true,
      lockSkewingX: true,
      lockSkewingY: true,
      editingBorderColor: ACCENT,
      cursorColor: ACCENT,
      ...HANDLES,
    });
    this.roles.set(text, role);
    this.applyTextStyle(text, role);
    return text;
  }

  /** Gives the text object its style times the scale factor, and reflows it once its font has loaded. */
  private applyTextStyle(text: Textbox, role: TextRole): void {
    const scale = this.scale;
    const { style } = role;
    text.set({
      fontFamily: style.fontFamily,
      fontSize: style.fontSize * scale,
      width: role.width * scale,
      fill: style.fill,
      fontWeight: style.fontWeight,
      fontStyle: style.fontStyle,
      underline: style.underline,
      textAlign: style.textAlign,
      stroke: withOpacity(style.stroke, role.strokeOpacity),
      strokeWidth: style.strokeEnabled ? style.strokeWidth * scale : 0,
      scaleX: 1,
      scaleY: 1,
    });
    text.initDimensions();
    text.setCoords();
    const family = style.fontFamily;
    void this.track(
      loadCollageFont(family, style.fontWeight === 'bold' ? '700' : '400', style.fontStyle).then((loaded) => {
        if (!loaded || this.disposed || text.fontFamily !== family) return;
        // fabric keeps glyph widths per family; those measured with a fallback font are wrong now.
        cache.clearFontCache(family);
        text.initDimensions();
        text.setCoords();
        text.set({ dirty: true });
        this.canvas.requestRenderAll();
      }),
    );
  }

  setTextStyle(patch: Partial<TextStyle>): void {
    const text = this.canvas.getActiveObject();
    const role = text ? this.roles.get(text) : undefined;
    if (!text || role?.kind !== 'text') return;
    role.style = { ...role.style, ...patch, fontSize: clampTextSize(patch.fontSize ?? role.style.fontSize) };
    // A colour the user picks for the outline is drawn as picked.
    if (patch.stroke !== undefined) role.strokeOpacity = 1;
    this.applyTextStyle(text as Textbox, role);
    this.canvas.requestRenderAll();
    this.emitSelection();
  }

  setText(content: string): void {
    const text = this.canvas.getActiveObject();
    const role = text ? this.roles.get(text) : undefined;
    if (!text || role?.kind !== 'text' || !(text as Textbox).editable) return;
    (text as Textbox).set({ text: limitText(content) });
    (text as Textbox).initDimensions();
    text.setCoords();
    this.canvas.requestRenderAll();
    this.emitSelection();
  }

  setImageStyle(patch: Partial<ImageStyle>): void {
    const object = this.canvas.getActiveObject();
    const role = object ? this.roles.get(object) : undefined;
    if (!object || !role) return;
    if (role.kind === 'slot-image') {
      const slot = this.slots.get(role.slotId);
      if (!slot) return;
      slot.style = { ...slot.style, ...patch };
      this.layoutFrames(slot);
    } else if (role.kind === 'free-image') {
      role.style = { ...role.style, ...patch };
      object.set({ stroke: role.style.stroke, strokeWidth: role.style.strokeWidth * this.scale });
    } else return;
    this.canvas.requestRenderAll();
    this.emitSelection();
  }

  setSlotZoom(zoom: number): void {
    const slot = this.slotOf(this.canvas.getActiveObject());
    if (!slot || slot.fixed) return;
    this.zoomSlot(slot, zoom, {
      x: slot.box.left + slot.box.width / 2,
      y: slot.box.top + slot.box.height / 2,
    });
    this.emitSelection();
  }

  deleteSelection(): void {
    const object = this.canvas.getActiveObject();
    const role = object ? this.roles.get(object) : undefined;
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
      this.canvas.requestRenderAll();
      this.emitSelection();
    }
  }

  // ---------------------------------------------------------------- background

  private setBackgroundImage(url: string | null): void {
    this.backgroundUrl = url;
    const generation = ++this.backgroundGeneration;
    if (!url) {
      this.canvas.backgroundImage = undefined;
      this.canvas.requestRenderAll();
      return;
    }
    void this.track(
      this.loadImage(url)
        .then((element) => {
          if (this.disposed || generation !== this.backgroundGeneration) return;
          this.canvas.backgroundImage = new FabricImage(element, { originX: 'center', originY: 'center' });
          this.fitBackground();
          this.canvas.requestRenderAll();
        })
        .catch((error: unknown) => console.warn(`Collage background image failed to load: ${url}`, error)),
    );
  }

  /** Spec section 9: the background image covers the canvas, centred. */
  private fitBackground(): void {
    const image = this.canvas.backgroundImage;
    if (!(image instanceof FabricImage)) return;
    const element = image.getElement() as HTMLImageElement;
    const placement = fitImage(
      { width: element.naturalWidth || image.width, height: element.naturalHeight || image.height },
      { left: 0, top: 0, ...this.size },
      'cover',
    );
    image.set({
      left: placement.centerX,
      top: placement.centerY,
      scaleX: placement.scaleX,
      scaleY: placement.scaleY,
    });
  }

  // ---------------------------------------------------------------- interaction

  private listen(): () => void {
    const canvas = this.canvas;
    const offs = [
      canvas.on('selection:created', () => this.selectionChanged()),
      canvas.on('selection:updated', () => this.selectionChanged()),
      canvas.on('selection:cleared', () => this.selectionChanged()),
      canvas.on('text:changed', ({ target }) => {
        // Typed or pasted on the canvas: held to the same length as the panel's field.
        const limited = limitText(target.text);
        if (limited !== target.text) {
          target.set({ text: limited });
          target.selectionStart = target.selectionEnd = limited.length;
          target.initDimensions();
          this.canvas.requestRenderAll();
        }
        this.emitSelection();
      }),
      canvas.on('object:moving', ({ target, e }) => {
        const slot = this.slotOf(target);
        if (!slot?.image || !slot.natural) return;
        // Panning: the photo slides inside its slot but never uncovers it.
        this.place(slot, clampToBox(this.placementOf(slot.image), slot.natural, slot.box));
        // Dragged onto another slot: the two will swap on release.
        const point = canvas.getScenePoint(e);
        const over = slotAt([...this.slots.values()], point.x, point.y);
        const to = over && over !== slot && !over.fixed ? over.def.id : null;
        this.swap = { from: slot.def.id, to };
        slot.image.set({ opacity: to ? 0.55 : 1 });
        this.updateHighlight();
      }),
      canvas.on('mouse:up', ({ target, isClick }) => {
        const swap = this.swap;
        this.swap = null;
        if (swap) {
          const slot = this.slots.get(swap.from);
          slot?.image?.set({ opacity: 1 });
          this.updateHighlight();
          canvas.requestRenderAll();
          if (swap.to) this.events.onSwap(swap.from, swap.to);
          return;
        }
        const role = target ? this.roles.get(target) : undefined;
        if (isClick && role?.kind === 'placeholder') this.events.onEmptySlot(role.slotId);
      }),
      canvas.on('object:modified', ({ target }) => {
        const role = this.roles.get(target);
        if (role?.kind === 'text' && (target.scaleX !== 1 || target.scaleY !== 1)) {
          // Handles scale a text; fold that into its size so it stays crisp and the panel shows it.
          const scale = this.scale;
          role.style = { ...role.style, fontSize: clampTextSize(role.style.fontSize * target.scaleY || 1) };
          role.width = Math.max(20, (target.width * target.scaleX) / scale);
          this.applyTextStyle(target as Textbox, role);
        } else if (role?.kind === 'text') {
          role.width = target.width / this.scale;
        }
        this.emitSelection();
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
    const active = this.canvas.getActiveObject();
    if (active && this.roles.get(active)?.kind === 'free-image' && active.containsPoint({ x, y } as Point))
      return active;
    const slot = slotAt([...this.slots.values()], x, y);
    if (slot?.image && !slot.fixed) return slot.image;
    const free = [...this.canvas.getObjects()]
      .reverse()
      .find((o) => this.roles.get(o)?.kind === 'free-image' && o.containsPoint({ x, y } as Point));
    return free ?? null;
  }

  private zoomObject(target: FabricObject, factor: number, focus: { x: number; y: number }): void {
    const slot = this.slotOf(target);
    if (slot?.fitted && slot.image) {
      this.zoomSlot(slot, slotZoomOf(this.placementOf(slot.image), slot.fitted) * factor, focus);
    } else {
      const scale = Math.max(MIN_IMAGE_SCALE, target.scaleX * factor);
      target.set({ scaleX: scale, scaleY: scale * (target.scaleY / target.scaleX) });
      target.setCoords();
      this.canvas.requestRenderAll();
    }
    if (this.canvas.getActiveObject() === target) this.emitSelection();
  }

  private scenePoint(clientX: number, clientY: number): { x: number; y: number } {
    const rect = this.canvas.upperCanvasEl.getBoundingClientRect();
    return {
      x: ((clientX - rect.left) * this.size.width) / (rect.width || 1),
      y: ((clientY - rect.top) * this.size.height) / (rect.height || 1),
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

  private selectionChanged(): void {
    this.updateHighlight();
    this.emitSelection();
  }

  /** The accent outline: the selected slot, or the slot a dragged photo would swap into. */
  private updateHighlight(): void {
    const target = this.swap?.to ? this.slots.get(this.swap.to) : this.slotOf(this.canvas.getActiveObject());
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
    this.canvas.requestRenderAll();
  }

  private raiseHighlight(): void {
    this.canvas.bringObjectToFront(this.highlight);
  }

  private emitSelection(): void {
    if (!this.disposed) this.events.onSelection(this.selection());
  }

  private selection(): CollageSelection {
    const objects = this.canvas.getActiveObjects();
    if (objects.length > 1) return { kind: 'several', count: objects.length };
    const object = objects[0];
    const role = object ? this.roles.get(object) : undefined;
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
        if (!slot?.image || !slot.fitted) return { kind: 'none' };
        return {
          kind: 'slot-image',
          slotId: role.slotId,
          style: { stroke: slot.style.stroke, strokeWidth: slot.style.strokeWidth },
          zoom: slotZoomOf(this.placementOf(slot.image), slot.fitted),
          fixed: slot.fixed,
        };
      }
      case 'free-image':
        return { kind: 'free-image', style: { ...role.style } };
      default:
        return { kind: 'none' };
    }
  }

  // ---------------------------------------------------------------- stacking

  /** Placeholders and borders go above slot photos and below free images and texts. */
  private insertBelowFree(...objects: FabricObject[]): void {
    const all = this.canvas.getObjects();
    const index = all.findIndex((o) => {
      const kind = this.roles.get(o)?.kind;
      return kind === 'free-image' || kind === 'text' || kind === 'highlight';
    });
    this.canvas.insertAt(index < 0 ? all.length : index, ...objects);
  }

  private insertBelowTexts(object: FabricObject): void {
    const all = this.canvas.getObjects();
    const index = all.findIndex((o) => {
      const kind = this.roles.get(o)?.kind;
      return kind === 'text' || kind === 'highlight';
    });
    this.canvas.insertAt(index < 0 ? all.length : index, object);
  }

  // ---------------------------------------------------------------- loading, export, teardown

  /** Spec section 7: collage images load in anonymous cross-origin mode. One load per URL. */
  private loadImage(url: string): Promise<HTMLImageElement> {
    let promise = this.images.get(url);
    if (!promise) {
      promise = new Promise<HTMLImageElement>((resolve, reject) => {
        const image = new Image();
        image.crossOrigin = 'anonymous';
        image.onload = () => resolve(image);
        image.onerror = () => reject(new Error(`could not load ${url}`));
        image.src = url;
      });
      promise.catch(() => this.images.delete(url));
      this.images.set(url, promise);
    }
    return promise;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
    return promise;
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  render(multiplier: number): HTMLCanvasElement {
    const active = this.canvas.getActiveObject();
    if (active instanceof Textbox && active.isEditing) active.exitEditing();
    return this.canvas.toCanvasElement(multiplier, {
      filter: (object) => {
        const kind = this.roles.get(object as FabricObject)?.kind;
        return kind !== 'placeholder' && kind !== 'placeholder-label' && kind !== 'highlight';
      },
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.detach();
    void this.canvas.dispose();
  }
}
