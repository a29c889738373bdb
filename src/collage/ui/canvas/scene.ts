/**
 * What every part of the fabric collage editor shares: the canvas, the role of each object on it, the
 * canvas's size, the stacking order, and the loading of images (each load tracked, so `idle` can wait
 * for it). The parts (slots, texts, free images, background, selection, gestures) each own their objects
 * and reach the canvas through this.
 */
import { Canvas, type FabricObject, type Point } from 'fabric';
import { scaleFactor, type Box, type Size } from '../../model/slot-layout.ts';
import type { ImageStyle, TextStyle } from '../../model/types.ts';

export const ACCENT = '#f2b33d';
export const HANDLES = {
  borderColor: ACCENT,
  cornerColor: ACCENT,
  cornerStrokeColor: '#1b1408',
  cornerStyle: 'circle',
  transparentCorners: false,
  cornerSize: 12,
  touchCornerSize: 28,
  borderScaleFactor: 1.5,
} as const;

export type Role =
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

export type TextRole = Extract<Role, { kind: 'text' }>;
export type FreeImageRole = Extract<Role, { kind: 'free-image' }>;

/**
 * The stacking order, bottom to top: slot photos lie under everything else, then the slots' placeholders
 * and borders, free images, texts, and the accent outline above all.
 */
const LAYER: Record<Role['kind'], number> = {
  'slot-image': 0,
  placeholder: 1,
  'placeholder-label': 1,
  frame: 1,
  'free-image': 2,
  text: 3,
  highlight: 4,
};

/** fabric's canvas, with hit testing that respects a slot photo's clip: its hidden overflow is not a target. */
export class CollageCanvas extends Canvas {
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

export function rectProps(box: Box) {
  return { left: box.left, top: box.top, width: box.width, height: box.height };
}

/**
 * fabric places a left/top-origin rectangle by the outer edge of its stroke and draws the path half a
 * stroke in: the props that stroke `centre` (a centre-line box) with a line `strokeWidth` wide.
 */
export function strokedRect(centre: Box, strokeWidth: number) {
  return {
    left: centre.left - strokeWidth / 2,
    top: centre.top - strokeWidth / 2,
    width: centre.width,
    height: centre.height,
    strokeWidth,
  };
}

/** A rectangle whose stroke lies just inside `box`. */
export function insideRect(box: Box, strokeWidth: number) {
  return { ...rectProps(box), width: box.width - strokeWidth, height: box.height - strokeWidth, strokeWidth };
}

export class Scene {
  private readonly roles = new WeakMap<FabricObject, Role>();
  private readonly images = new Map<string, Promise<HTMLImageElement>>();
  private readonly pending = new Set<Promise<unknown>>();
  disposed = false;

  constructor(
    readonly canvas: CollageCanvas,
    public size: Size,
    /** Tells the editor the selection (or the selected object's style) changed. */
    readonly emitSelection: () => void,
  ) {}

  get scale(): number {
    return scaleFactor(this.size);
  }

  roleOf(object: FabricObject | undefined): Role | undefined {
    return object ? this.roles.get(object) : undefined;
  }

  setRole(object: FabricObject, role: Role): void {
    this.roles.set(object, role);
  }

  /** The canvas's objects of this kind, bottom to top. */
  objectsOf(kind: Role['kind']): FabricObject[] {
    return this.canvas.getObjects().filter((object) => this.roles.get(object)?.kind === kind);
  }

  /**
   * Puts objects of one layer (their roles set) in their place in the stacking order: on top of their
   * layer, or, `under`, beneath the rest of it.
   */
  insert(objects: FabricObject[], under = false): void {
    const layer = LAYER[this.roles.get(objects[0]!)!.kind];
    const all = this.canvas.getObjects();
    const index = all.findIndex((object) => {
      const kind = this.roles.get(object)?.kind;
      return kind !== undefined && (under ? LAYER[kind] >= layer : LAYER[kind] > layer);
    });
    this.canvas.insertAt(index < 0 ? all.length : index, ...objects);
  }

  /**
   * Loads an image and hands it to `use` while `current()` still wants it (the editor is open and nothing
   * newer replaced it). Spec: a collage image that fails to load is only logged.
   */
  load(url: string, current: () => boolean, use: (element: HTMLImageElement) => void, what = 'image') {
    return this.track(
      this.loadImage(url)
        .then((element) => {
          if (this.disposed || !current()) return;
          use(element);
        })
        .catch((error: unknown) => console.warn(`Collage ${what} failed to load: ${url}`, error)),
    );
  }

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

  track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
    return promise;
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
