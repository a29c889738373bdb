/**
 * The editor's side of the collage: it runs the collage rules (config changes, assets, commit) against
 * the store and talks to the fabric editor through CollageEditorApi once the collage stage has loaded it.
 * Apply renders the collage and hands it to the worker as the new base; Save downloads it directly.
 */
import type { CollageEditorApi, CollageEvents, CollageSelection } from '../model/api.ts';
import { NO_SELECTION } from '../model/api.ts';
import {
  areaChanged,
  aspectChosen,
  assetPlaced,
  backgroundColorChosen,
  backgroundImageChosen,
  presetChosen,
  slotCleared,
  slotsSwapped,
} from '../model/config.ts';
import type { Size } from '../model/slot-layout.ts';
import { findPreset } from '../model/presets.ts';
import type { CollageConfig, ImageAsset } from '../../session/collage-state.ts';
import { MAIN_PROCESSED_IMAGE, type ImageStyle, type TextStyle } from '../model/types.ts';
import { collageEffect } from '../../effects/collage.ts';
import { EDITOR_FORMATS } from '../../intake/formats.ts';
import { intake, IntakeError } from '../../intake/intake.ts';
import { DECODE_FAILED_MESSAGE } from '../../intake/messages.ts';
import { exportScaleFactor } from '../../ui/export.ts';
import type { FeatureHost, SaveJob } from '../../session/host.ts';
import {
  collageAssetAdded,
  collageChanged,
  collageCommitFailed,
  collageCommitStarted,
} from '../model/collage-rules.ts';
import { isCollage, type EditorState } from '../../session/editor-state.ts';
import { savingAtom } from '../../ui/atoms.ts';
import { collageSelectionAtom } from './selection-atom.ts';
import { tagSrgb } from '../../colour/srgb-jpeg.ts';
import { msg, shownOf } from '../../i18n/msg.ts';

/** What the collage needs of the editor beyond what every feature gets. */
export interface CollageHost extends FeatureHost {
  /** Sets the editor's state, with no commands and no follow-ups (an image joins the asset list). */
  update(change: (state: EditorState) => EditorState): void;
  /** Makes the image the worker's new base (and keeps it for recovery); takes ownership of it. */
  replaceBase(image: ImageBitmap, step: string): Promise<void>;
  /** Runs a save as every save runs (a download, the share sheet, a new tab). */
  save(job: SaveJob): Promise<void>;
}

/** Why something failed, for the user: the message an error carries, else its own text. */
const reason = shownOf;

export class CollageController {
  private api: CollageEditorApi | null = null;
  private area: Size = { width: 400, height: 400 };
  private readonly urls = new Set<string>();
  private mainUrl: string | null = null;
  /** The slot the next chosen image goes into (an empty slot was clicked). */
  private pickSlot: string | null = null;
  /** Opens the collage panel's file picker; the panel registers it. */
  private openPicker: (() => void) | null = null;
  private assetCount = 0;

  constructor(private readonly host: CollageHost) {}

  private get state(): EditorState {
    return this.host.state();
  }

  get isOpen(): boolean {
    const state = this.state;
    return isCollage(state.selectedEffectId) && state.collageConfig !== null;
  }

  /** What the fabric editor reports back. */
  readonly events: CollageEvents = {
    onSelection: (selection: CollageSelection) => this.host.store.set(collageSelectionAtom, selection),
    onSwap: (from, to) => this.change((c) => slotsSwapped(c, from, to)),
    onEmptySlot: (slotId) => this.pickImage(slotId),
    onSlotCleared: (slotId) => this.change((c) => slotCleared(c, slotId)),
  };

  attach(api: CollageEditorApi): void {
    this.api = api;
  }

  detach(api: CollageEditorApi | null): void {
    if (api && this.api !== api) return;
    this.api = null;
    this.host.store.set(collageSelectionAtom, NO_SELECTION);
  }

  get editor(): CollageEditorApi | null {
    return this.api;
  }

  registerPicker(open: (() => void) | null): void {
    this.openPicker = open;
  }

  // ---------------------------------------------------------------- config

  private change(change: (config: CollageConfig) => CollageConfig | null): void {
    this.host.run((s) => collageChanged(s, change));
  }

  /** The space the canvas may take changed (already debounced by the stage). */
  setArea(area: Size): void {
    this.area = area;
    this.change((c) => areaChanged(c, area));
  }

  choosePreset(presetId: string): void {
    const preset = findPreset(presetId);
    if (!preset) {
      console.warn(`Collage preset not found: ${presetId}`);
      return;
    }
    this.change((c) => presetChosen(c, preset, this.area));
  }

  chooseAspect(ratio: number): void {
    this.change((c) => aspectChosen(c, ratio, this.area));
  }

  setBackgroundColor(color: string): void {
    this.change((c) => backgroundColorChosen(c, color));
  }

  /** A background image (or none): through the intake, as every file that enters the product. */
  async setBackgroundImage(file: File | null): Promise<void> {
    const previous = this.state.collageConfig?.backgroundImageUrl ?? null;
    let image: Blob | null = null;
    if (file) {
      image = await this.take(file);
      if (!image) return;
    }
    const url = image ? this.keep(URL.createObjectURL(image)) : null;
    this.change((c) => backgroundImageChosen(c, image, url));
    if (previous && previous !== url) this.release(previous);
  }

