/**
 * The worker's image bookkeeping (product spec section 4): the committed base image, the current image
 * (base with the applied effect) that the canvas shows, commit and reset between them, and the committed
 * history for undo and redo.
 */
import { CubeFormatError, cubeTooLargeMessage, MAX_CUBE_BYTES, parseCube } from '../../grading/cube.ts';
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import { today } from '../../effects/date-stamp.ts';
import { msg } from '../../i18n/msg.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import type {
  ApplyEffectMessage,
  ApplyRecipeMessage,
  BitmapSource,
  CropImageMessage,
  CubeExportedMessage,
  CubeLoadedMessage,
  ExportCubeMessage,
  ExportFullResolutionMessage,
  FromWorkerMessage,
  ImageDataMessage,
  LoadImageMessage,
  LoadCubeMessage,
  RecipeThumbnailJob,
  ReplaceBaseImageMessage,
  RequestImageDataMessage,
  StatusMessage,
} from '../protocol.ts';
import { StageRunner } from '../runner.ts';
import { RESIZE_SMOOTH } from '../stages/resize/stage.ts';
import { tileLimits } from '../tiling.ts';
import { FullResolutionRenderer, type RenderResult } from './full-resolution.ts';
import { CROP_PIECE, cropAtSize, croppedOriginal, runSteps, type ScalableOriginal } from './crop.ts';
import { croppedSize } from '../../crop/model/geometry.ts';
import { processingSize } from '../../pixels/processing-size.ts';
import { LiveView } from './live.ts';
import { makeRecipe } from './recipe.ts';
import { EngineResources, type LutBaker } from './resources.ts';
import { ThumbnailRenderer } from './thumbnails.ts';
import { ProgramWarmer } from './warm-up.ts';
import { exportCube } from './cube-export.ts';
import { tagSrgb } from '../../colour/srgb-jpeg.ts';
import { textureLimit } from '../device-limits.ts';
import { NO_FRAME, type FrameChoice } from '../../frames/model/choice.ts';
import { FrameRenderer } from './frame.ts';
import { History } from './history.ts';
import { stepStages } from '../../effects/strength.ts';

export type Post = (message: FromWorkerMessage, transfer?: Transferable[]) => void;

/** A reply's fields: the worker's queue (dispatcher.ts) adds its type and the request's id. */
export type Fields<M> = Omit<M, 'type' | 'id'>;
type Status = Fields<StatusMessage>;

export class Engine {
  private readonly runner: StageRunner;
  private readonly resources: EngineResources;
  private readonly thumbnails: ThumbnailRenderer;
  private readonly warmer: ProgramWarmer;
  private readonly frames: FrameRenderer;
  /** The frame shown and saved around the image: a presentation step, never in the committed base. */
  private frame: FrameChoice = NO_FRAME;
  private base: GpuTexture | null = null;
  private current: GpuTexture | null = null;
  /** The step that made the base (an effect id), null for the photo as loaded. */
  private baseStep: string | null = null;
  /** The day the photo was taken (its EXIF), else the day it was opened: the date stamp's date. */
  private taken = today();
  /** The effect shown on top of the base, not yet committed. */
  private currentStep: string | null = null;
  private liveView: LiveView | null = null;
  private readonly history = new History((texture) => this.runner.pool.release(texture));

  constructor(
    readonly backend: Backend,
    private readonly post: Post,
    bakeLut: LutBaker,
    /** Whether the worker has no message waiting (programs are prepared ahead only then). */
    idle: () => boolean = () => true,
  ) {
    this.runner = new StageRunner(backend);
    this.resources = new EngineResources(backend, bakeLut);
    this.warmer = new ProgramWarmer(backend, () => this.base, idle);
    this.frames = new FrameRenderer(backend, this.runner);
    this.thumbnails = new ThumbnailRenderer(backend, this.resources.resolve, (chain, size) =>
      this.warmer.forChain(chain, size),
    );
  }

  /** The effects the user is likely to choose next, most likely first: their programs are made ahead. */
  prepareEffects(effectIds: readonly string[]): void {
    this.warmer.effects(effectIds);
  }

  /** Goes on preparing effects ahead, if the worker is idle; called after each message. */
  prepareWhenIdle(): void {
    this.warmer.pump();
  }

  /** Thumbnails of the base with each effect and look, from now on (replacing an older request). */
  queueThumbnails(generation: number, recipes: readonly RecipeThumbnailJob[] = []): void {
    this.thumbnails.queue(generation, recipes);
  }

  get thumbnailsPending(): boolean {
    return this.thumbnails.pending && this.base !== null;
  }

