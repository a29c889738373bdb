/**
 * The worker's side of the edit (product spec section 4): the photo, the edit on screen (`current`) and
 * the edit without the look being adjusted (`base`), each rendered by the edit renderer, which keeps the
 * steps' results; Apply makes the edit on screen the base, and reset shows the base again. The page keeps
 * the edit's history: the worker renders the version it is given. Also the saves (the preview-size one
 * in preview-save.ts), the .cube files (cube-files.ts) and the thumbnails.
 */
import { findEffect } from '../../effects/index.ts';
import { today } from '../../effects/date-stamp.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import type {
  ApplyEffectMessage,
  BitmapSource,
  ReplaceBaseImageMessage,
  CubeExportedMessage,
  EditResources,
  CubeLoadedMessage,
  ExportCubeMessage,
  ExportFullResolutionMessage,
  FromWorkerMessage,
  ImageDataMessage,
  LoadImageMessage,
  LoadCubeMessage,
  RecipeThumbnailJob,
  RenderEdit,
  RequestImageDataMessage,
  ShowEditMessage,
  StatusMessage,
} from '../protocol.ts';
import { StageRunner } from '../runner.ts';
import { tileLimits } from '../tiling.ts';
import { FullResolutionRenderer, type RenderResult } from './full-resolution.ts';
import { CROP_PIECE, croppedOriginal, type ScalableOriginal } from './crop.ts';
import { LiveView } from './live.ts';
import { EngineResources, type LutBaker } from './resources.ts';
import { EditRenderer } from './edit-renderer.ts';
import { ThumbnailRenderer } from './thumbnails.ts';
import { ProgramWarmer } from './warm-up.ts';
import { exportCube } from './cube-export.ts';
import { loadCube, readCube } from './cube-files.ts';
import { previewJpeg } from './preview-save.ts';
import { textureLimit } from '../device-limits.ts';
import { NO_FRAME, type FrameChoice } from '../../edit/frame.ts';
import { FrameRenderer } from './frame.ts';

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
  private readonly renderer: EditRenderer;
  /** The edit without the look being adjusted (what Compare shows, thumbnails are made on). */
  private base: Shown | null = null;
  /** The edit on the canvas. */
  private current: Shown | null = null;
  private liveView: LiveView | null = null;
  /** Masks handed over with a look in the spec's form, named in turn. */
  private givenMasks = 0;

  constructor(
    readonly backend: Backend,
    private readonly post: Post,
    bakeLut: LutBaker,
    /** Whether the worker has no message waiting (programs are prepared ahead only then). */
    idle: () => boolean = () => true,
    /** The original at its own size, decoded when a crop needs it. */
    decodeOriginal: (file: Blob) => Promise<ScalableOriginal> = () => {
      throw new Error('The original cannot be decoded here');
    },
  ) {
    this.runner = new StageRunner(backend);
    this.resources = new EngineResources(backend, bakeLut);
    this.warmer = new ProgramWarmer(backend, () => this.base?.texture ?? null, idle);
    this.frames = new FrameRenderer(backend, this.runner);
    this.renderer = new EditRenderer(this.runner, backend, this.resources, decodeOriginal, (chain, size) =>
      this.warmer.forChain(chain, size),
    );
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
    const made = await this.thumbnails.next(this.base.texture);
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

  /** The photo's date taken (its EXIF), else the day it was opened: the date stamp's date. */
  private get taken(): string {
    return this.renderer.taken ?? today();
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
    this.base = this.current = null;
    const file = message.file ?? new Blob([]);
    this.renderer.setPhoto({ texture, file, taken: message.taken ?? today() });
    this.resources.dropPhotoResources();
    this.runner.pool.trim();
    await this.setEdits(EMPTY_RENDER_EDIT, EMPTY_RENDER_EDIT);
    await this.shown();
    return { status: 'ImageReady', newWidth: width, newHeight: height };
  }

  /**
   * The look being adjusted: the edit with it is shown, the edit without it kept as the base. In the
   * spec's form (no edits given) the look goes over the base, its mask the message's bitmap.
   */
  async applyEffect(message: ApplyEffectMessage): Promise<Status> {
    const held = this.requireBase();
    const effect = findEffect(message.effectId);
    const given = message.freehandMaskImageBitmap;
    if (!effect || effect.runsOn !== 'worker') {
      closeResources(message.resources);
      given?.close();
      throw new Error(`Unknown effect: ${message.effectId}`);
    }
    await this.take(message.resources);
    const base = message.base ?? held.edit;
    let current = message.current;
    if (!current) {
      const mask = given ? `given-${++this.givenMasks}` : undefined;
      if (given && mask) this.resources.setMask(mask, given);
      const step = {
        kind: 'effect' as const,
        effectId: effect.id,
        settings: message.settings,
        ...(mask ? { mask } : {}),
      };
      current = { ...base, steps: [...base.steps, step] };
    } else given?.close();
    const shown = await this.setEdits(base, current);
    return { status: 'effectComplete', effectId: effect.id, newWidth: shown.width, newHeight: shown.height };
  }

  /** An edit shown as it is (Undo, Redo, a crop, a recipe, a step changed or taken out, a recovery). */
  async showEdit(message: ShowEditMessage): Promise<Status> {
    this.requireCurrent();
    await this.take(message.resources);
    const shown = await this.setEdits(message.base, message.current);
    await this.shown();
    return { status: 'ImageReady', newWidth: shown.width, newHeight: shown.height };
  }

  /** A picture made on the page (the collage) becomes the base, in the edit's frame. */
  async replaceBaseImage(message: ReplaceBaseImageMessage): Promise<Status> {
    this.checkSize(message.width, message.height);
    const id = message.picture ?? message.step;
    this.resources.setImage(id, message.image);
    const { width, height } = message;
    const frame = this.current?.edit.frame ?? NO_FRAME;
    const edit: RenderEdit = { crop: null, steps: [{ kind: 'image', image: id, width, height }], frame };
    await this.setEdits(edit, edit);
    await this.shown();
    return { status: 'ImageReady', newWidth: width, newHeight: height };
  }

  /** Apply: the edit on screen becomes the base (the renderer keeps both results until the next edit). */
  commitEffect(): void {
    this.base = this.requireCurrent();
  }

  async resetCanvasToBase(): Promise<void> {
    const base = this.requireBase();
    this.current = base;
    await this.show(base.texture);
  }

  /** Shows the base while the user holds before/after, then the edit on screen again. */
  async showOriginal(show: boolean): Promise<void> {
    await this.show(show ? this.requireBase().texture : this.requireCurrent().texture);
  }

  /** The edit's frame changed: the image is shown in it at once. */
  async setFrame(frame: FrameChoice): Promise<void> {
    if (this.base) this.base = { ...this.base, edit: { ...this.base.edit, frame } };
    if (this.current) {
      this.current = { ...this.current, edit: { ...this.current.edit, frame } };
      await this.show(this.current.texture);
    }
  }

  /** Lets go of masks and pictures the page's history no longer names. */
  dropResources(masks: readonly string[], images: readonly string[]): void {
    this.resources.drop('mask', masks);
    this.resources.drop('image', images);
  }

  /** The user's .cube file: parsed here, off the page's thread, and kept under the hash of its text. */
  loadCube(message: LoadCubeMessage): Promise<Fields<CubeLoadedMessage>> {
    return loadCube(this.resources, message.file);
  }

  /** The .cube files a look brings (the viewfinder's recipes), read and kept under their hashes. */
  takeCubes(cubes: NonNullable<EditResources['cubes']>): Promise<void> {
    return this.take({ cubes });
  }

  /** A recipe's colour as a .cube file, made on this backend with the engine's LUTs (cube-export.ts). */
  exportCube(message: ExportCubeMessage): Promise<Fields<CubeExportedMessage>> {
    return exportCube(this.runner, (step) => this.resources.forStep(step), message, this.taken);
  }

  /**
   * The edit on screen as a JPEG, its long side at `exportLongSide` (the spec's 1080 px), in its frame.
   */
  async requestImageData(message: RequestImageDataMessage): Promise<Fields<ImageDataMessage>> {
    const shown = this.requireCurrent();
    const framed = await this.frames.framed(shown.texture, shown.edit.frame, this.taken);
    try {
      return await previewJpeg(this.backend, this.runner, framed ?? shown.texture, message);
    } finally {
      if (framed) this.runner.pool.release(framed);
    }
  }

  /**
   * Runs the message's steps again on the original (decoded by `decode`, at its own size) and encodes the
   * JPEG; the shown images and the canvas are left as they are.
   */
  async exportFullResolution(
    message: ExportFullResolutionMessage,
    decode: (file: Blob) => Promise<ScalableOriginal>,
    progress: (fraction: number) => void,
    signal: AbortSignal,
  ): Promise<RenderResult> {
    let decoded: ScalableOriginal;
    try {
      await this.take(message.cubes ? { cubes: message.cubes } : undefined);
      for (const step of message.steps) if (step.cube) this.resources.cube(step.cube);
      decoded = await decode(message.file);
    } catch (error) {
      for (const step of message.steps) step.mask?.close();
      throw error;
    }
    const processing = { width: message.processingWidth, height: message.processingHeight };
    const original = message.crop
      ? croppedOriginal(this.runner, this.backend, decoded, message.crop, processing, cropPiece(message))
      : decoded;
    const renderer = new FullResolutionRenderer(this.backend, this.runner, (step) =>
      this.resources.forStep(step),
    );
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

  /** The image read back as a bitmap (the caller hands it over): the base, or the edit on screen. */
  async requestImageBitmap(source: BitmapSource): Promise<ImageBitmap> {
    const texture = source === 'current' ? this.requireCurrent().texture : this.requireBase().texture;
    const pixels = await this.backend.readPixels(texture);
    return createImageBitmap(
      new ImageData(new Uint8ClampedArray(pixels.buffer), texture.width, texture.height),
    );
  }

  /** Shows the current image again: some browsers drop a hidden canvas's contents. */
  async redraw(): Promise<void> {
    if (this.current) await this.show(this.current.texture);
  }

  /** The backend's GPU objects, and how many of its textures are the pool's free ones. */
  resourceCounts() {
    return { ...this.backend.resourceCounts(), pooled: this.runner.pool.freeCount };
  }

  destroy(): void {
    this.thumbnails.drop();
    this.frames.dispose();
    this.renderer.clear();
    this.resources.dispose();
    this.backend.destroy();
  }

  /**
   * Renders `current` and `base` (each step's result reused where the edits agree), keeps both, and shows
   * `current` in its frame.
   */
  private async setEdits(base: RenderEdit, current: RenderEdit): Promise<GpuTexture> {
    const made = await this.backend.validate(() => this.renderer.render(base, current));
    this.current = { edit: current, ...made.current };
    this.base = { edit: base, ...made.base };
    await this.show(made.current.texture);
    return made.current.texture;
  }

  /** Takes over the resources an edit brings: .cube files (read here), masks, collage pictures. */
  private async take(resources: EditResources | undefined): Promise<void> {
    if (!resources) return;
    try {
      for (const { id, file } of resources.cubes ?? []) {
        if (this.resources.hasCube(id)) continue;
        const read = await readCube(this.resources, file);
        if (read.id !== id) throw new Error('The .cube file changed since it was loaded');
      }
    } finally {
      for (const { id, image } of resources.masks ?? []) this.resources.setMask(id, image);
      for (const { id, image } of resources.images ?? []) this.resources.setImage(id, image);
    }
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

  /** Shows the image on the canvas, in the edit's frame. */
  private show(texture: GpuTexture): Promise<void> {
    return this.frames.present(texture, this.current?.edit.frame ?? NO_FRAME, this.taken);
  }

  private requireBase(): Shown {
    if (!this.base) throw new Error('No image is loaded');
    return this.base;
  }

  private requireCurrent(): Shown {
    if (!this.current) throw new Error('No image is loaded');
    return this.current;
  }
}

/** An edit the engine holds: its render form, and its result (kept by the renderer under `key`). */
interface Shown {
  edit: RenderEdit;
  key: string;
  texture: GpuTexture;
}

const EMPTY_RENDER_EDIT: RenderEdit = { crop: null, steps: [], frame: NO_FRAME };

/** Closes what a refused request handed over. */
function closeResources(resources: EditResources | undefined): void {
  for (const { image } of [...(resources?.masks ?? []), ...(resources?.images ?? [])]) image.close();
}

/** The side of the pieces a crop is read in: smaller with the test option that makes tiles small. */
function cropPiece(message: ExportFullResolutionMessage): number {
  return Math.min(CROP_PIECE, message.tileLimit ?? CROP_PIECE);
}
