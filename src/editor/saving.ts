/**
 * Saving: the spec's save at 1080 px, the full-resolution save, and the one routine every save
 * (the collage's too) goes through: choose where the file goes inside the click (the share sheet on a
 * phone that can share files, else the iOS tab, opened there, else a download), say it is preparing, make
 * the file, hand it over, and say how it went.
 */
import { framedSize } from '../frames/model/layout.ts';
import type { EngineClient } from '../engine/client/engine-client.ts';
import { savedFileName, triggerDownload } from '../ui/download.ts';
import type { Store } from '../ui/jotai.ts';
import {
  exportLongSide,
  IOS_MESSAGE_DURATION_MS,
  IOS_SAVE_MESSAGE,
  isIos,
  openSaveTarget,
  SAVE_TAB_BLOCKED,
} from '../ui/export.ts';
import { canRequestImage, type EditorState } from '../session/editor-state.ts';
import { editOnScreen } from '../session/edit-state.ts';
import type { Source } from '../session/photo-source.ts';
import { effectsAfterImage, hasImage } from '../edit/edit.ts';
import { fileStep } from '../edit/history.ts';
import { exportSteps } from './export-steps.ts';
import { UNTIL_NEXT, type Notify } from '../ui/notifications.ts';
import type { Made, SaveJob } from '../session/host.ts';
import { keepDateTaken } from '../intake/photo-date.ts';
import { croppedSize } from '../crop/model/geometry.ts';
import { processingSize } from '../pixels/processing-size.ts';
import {
  exportProgressAtom,
  fullResolutionAtom,
  keepDateAtom,
  savingAtom,
  tileLimitAtom,
} from '../ui/atoms.ts';
import { asMessage, english, msg, shownOf } from '../i18n/msg.ts';

export type { Notify };

export const SHARED_MESSAGE = msg('Image shared!');
/** 'Keep the date taken' is on, and the photo says no date (or none that exists): the save has none. */
export const NO_DATE_TAKEN_MESSAGE = msg(
  'Saved without the date taken: the photo does not say when it was taken.',
);
export const SHARE_CANCELLED_MESSAGE = msg('Sharing cancelled.');
/** The share sheet wants a fresh tap (the click's activation ran out while the file was made). */
export const SHARE_TAP_MESSAGE = msg('Your image is ready. Tap Share to save it.');
/** The share sheet cannot take the file on iOS: the spec's tab, opened by the next tap. */
export const OPEN_TAP_MESSAGE = msg('Your image is ready. Tap Open to see it in a new tab.');
/** How long a notification that holds the made file waits for its tap. */
export const TAP_DURATION_MS = 60_000;

/** A file made for saving, or why there is none. */
/** What a saved photo is named after: the effect on screen, else the last change of the edit that names one. */
export function savedStep(state: EditorState): string | null {
  return state.lastAppliedEffectId ?? fileStep(state.history);
}

export type { Made, SaveJob };

/**
 * Runs one save. Where the file goes is chosen inside the click, before any await: the share sheet on a
 * phone that can share files; else, on iOS, which cannot download a blob, a new tab, which must be opened
 * inside the click; elsewhere a download.
 */
export async function runSave(job: SaveJob, notify: Notify): Promise<void> {
  const target = openSaveTarget();
  if (target === 'blocked') {
    notify('error', SAVE_TAB_BLOCKED);
    return;
  }
  const tab = typeof target === 'string' ? null : target;
  notify('info', job.preparing, UNTIL_NEXT);
  job.busy(true);
  try {
    const made = await job.make();
    if (!('blob' in made)) {
      tab?.close();
      if ('cancelled' in made) notify('info', made.cancelled);
      else notify('error', made.failed);
      return;
    }
    if (tab) {
      tab.location.href = URL.createObjectURL(made.blob);
      notify('success', IOS_SAVE_MESSAGE, IOS_MESSAGE_DURATION_MS);
      return;
    }
    const name = savedFileName(job.step, new Date());
    if (target === 'share') {
      await share(new File([made.blob], name, { type: 'image/jpeg' }), job, notify);
      return;
    }
    triggerDownload(made.blob, name);
    notify(job.done.kind, job.done.message);
  } catch (error) {
    tab?.close();
    notify('error', msg('{failure}: {reason}', { failure: asMessage(job.failure), reason: shownOf(error) }));
  } finally {
    job.busy(false);
  }
}

export type Shared = 'shared' | 'cancelled' | 'needsTap' | 'cannot';