  /** Renders what is left of the thumbnails at once (GPU objects are counted at rest). */
  async finishThumbnails(): Promise<void> {
    while (this.thumbnailsPending) await this.renderNextThumbnail();
  }

  /**
   * Renders one thumbnail, and posts those of its group once the group is made; the worker's queue
   * calls it between messages.
   */
  async renderNextThumbnail(): Promise<void> {
    if (!this.base) return this.thumbnails.drop();
    const made = await this.thumbnails.next(this.base);
    for (const thumbnail of made ?? [])
      this.post({ type: 'thumbnail', ...thumbnail }, [thumbnail.pixels.buffer]);
  }

  /** The live viewfinder (made on first use): camera frames through the same runner and resources. */
  get live(): LiveView {
    this.liveView ??= new LiveView(
      this.backend,
      this.runner,
      this.resources.resolve,
      this.post,
      (chain, size) => this.warmer.forChain(chain, size),
    );
    return this.liveView;
  }

  get hasImage(): boolean {
    return this.base !== null;
  }

  async loadImage(message: LoadImageMessage): Promise<Status> {
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
    this.history.clear();
    this.baseStep = null;
    this.taken = message.taken ?? today();
    await this.setBase(texture);
    this.runner.pool.trim();
    await this.shown();
    return { status: 'ImageReady', newWidth: width, newHeight: height, ...this.depths() };
  }

  async applyEffect(message: ApplyEffectMessage): Promise<Status> {
    const base = this.requireBase();
    const effect = findEffect(message.effectId);
    if (!effect || effect.runsOn !== 'worker') {
      message.freehandMaskImageBitmap?.close();
      throw new Error(`Unknown effect: ${message.effectId}`);
    }
    if (message.freehandMaskImageBitmap) this.resources.setMask(message.freehandMaskImageBitmap);
    const input = { width: base.width, height: base.height, taken: this.taken };
    const chain = stepStages(effect, resolveSettings(effect, message.settings), input);
    await this.warmer.forChain(chain, base);
    const result = await this.backend.validate(() => this.runner.run(base, chain, this.resources.resolve));
    await this.setCurrent(result);
    this.currentStep = effect.id;
    return {
      status: 'effectComplete',
      effectId: effect.id,
      newWidth: result.width,
      newHeight: result.height,
    };
  }

  async commitEffect(): Promise<Status> {
    const current = this.requireCurrent();
    const base = this.requireBase();
    if (current !== base) {
      this.history.push({ texture: base, step: this.baseStep });
      this.base = current;
      this.baseStep = this.currentStep;
    }
    await Promise.resolve();
    return { status: 'commitSuccess', newWidth: current.width, newHeight: current.height, ...this.depths() };
  }

  undo(): Promise<Status> {
    return this.step('undo');
  }

  redo(): Promise<Status> {
    return this.step('redo');
  }

  async resetCanvasToBase(): Promise<void> {
    await this.setCurrent(this.requireBase());
  }

  /** Shows the committed image while the user holds before/after, then the current one again. */
  async showOriginal(show: boolean): Promise<void> {
    await this.show(show ? this.requireBase() : this.requireCurrent());
  }

  /** The frame around what is shown and saved from now on; the image is shown in it at once. */
  async setFrame(frame: FrameChoice): Promise<void> {
    this.frame = frame;
    if (this.current) await this.show(this.current);
  }

  /**
   * The crop: made from the original at the crop's processing size (the spec's 1080 rule
   * applied to the crop), then the committed effects run on it again, so the look follows the cropped
   * photo; it becomes the base, and the image before it can be undone to.
   */
  async crop(message: CropImageMessage, decode: (file: Blob) => Promise<ScalableOriginal>): Promise<Status> {
    const base = this.requireBase();
    let texture: GpuTexture;
    try {
      const original = await decode(message.file);
      const crop = croppedSize(message.geometry);
      const output = processingSize(crop.width, crop.height);
      texture = await cropAtSize(this.runner, this.backend, original, message.geometry, output);
      texture = await runSteps(this.runner, this.resources, texture, message.effects, this.taken);
    } finally {
      for (const step of message.effects) step.mask?.close();
    }
    // The effect on screen was made part of the crop (it is among `effects`): it is committed first, as
    // the editor's log commits it, so that Undo steps back to it and then to the photo before it.
    if (this.current && this.current !== base) {
      this.history.push({ texture: base, step: this.baseStep });
      this.base = this.current;
      this.baseStep = this.currentStep;
    }
    this.history.push({ texture: this.base ?? base, step: this.baseStep });
    this.base = texture;
    this.baseStep = message.step;
    this.currentStep = null;
    this.current = texture;
    await this.show(texture);
    await this.shown();
    const { width, height } = texture;
    return { status: 'commitSuccess', newWidth: width, newHeight: height, ...this.depths() };
  }

