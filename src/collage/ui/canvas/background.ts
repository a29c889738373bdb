/** The canvas's background: its colour, and an image that covers the canvas whatever its size. */
import { FabricImage } from 'fabric';
import { fitImage } from '../../model/slot-layout.ts';
import type { Scene } from './scene.ts';

export class Background {
  private url: string | null = null;
  /** Bumped on every change of image, so a late load for an old one is dropped. */
  private generation = 0;

  constructor(private readonly scene: Scene) {}

  sync(color: string, url: string | null): void {
    const canvas = this.scene.canvas;
    if (canvas.backgroundColor !== color) canvas.backgroundColor = color;
    if (url !== this.url) this.setImage(url);
  }

  /** Spec section 9: the background image covers the canvas, centred. */
  fit(): void {
    const image = this.scene.canvas.backgroundImage;
    if (!(image instanceof FabricImage)) return;
    const element = image.getElement() as HTMLImageElement;
    const placement = fitImage(
      { width: element.naturalWidth || image.width, height: element.naturalHeight || image.height },
      { left: 0, top: 0, ...this.scene.size },
      'cover',
    );
    image.set({
      left: placement.centerX,
      top: placement.centerY,
      scaleX: placement.scaleX,
      scaleY: placement.scaleY,
    });
  }

  private setImage(url: string | null): void {
    const canvas = this.scene.canvas;
    this.url = url;
    const generation = ++this.generation;
    if (!url) {
      canvas.backgroundImage = undefined;
      canvas.requestRenderAll();
      return;
    }
    void this.scene.load(
      url,
      () => generation === this.generation,
      (element) => {
        canvas.backgroundImage = new FabricImage(element, { originX: 'center', originY: 'center' });
        this.fit();
        canvas.requestRenderAll();
      },
      'background image',
    );
  }
}
