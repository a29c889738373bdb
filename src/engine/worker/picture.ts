// The picture a full-resolution save holds between its steps, and its changes of form: a texture, pixels
// in memory, a reader of rows, a smaller texture scaled to a size. Each change takes the picture over.
import type { Backend, GpuTexture } from '../backend.ts';
import type { StageRunner } from '../runner.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';
import { RESIZE_AREA } from '../../pipeline/stages/resize/stage.ts';
import { downscaled } from '../../pixels/downscale.ts';
import type { StripJpegEncoder } from '../../jpeg-encoder/strip-encoder.ts';
import {
  asImageData,
  drawnPixels,
  pixelsReader,
  readAll,
  type PictureReader,
  type Pixels,
} from '../../pixels/strips.ts';
import { sameSize, type ImageSize } from './export-step-plan.ts';
import type { Original, RenderJob } from './render-job.ts';

/**
 * The image between steps: a full-size texture, pixels in the worker's memory, or a texture smaller than
 * the full size (then scaled up when next needed). Whoever holds a picture owns its resources; `none`
 * while it is handed on.
 */
export type Picture =
  | { kind: 'original'; original: Original; processing: ImageSize }
  | { kind: 'encoded'; encoder: StripJpegEncoder }
  | { kind: 'gpu'; texture: GpuTexture }
  | { kind: 'pixels'; pixels: Pixels }
  | { kind: 'small'; texture: GpuTexture }
  | { kind: 'none' };

export const NONE: Picture = { kind: 'none' };

export class Pictures {
  constructor(
    private readonly backend: Backend,
    private readonly runner: StageRunner,
    /** One unit of the job's work is done (progress, and a cancel gets in). */
    private readonly tick: (job: RenderJob) => Promise<void>,
  ) {}

  /** The picture (taken over) as a reader: the original as decoded, or pixels in memory. */
  async toReader(picture: Picture, size: ImageSize): Promise<PictureReader> {
    if (picture.kind === 'original') return picture.original.open();
    return pixelsReader(await this.toPixels(picture, size));
  }

  private upload(image: ImageBitmap | ImageData): GpuTexture {
    try {
      return this.runner.pool.adopt(this.backend.uploadImage(image));
    } finally {
      if (image instanceof ImageBitmap) image.close();
    }
  }

  /**
   * The picture at a smaller size, as a texture (taking over the picture's resources): a camera's own
   * pixels as they are, a texture through the area resize, pixels through the browser's high-quality
   * resize, as the original became the preview's image.
   */
  async toScaled(picture: Picture, target: ImageSize, job: RenderJob): Promise<GpuTexture> {
    if (picture.kind === 'none') throw new Error('No picture');
    let scaled: GpuTexture;
    const asPreview = picture.kind === 'original' && sameSize(picture.processing, target);
    if (picture.kind === 'small' && sameSize(picture.texture, target)) {
      scaled = picture.texture;
    } else if (asPreview && picture.kind === 'original') {
      const bitmap = await picture.original.atProcessingSize();
      if (!sameSize(bitmap, target)) {
        bitmap.close();
        throw new Error(
          `The photo decoded at ${bitmap.width}x${bitmap.height} for ${target.width}x${target.height}`,
        );
      }
      scaled = this.upload(bitmap);
    } else if (picture.kind === 'original') {
      return this.toScaled({ kind: 'pixels', pixels: await this.toPixels(picture, target) }, target, job);
    } else if (picture.kind === 'encoded') {
      throw new Error('The picture is encoded already');
    } else if (picture.kind !== 'pixels') {
      const resize: StageInvocation = { stage: 'resize', params: { ...target, mode: RESIZE_AREA } };
      try {
        scaled = await this.backend.validate(() => this.runner.run(picture.texture, [resize]));
      } finally {
        this.runner.pool.release(picture.texture);
      }
    } else {
      const { pixels } = picture;
      scaled = this.upload(await downscaled(asImageData(pixels), pixels, target));
    }
    try {
      await this.tick(job);
    } catch (error) {
      // Cancelled here: the scaled picture is nobody's yet.
      this.runner.pool.release(scaled);
      throw error;
    }
    return scaled;
  }

  /** The picture as a full-size texture (taking over the picture's resources); it fits one tile. */
  async toTexture(picture: Picture, size: ImageSize): Promise<GpuTexture> {
    if (picture.kind === 'none') throw new Error('No picture');
    if (picture.kind === 'gpu') return picture.texture;
    return this.upload(asImageData(await this.toPixels(picture, size)));
  }

  /**
   * The picture as full-size pixels in memory (taking over its resources). A smaller picture is scaled
   * up as the preview's export scales its image to 1080 px: drawImage at high quality, strip by strip.
   */
  async toPixels(picture: Picture, size: ImageSize): Promise<Pixels> {
    switch (picture.kind) {
      case 'none':
        throw new Error('No picture');
      case 'pixels':
        return picture.pixels;
      case 'original': {
        const reader = await picture.original.open();
        try {
          return await readAll(reader);
        } finally {
          reader.close();
        }
      }
      case 'encoded':
        throw new Error('The picture is encoded already');
      case 'gpu': {
        const { width, height } = picture.texture;
        try {
          const pixels = await this.backend.readPixels(picture.texture);
          return { width, height, data: new Uint8ClampedArray(pixels.buffer) };
        } finally {
          this.runner.pool.release(picture.texture);
        }
      }
      case 'small': {
        const small = await this.toBitmap(picture.texture);
        try {
          return await drawnPixels(small, size);
        } finally {
          small.close();
        }
      }
    }
  }

  /** A small texture (released here) as an ImageBitmap. */
  async toBitmap(texture: GpuTexture): Promise<ImageBitmap> {
    let pixels: Uint8Array<ArrayBuffer>;
    try {
      pixels = await this.backend.readPixels(texture);
    } finally {
      this.runner.pool.release(texture);
    }
    return createImageBitmap(
      new ImageData(new Uint8ClampedArray(pixels.buffer), texture.width, texture.height),
    );
  }

  dispose(picture: Picture): void {
    if (picture.kind === 'gpu' || picture.kind === 'small') this.runner.pool.release(picture.texture);
  }
}
