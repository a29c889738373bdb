/**
 * The worker's image bookkeeping (product spec section 4): the committed base image, the current image
 * (base with the applied effect) that the canvas shows, and commit / reset between them.
 */
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import type {
  ApplyEffectMessage,
  BitmapSource,
  FromWorkerMessage,
  LoadImageMessage,
  ReplaceBaseImageMessage,
  RequestImageDataMessage,
} from '../protocol.ts';
import { StageRunner } from '../runner.ts';

export type Post = (message: FromWorkerMessage, transfer?: Transferable[]) => void;

export class Engine {
  private readonly runner: StageRunner;
  private base: GpuTexture | null = null;
  private current: GpuTexture | null = null;

  constructor(
    readonly backend: Backend,
    private readonly post: Post,
  ) {
    this.runner = new StageRunner(backend);
  }

  get hasImage(): boolean {
    return this.base !== null;
  }

  async loadImage(message: LoadImageMessage): Promise<void> {
    const { image, processingWidth: width, processingHeight: height } = message;
    this.checkSize(width, height);
    let bitmap = image;
    if (image.width !== width || image.height !== height) {
      bitmap = await createImageBitmap(image, {
        resizeWidth: width,
        resizeHeight: height,
        resizeQuality: 'high',
      });
      image.close();
    }
    let texture;
    try {
      texture = this.runner.pool.adopt(this.backend.uploadImage(bitmap));
    } finally {
      bitmap.close();
    }
    await this.setBase(texture);
    this.runner.pool.trim();
    this.post({ type: 'status', status: 'ImageReady', newWidth: width, newHeight: height });
  }

  async applyEffect(message: ApplyEffectMessage): Promise<void> {
    const base = this.requireBase();
    const effect = findEffect(message.effectId);
    if (!effect || effect.runsOn !== 'worker') throw new Error(`Unknown effect: ${message.effectId}`);
    message.freehandMaskImageBitmap?.close();
    const settings = resolveSettings(effect, message.settings);
    const result = this.runner.run(base, effect.stages(settings, base));
    await this.setCurrent(result);
    this.post({
      type: 'status',
      status: 'effectComplete',
      effectId: effect.id,
      newWidth: result.width,
      newHeight: result.height,
    });
  }

  commitEffect(): void {
    const current = this.requireCurrent();
    const base = this.requireBase();
    if (current !== base) {
      this.runner.pool.release(base);
      this.base = current;
    }
    this.post({
      type: 'status',
      status: 'commitSuccess',
      newWidth: current.width,
      newHeight: current.height,
    });
  }

  async resetCanvasToBase(): Promise<void> {
    await this.setCurrent(this.requireBase());
  }

  async replaceBaseImage(message: ReplaceBaseImageMessage): Promise<void> {
    this.checkSize(message.width, message.height);
    let texture;
    try {
      texture = this.runner.pool.adopt(this.backend.uploadImage(message.image));
    } finally {
      message.image.close();
    }
    await this.setBase(texture);
    this.post({ type: 'status', status: 'ImageReady', newWidth: message.width, newHeight: message.height });
  }

  async requestImageData(message: RequestImageDataMessage): Promise<void> {
    const current = this.requireCurrent();
    const pixels = await this.backend.readPixels(current);
    const image = new ImageData(new Uint8ClampedArray(pixels.buffer), current.width, current.height);
    const encoded = await encodeImage(image, message.quality, message.exportLongSide);
    this.post({ type: 'imageData', format: 'image/jpeg', ...encoded });
  }

  async requestImageBitmap(source: BitmapSource): Promise<void> {
    const texture = source === 'current' ? this.requireCurrent() : this.requireBase();
    const pixels = await this.backend.readPixels(texture);
    const bitmap = await createImageBitmap(
      new ImageData(new Uint8ClampedArray(pixels.buffer), texture.width, texture.height),
    );
    this.post({ type: 'imageBitmapResponse', image: bitmap, source }, [bitmap]);
  }

  /** Shows the current image again: some browsers drop a hidden canvas's contents. */
  async redraw(): Promise<void> {
    if (this.current) await this.backend.present(this.current);
  }

  resourceCounts() {
    return this.backend.resourceCounts();
  }

  destroy(): void {
    this.backend.destroy();
  }

  private checkSize(width: number, height: number): void {
    const max = this.backend.maxTextureSize;
    if (width > max || height > max)
      throw new Error(`The image is larger than this GPU allows (${max} px a side)`);
  }

  private async setBase(texture: GpuTexture): Promise<void> {
    const oldBase = this.base;
    const oldCurrent = this.current;
    this.base = texture;
    this.current = texture;
    if (oldCurrent && oldCurrent !== oldBase) this.runner.pool.release(oldCurrent);
    if (oldBase) this.runner.pool.release(oldBase);
    await this.backend.present(texture);
  }

  private async setCurrent(texture: GpuTexture): Promise<void> {
    const old = this.current;
    this.current = texture;
    if (old && old !== this.base && old !== texture) this.runner.pool.release(old);
    await this.backend.present(texture);
  }

  private requireBase(): GpuTexture {
    if (!this.base) throw new Error('No image is loaded');
    return this.base;
  }

  private requireCurrent(): GpuTexture {
    if (!this.current) throw new Error('No image is loaded');
    return this.current;
  }
}

async function encodeImage(
  image: ImageData,
  quality: number,
  longSide?: number,
): Promise<{ blob: Blob; width: number; height: number }> {
  let width = image.width;
  let height = image.height;
  const source = new OffscreenCanvas(width, height);
  const sourceContext = source.getContext('2d');
  if (!sourceContext) throw new Error('2D canvas unavailable');
  sourceContext.putImageData(image, 0, 0);
  if (!longSide || longSide === Math.max(width, height)) {
    return { blob: await source.convertToBlob({ type: 'image/jpeg', quality }), width, height };
  }
  const scale = longSide / Math.max(width, height);
  width = Math.max(1, Math.round(width * scale));
  height = Math.max(1, Math.round(height * scale));
  const target = new OffscreenCanvas(width, height);
  const context = target.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return { blob: await target.convertToBlob({ type: 'image/jpeg', quality }), width, height };
}
