/**
 * Free images: photos placed anywhere on the canvas (free mode's main photo, and any the user adds), moved,
 * scaled and rotated by their handles, with a border of their own.
 */
import { FabricImage, type FabricObject } from 'fabric';
import {
  ADDED_IMAGE_FRACTION,
  freePlacement,
  MAIN_IMAGE_FRACTION,
  MIN_IMAGE_SCALE,
  randomOffset,
} from '../../model/slot-layout.ts';
import type { ImageAsset } from '../../../session/collage-state.ts';
import type { ImageStyle } from '../../model/types.ts';
import { HANDLES, type FreeImageRole, type Scene } from './scene.ts';

export class FreeImages {
  /** Whether free mode's main photo has been placed since the preset was chosen. */
  private mainPlaced = false;

  constructor(
    private readonly scene: Scene,
    /** Random source for free-image offsets (tests pass their own). */
    private readonly random: () => number,
    /** The preset on the canvas: an image that loads after the preset changed is dropped. */
    private readonly presetId: () => string | null,
  ) {}

  /** A new preset: its free images went with the old one. */
  reset(): void {
    this.mainPlaced = false;
  }

  /** Free mode starts with the main photo placed freely, once. */
  placeMain(main: ImageAsset): void {
    if (this.mainPlaced) return;
    this.mainPlaced = true;
    void this.place(main, MAIN_IMAGE_FRACTION, { dx: 0, dy: 0 }, false);
  }

  /** A photo the user adds, a little off centre, selected. */
  add(asset: ImageAsset): Promise<void> {
    return this.place(asset, ADDED_IMAGE_FRACTION, randomOffset(this.random), true);
  }

  /** The canvas was resized by rx, ry: the image keeps its place and its size relative to the canvas. */
  rescale(image: FabricObject, role: FreeImageRole, rx: number, ry: number): void {
    const factor = Math.min(rx, ry);
    image.set({
      left: (image.left ?? 0) * rx,
      top: (image.top ?? 0) * ry,
      scaleX: image.scaleX * factor,
      scaleY: image.scaleY * factor,
      strokeWidth: role.style.strokeWidth * this.scene.scale,
    });
  }

  setStyle(image: FabricObject, role: FreeImageRole, patch: Partial<ImageStyle>): void {
    role.style = { ...role.style, ...patch };
    image.set({ stroke: role.style.stroke, strokeWidth: role.style.strokeWidth * this.scene.scale });
  }

  /** Scales the image by `factor`, keeping its shape, never below the smallest scale. */
  zoom(image: FabricObject, factor: number): void {
    const scale = Math.max(MIN_IMAGE_SCALE, image.scaleX * factor);
    image.set({ scaleX: scale, scaleY: scale * (image.scaleY / image.scaleX) });
    image.setCoords();
    this.scene.canvas.requestRenderAll();
  }

  private place(
    asset: ImageAsset,
    fraction: number,
    offset: { dx: number; dy: number },
    select: boolean,
  ): Promise<void> {
    const scene = this.scene;
    const presetId = this.presetId();
    return scene.load(
      asset.previewUrl,
      () => presetId === this.presetId(),
      (element) => {
        const natural = { width: element.naturalWidth, height: element.naturalHeight };
        const placement = freePlacement(natural, scene.size, fraction, offset);
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
        scene.setRole(image, { kind: 'free-image', assetId: asset.id, style });
        scene.insert([image]);
        if (select) scene.canvas.setActiveObject(image);
        scene.canvas.requestRenderAll();
        scene.emitSelection();
      },
    );
  }
}