  /** A recipe (the whole edit, made again from the photo as loaded) becomes the base: one step to undo. */
  async applyRecipe(
    message: ApplyRecipeMessage,
    decode: (file: Blob) => Promise<ScalableOriginal>,
  ): Promise<Status> {
    const base = this.requireBase();
    const texture = await makeRecipe(this.runner, this.resources, message, decode, this.taken);
    // The recipe replaces the edit on screen: an effect shown but not committed is let go.
    if (this.current && this.current !== base) this.runner.pool.release(this.current);
    this.history.push({ texture: base, step: this.baseStep });
    this.base = this.current = texture;
    this.baseStep = message.step;
    this.currentStep = null;
    await this.backend.present(texture);
    await this.shown();
    return { status: 'commitSuccess', newWidth: texture.width, newHeight: texture.height, ...this.depths() };
  }

  /** A collage (or any image made on the main thread) becomes the new base; the old one can be undone to. */
  async replaceBaseImage(message: ReplaceBaseImageMessage): Promise<Status> {
    this.checkSize(message.width, message.height);
    let texture;
    try {
      texture = this.runner.pool.adopt(this.backend.uploadImage(message.image));
    } finally {
      message.image.close();
    }
    const old = this.base;
    if (old) {
      if (this.current && this.current !== old) this.runner.pool.release(this.current);
      this.history.push({ texture: old, step: this.baseStep });
    }
    this.base = texture;
    this.baseStep = message.step;
    this.current = texture;
    await this.show(texture);
    await this.shown();
    return { status: 'ImageReady', newWidth: message.width, newHeight: message.height, ...this.depths() };
  }

  /** The user's .cube file: parsed here, off the page's thread, and kept as the custom look's LUT. */
  async loadCube(message: LoadCubeMessage): Promise<Fields<CubeLoadedMessage>> {
    try {
      if (message.file.size > MAX_CUBE_BYTES)
        throw new CubeFormatError(cubeTooLargeMessage(message.file.size));
      const cube = parseCube(await message.file.text());
      this.resources.setCustomLut({ size: cube.size, data: new Uint8Array(cube.atlas.data) });
      return { title: cube.title, size: cube.size };
    } catch (error) {
      return {
        error: error instanceof CubeFormatError ? error.message : msg('This .cube file could not be read.'),
      };
    }
  }

  /** A recipe's colour as a .cube file, made on this backend with the engine's LUTs (cube-export.ts). */
  exportCube(message: ExportCubeMessage): Promise<Fields<CubeExportedMessage>> {
    return exportCube(this.runner, this.resources.resolve, message, this.taken);
  }

  /**
   * The current image as a JPEG, its long side at `exportLongSide` (the spec's 1080 px). The engine scales
   * it (the smooth resize), not the browser's canvas, whose filters differ from browser to browser: a look
   * saves the same everywhere.
   */
  async requestImageData(message: RequestImageDataMessage): Promise<Fields<ImageDataMessage>> {
    const framed = await this.frames.framed(this.requireCurrent(), this.frame, this.taken);
    const current = framed ?? this.requireCurrent();
    const size = exportSize(current, message.exportLongSide);
    let pixels: Uint8Array<ArrayBuffer>;
    try {
      const scaled =
        size.width === current.width && size.height === current.height
          ? null
          : await this.backend.validate(() =>
              this.runner.run(current, [{ stage: 'resize', params: { ...size, mode: RESIZE_SMOOTH } }]),
            );
      try {
        pixels = await this.backend.readPixels(scaled ?? current);
      } finally {
        if (scaled) this.runner.pool.release(scaled);
      }
    } finally {
      if (framed) this.runner.pool.release(framed);
    }
    const image = new ImageData(new Uint8ClampedArray(pixels.buffer), size.width, size.height);
    const blob = await encodeJpeg(image, message.quality);
    return { format: 'image/jpeg', blob, ...size };
  }