/** One try of the share sheet with the files. */
export async function openShareSheet(files: File[]): Promise<Shared> {
  const data = { files };
  if (!navigator.canShare(data)) return 'cannot';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    // The user closed the sheet: not an error.
    if (name === 'AbortError') return 'cancelled';
    // No user activation left (making the file outlasted the click's): the next tap opens the sheet.
    if (name === 'NotAllowedError') return 'needsTap';
    console.warn('Sharing the image failed:', error);
    return 'cannot';
  }
}

/**
 * Hands the made file to the share sheet, and says how it went. Nothing is lost when the sheet cannot
 * open: a notification keeps the file for a tap that shares it, and where the browser cannot share it at
 * all it goes the spec's way (a download, or on iOS the tab).
 */
async function share(file: File, job: SaveJob, notify: Notify): Promise<void> {
  switch (await openShareSheet([file])) {
    case 'shared':
      // A save's warning (saved at the preview size) still holds; else the share is the news.
      if (job.done.kind === 'success') notify('success', SHARED_MESSAGE);
      else notify(job.done.kind, job.done.message);
      return;
    case 'cancelled':
      notify('info', SHARE_CANCELLED_MESSAGE);
      return;
    case 'needsTap':
      notify('info', SHARE_TAP_MESSAGE, TAP_DURATION_MS, {
        label: msg('Share'),
        run: () => void share(file, job, notify),
      });
      return;
    case 'cannot':
      withoutShareSheet(file, job, notify);
      return;
  }
}

/** The spec's save for a file the share sheet would not take: a download, or on iOS the tab (on a tap). */
function withoutShareSheet(file: File, job: SaveJob, notify: Notify): void {
  if (!isIos(navigator.userAgent, navigator.maxTouchPoints)) {
    triggerDownload(file, file.name);
    notify(job.done.kind, job.done.message);
    return;
  }
  // The click's activation is gone: the tab opens from the next tap.
  notify('info', OPEN_TAP_MESSAGE, TAP_DURATION_MS, {
    label: msg('Open'),
    run: () => {
      const url = URL.createObjectURL(file);
      if (window.open(url, '_blank')) {
        notify('success', IOS_SAVE_MESSAGE, IOS_MESSAGE_DURATION_MS);
      } else {
        URL.revokeObjectURL(url);
        notify('error', SAVE_TAB_BLOCKED);
      }
    },
  });
}

/** What the saves need from the editor. */
export interface SaveHost {
  readonly store: Store;
  client(): EngineClient | null;
  state(): EditorState;
  /** The photo as loaded. */
  source(): Source | null;
  /** A copy of a painted mask the edit names (the worker takes it). */
  maskCopy(id: string): Promise<ImageBitmap | null>;
  notify: Notify;
  /** After a failed full-resolution save: whether the engine was lost and has come back with the image. */
  engineWasRestored(): Promise<boolean>;
  /**
   * Sends the worker what it has not had yet of the edit on screen (typed frame text waiting for the
   * typing to rest), before an image is read from it.
   */
  catchUp(): void;
}

const NOT_READY = msg('Image processor not ready.');
const NO_DATA = msg('Failed to generate image data.');

/** The photo's saves: at 1080 px (the spec's), or at the original's size. */
export class PhotoSaver {
  /** Cancel was pressed during the running full-resolution save (also while the engine was restored). */
  private cancelled = false;

  constructor(private readonly host: SaveHost) {}

  /** Whether a save runs now (a click then is ignored: one save at a time). */
  get running(): boolean {
    const store = this.host.store;
    return store.get(savingAtom) || store.get(exportProgressAtom) !== null;
  }

  save(): Promise<void> {
    return this.host.store.get(fullResolutionAtom) ? this.saveFullResolution() : this.savePreviewSize();
  }

  /**
   * The saved JPEG with the photo's date taken, when 'Keep the date taken' is on and the photo has one;
   * where it has none, the save's news becomes the warning that says so.
   */
  private async withDate(saved: Blob, done: SaveJob['done']): Promise<Blob> {
    const source = this.host.source();
    if (!this.host.store.get(keepDateAtom) || !source) return saved;
    const { blob, dated } = await keepDateTaken(saved, source.file);
    if (!dated && done.kind === 'success') {
      done.kind = 'warning';
      done.message = NO_DATE_TAKEN_MESSAGE;
    }
    return blob;
  }

  /** Stops a running full-resolution save. */
  cancel(): void {
    if (this.host.store.get(exportProgressAtom) === null) return;
    this.cancelled = true;
    this.host.client()?.cancelExport();
  }