  /**
   * A chosen file through the intake (the checks and messages of every upload, decoded in its worker at
   * the processing size, upright): the image as a PNG the canvas can load, or null when refused (the user
   * has been told why).
   */
  private async take(file: File): Promise<Blob | null> {
    try {
      const taken = await intake(file, EDITOR_FORMATS, { bitmap: false, preview: 'png' });
      if (taken.warning) this.host.notify('warning', taken.warning);
      return taken.preview;
    } catch (error) {
      this.host.notify('error', error instanceof IntakeError ? error.shown : DECODE_FAILED_MESSAGE);
      return null;
    }
  }

  // ---------------------------------------------------------------- images

  /** Asks for an image for a slot (or, without one, for the next empty slot). */
  pickImage(slotId: string | null): void {
    this.pickSlot = slotId;
    this.openPicker?.();
  }

  /** Images chosen in the panel join the asset list and go into empty slots, else onto the canvas. */
  async addImages(files: readonly File[]): Promise<void> {
    let slot = this.pickSlot;
    this.pickSlot = null;
    for (const file of files) {
      const asset = await this.assetFrom(file);
      if (!asset) continue;
      this.host.update((s) => collageAssetAdded(s, asset));
      this.place(asset.id, slot);
      slot = null;
    }
  }

  /** An asset from the list goes into a slot, or onto the canvas as a free image. */
  place(assetId: string, slotId: string | null = null): void {
    const config = this.state.collageConfig;
    const asset = this.state.availableImageAssets.find((a) => a.id === assetId);
    if (!config || !asset || !this.isOpen) return;
    const placed = assetPlaced(config, assetId, slotId);
    if (placed) this.change(() => placed);
    else void this.api?.addFreeImage(asset);
  }

  private async assetFrom(file: File): Promise<ImageAsset | null> {
    const image = await this.take(file);
    if (!image) return null;
    const bitmap = await createImageBitmap(image);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    this.assetCount += 1;
    return {
      id: `asset-${this.assetCount}`,
      previewUrl: this.keep(URL.createObjectURL(image)),
      originalWidth: size.width,
      originalHeight: size.height,
      name: file.name,
      file: image,
    };
  }

  /** The worker's base image arrived: it becomes the main asset, which the first slot shows. */
  async mainImageReceived(bitmap: ImageBitmap): Promise<void> {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.drawImage(bitmap, 0, 0);
    // PNG: the collage gets the processed pixels as they are.
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const url = this.keep(URL.createObjectURL(blob));
    const previous = this.mainUrl;
    this.mainUrl = url;
    this.host.update((s) =>
      collageAssetAdded(s, {
        id: MAIN_PROCESSED_IMAGE,
        previewUrl: url,
        originalWidth: canvas.width,
        originalHeight: canvas.height,
        name: msg('Edited photo'),
        file: blob,
      }),
    );
    if (previous) this.release(previous);
  }

  // ---------------------------------------------------------------- canvas objects

  addText(): void {
    this.api?.addText();
  }

  setTextStyle(patch: Partial<TextStyle>): void {
    this.api?.setTextStyle(patch);
  }

  setText(text: string): void {
    this.api?.setText(text);
  }

  setImageStyle(patch: Partial<ImageStyle>): void {
    this.api?.setImageStyle(patch);
  }

  setSlotZoom(zoom: number): void {
    this.api?.setSlotZoom(zoom);
  }

  deleteSelection(): void {
    this.api?.deleteSelection();
  }

  // ---------------------------------------------------------------- apply and save

  /** The size multiplier of both Apply and Save: the long side to 1080 px, never below 1. */
  private multiplier(): number {
    const config = this.state.collageConfig;
    return exportScaleFactor(config?.actualCanvasWidth ?? null, config?.actualCanvasHeight ?? null);
  }

  /** Apply: ApplyingEffect, render, replaceBaseImage; the worker's ImageReady closes the collage. */
  async commit(): Promise<void> {
    if (!this.host.client()) {
      this.host.notify('warning', msg('Cannot commit: Worker not available.'));
      return;
    }
    const api = this.api;
    if (!api) {
      this.host.notify('error', msg('Collage editor not ready.'));
      return;
    }
    const started = this.host.run(collageCommitStarted);
    if (started.workerStatus !== 'ApplyingEffect') return;
    try {
      await api.idle();
      const canvas = api.render(this.multiplier());
      const image = await createImageBitmap(canvas);
      await this.host.replaceBase(image, collageEffect.id);
    } catch (error) {
      this.host.run((s) => collageCommitFailed(s, reason(error)));
    }
  }

  /** Save: the collage as a JPEG at 0.9, straight from the canvas. */
  async save(): Promise<void> {
    const api = this.api;
    if (!api) {
      this.host.notify('error', msg('Collage editor not ready.'));
      return;
    }
    await this.host.save({
      preparing: msg('Preparing collage image...'),
      make: async () => {
        await api.idle();
        const canvas = api.render(this.multiplier());
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
        if (!blob) throw new Error('the canvas gave no image data');
        return { blob: await tagSrgb(blob) };
      },
      step: collageEffect.id,
      done: { kind: 'success', message: msg('Collage download started!') },
      failure: msg('Collage download failed'),
      busy: (on) => this.host.store.set(savingAtom, on),
    });
  }

  // ---------------------------------------------------------------- object URLs

  private keep(url: string): string {
    this.urls.add(url);
    return url;
  }

  private release(url: string): void {
    if (this.urls.delete(url)) URL.revokeObjectURL(url);
  }

  dispose(): void {
    for (const url of this.urls) URL.revokeObjectURL(url);
    this.urls.clear();
    this.mainUrl = null;
  }
}