  /**
   * Runs the message's steps again on the original (decoded by `decode`, at its own size) and encodes the
   * JPEG; the committed images and the canvas are left as they are.
   */
  async exportFullResolution(
    message: ExportFullResolutionMessage,
    decode: (file: Blob) => Promise<ScalableOriginal>,
    progress: (fraction: number) => void,
    signal: AbortSignal,
  ): Promise<RenderResult> {
    let decoded: ScalableOriginal;
    try {
      decoded = await decode(message.file);
    } catch (error) {
      for (const step of message.steps) step.mask?.close();
      throw error;
    }
    const processing = { width: message.processingWidth, height: message.processingHeight };
    const original = message.crop
      ? croppedOriginal(this.runner, this.backend, decoded, message.crop, processing, cropPiece(message))
      : decoded;
    const renderer = new FullResolutionRenderer(this.backend, this.runner, this.resources.resolve);
    return renderer.render({
      original,
      processing,
      steps: message.steps,
      ...(message.frame ? { frame: message.frame } : {}),
      quality: message.quality,
      limits: tileLimits(textureLimit(this.backend.maxTextureSize), message.tileLimit),
      taken: this.taken,
      progress,
      signal,
    });
  }

  /** The image read back as a bitmap (the caller hands it over). */
  async requestImageBitmap(source: BitmapSource): Promise<ImageBitmap> {
    const texture = source === 'current' ? this.requireCurrent() : this.requireBase();
    const pixels = await this.backend.readPixels(texture);
    return createImageBitmap(
      new ImageData(new Uint8ClampedArray(pixels.buffer), texture.width, texture.height),
    );
  }

  /** Shows the current image again: some browsers drop a hidden canvas's contents. */
  async redraw(): Promise<void> {
    if (this.current) await this.show(this.current);
  }

  /** The backend's GPU objects, and how many of its textures are the pool's free ones. */
  resourceCounts() {
    return { ...this.backend.resourceCounts(), pooled: this.runner.pool.freeCount };
  }

  destroy(): void {
    this.thumbnails.drop();
    this.frames.dispose();
    this.resources.dispose();
    this.backend.destroy();
  }

  private async step(direction: 'undo' | 'redo'): Promise<Status> {
    const base = this.requireBase();
    const entry = this.history.step(direction, { texture: base, step: this.baseStep });
    const target = entry.texture;
    if (this.current && this.current !== base) this.runner.pool.release(this.current);
    this.base = target;
    this.baseStep = entry.step;
    this.current = target;
    await this.show(target);
    return { status: 'commitSuccess', newWidth: target.width, newHeight: target.height, ...this.depths() };
  }

  private depths() {
    return this.history.depths(this.baseStep);
  }

  private checkSize(width: number, height: number): void {
    const max = textureLimit(this.backend.maxTextureSize);
    if (width > max || height > max)
      throw new Error(`The image is larger than this GPU allows (${max} px a side)`);
  }

  /**
   * Waits for the GPU to draw a new photo before it is called ready. In a fresh worker the GPU process may
   * still be compiling the prepared effects; without the wait the page took away its overlay and showed an
   * empty canvas for up to a second, and anything that reads the canvas on ImageReady read nothing.
   */
  private shown(): Promise<void> {
    return this.backend.finish();
  }

  private async setBase(texture: GpuTexture): Promise<void> {
    const oldBase = this.base;
    const oldCurrent = this.current;
    this.base = texture;
    this.current = texture;
    if (oldCurrent && oldCurrent !== oldBase) this.runner.pool.release(oldCurrent);
    if (oldBase) this.runner.pool.release(oldBase);
    await this.show(texture);
  }

  private async setCurrent(texture: GpuTexture): Promise<void> {
    const old = this.current;
    this.current = texture;
    if (old && old !== this.base && old !== texture) this.runner.pool.release(old);
    await this.show(texture);
  }

  /** Shows the image on the canvas, in the frame. */
  private show(texture: GpuTexture): Promise<void> {
    return this.frames.present(texture, this.frame, this.taken);
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

/** The side of the pieces a crop is read in: smaller with the test option that makes tiles small. */
function cropPiece(message: ExportFullResolutionMessage): number {
  return Math.min(CROP_PIECE, message.tileLimit ?? CROP_PIECE);
}

/** The size a save gets: the long side at `longSide` (when given), the aspect ratio kept. */
export function exportSize(image: { width: number; height: number }, longSide?: number) {
  if (!longSide || longSide === Math.max(image.width, image.height))
    return { width: image.width, height: image.height };
  const scale = longSide / Math.max(image.width, image.height);
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

async function encodeJpeg(image: ImageData, quality: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.putImageData(image, 0, 0);
  // Tagged sRGB, so that every viewer shows the colours made here.
  return tagSrgb(await canvas.convertToBlob({ type: 'image/jpeg', quality }));
}