  /** The spec's save: the current image with its long side at 1080 px. */
  private async savePreviewSize(successWarning?: string): Promise<void> {
    const state = this.host.state();
    const client = this.host.client();
    if (!client || !canRequestImage(state)) {
      this.host.notify('error', NOT_READY);
      return;
    }
    const done: SaveJob['done'] = successWarning
      ? { kind: 'warning', message: successWarning }
      : { kind: 'success', message: msg('Download started!') };
    await runSave(
      {
        preparing: msg('Preparing image...'),
        make: async () => {
          // The worker's messages are taken in order: the print it gives has the text just typed.
          this.host.catchUp();
          const { blob } = await client.requestImageData(
            0.9,
            exportLongSide(state.processingWidth, state.processingHeight),
          );
          return blob ? { blob: await this.withDate(blob, done) } : { failed: NO_DATA };
        },
        step: savedStep(state),
        done,
        failure: msg('Download failed'),
        busy: (on) => this.host.store.set(savingAtom, on),
      },
      this.host.notify,
    );
  }

  /**
   * The size a full-resolution save writes: the original's, or, once a collage is part of the image (no
   * full-resolution replay exists for it), the size the save then falls back to.
   */
  fullResolutionSize(): { width: number; height: number } | null {
    const state = this.host.state();
    const { originalWidth, originalHeight, processingWidth, processingHeight } = state;
    const edit = editOnScreen(state);
    if (!hasImage(edit)) {
      const { crop, frame } = edit;
      if (crop) return framedSize(frame, croppedSize(crop.geometry));
      return originalWidth && originalHeight
        ? framedSize(frame, { width: originalWidth, height: originalHeight })
        : null;
    }
    const long = exportLongSide(processingWidth, processingHeight);
    if (!long || !processingWidth || !processingHeight) return null;
    const scale = long / Math.max(processingWidth, processingHeight);
    return { width: Math.round(processingWidth * scale), height: Math.round(processingHeight * scale) };
  }

  /**
   * The image's effects run again on the original at its own size, in the worker, which hands
   * back the JPEG; the page holds only the file and the result.
   */
  private async saveFullResolution(): Promise<void> {
    const { store } = this.host;
    const state = this.host.state();
    const client = this.host.client();
    const source = this.host.source();
    if (!client || !canRequestImage(state) || !source) {
      this.host.notify('error', NOT_READY);
      return;
    }
    const edit = editOnScreen(state);
    if (hasImage(edit)) {
      await this.savePreviewSize(
        'Saved at the preview size: full resolution is not available after a collage.',
      );
      return;
    }
    const tileLimit = this.host.store.get(tileLimitAtom);
    // A crop in force: the steps run on the crop of the original, which the preview made at its own
    // processing size.
    const crop = edit.crop?.geometry;
    const cropped = crop ? croppedSize(crop) : null;
    const processing = cropped ? processingSize(cropped.width, cropped.height) : source.processing;
    const exportWith = async (engine: EngineClient) => {
      // The page keeps its masks (for the history); the worker gets copies.
      const steps = await exportSteps(effectsAfterImage(edit).effects, (id) => this.host.maskCopy(id));
      return engine.exportFullResolution({
        file: source.file,
        processing,
        steps,
        ...(crop ? { crop } : {}),
        frame: edit.frame,
        quality: 0.9,
        ...(tileLimit ? { tileLimit } : {}),
        onProgress: (fraction) => {
          if (store.get(exportProgressAtom) !== null) store.set(exportProgressAtom, fraction);
        },
      });
    };
    this.cancelled = false;
    const done: SaveJob['done'] = { kind: 'success', message: msg('Download started!') };
    await runSave(
      {
        preparing: msg('Preparing full-resolution image...'),
        make: async () => {
          let result = await exportWith(client);
          // The GPU was lost or the worker died during the save: once the editor has brought the engine
          // back with the image, the save runs again (once), rather than failing for something the user
          // did not do.
          if (!result.blob && !result.cancelled && !this.cancelled && (await this.host.engineWasRestored())) {
            store.set(exportProgressAtom, 0);
            const restored = this.host.client();
            if (restored && !this.cancelled) result = await exportWith(restored);
          }
          if (result.blob) return { blob: await this.withDate(result.blob, done) };
          if (result.cancelled || this.cancelled)
            return { cancelled: msg('Full-resolution save cancelled.') };
          if (result.error) console.error(`Full-resolution export failed: ${english(result.error)}`);
          return { failed: NO_DATA };
        },
        step: savedStep(state),
        done,
        failure: msg('Download failed'),
        busy: (on) => store.set(exportProgressAtom, on ? 0 : null),
      },
      this.host.notify,
    );
  }
}
