/**
 * Saving: the spec's save at 1080 px, the full-resolution save (issue 7), and the one routine every save
 * (the collage's too) goes through: open the iOS tab inside the click, say it is preparing, make the
 * file, hand it over (a download, or the tab), and say how it went.
 */
import type { EngineClient } from '../engine/client/engine-client.ts';
import { savedFileName, triggerDownload } from './download.ts';
import type { Store } from './editor-jotai.ts';
import {
  exportLongSide,
  IOS_MESSAGE_DURATION_MS,
  IOS_SAVE_MESSAGE,
  openSaveTab,
  SAVE_TAB_BLOCKED,
} from './export.ts';
import type { RecoveryLog } from './recovery.ts';
import { canRequestImage, type EditorState } from './state/editor-state.ts';
import type { NotificationKind } from './state/notifications.ts';
import { exportProgressAtom, fullResolutionAtom, savingAtom } from './state/ui.ts';

export type Notify = (kind: NotificationKind, message: string, durationMs?: number) => void;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A file made for saving, or why there is none. */
/** What a saved photo is named after: the effect on screen, else the last step applied to the photo. */
export function savedStep(state: EditorState): string | null {
  return state.lastAppliedEffectId ?? state.undoStep;
}

export type Made = { blob: Blob } | { cancelled: string } | { failed: string };

export interface SaveJob {
  /** The info message while the file is made. */
  preparing: string;
  /** Makes the file. */
  make(): Promise<Made>;
  /** The step the file is named after (an effect id), null for the photo as loaded. */
  step: string | null;
  /** Said once the download has started. */
  done: { kind: NotificationKind; message: string };
  /** The error's prefix when making or handing over throws ('Download failed'). */
  failure: string;
  /** Marks the save as running, and then as over. */
  busy(on: boolean): void;
}

/**
 * Runs one save: iOS cannot download a blob, so the file opens in a new tab, which must be opened inside
 * the click (before any await); elsewhere it downloads.
 */
export async function runSave(job: SaveJob, notify: Notify): Promise<void> {
  const target = openSaveTab();
  if (target === 'blocked') {
    notify('error', SAVE_TAB_BLOCKED);
    return;
  }
  const tab = target === 'download' ? null : target;
  notify('info', job.preparing);
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
    triggerDownload(made.blob, savedFileName(job.step, new Date()));
    notify(job.done.kind, job.done.message);
  } catch (error) {
    tab?.close();
    notify('error', `${job.failure}: ${reason(error)}`);
  } finally {
    job.busy(false);
  }
}

/** What the saves need from the editor. */
export interface SaveHost {
  readonly store: Store;
  client(): EngineClient | null;
  state(): EditorState;
  readonly log: RecoveryLog;
  notify: Notify;
  /** Test option: the longest tile side of full-resolution saves. */
  tileLimit(): number | null;
  /** After a failed full-resolution save: whether the engine was lost and has come back with the image. */
  engineWasRestored(): Promise<boolean>;
}

const NOT_READY = 'Image processor not ready.';
const NO_DATA = 'Failed to generate image data.';

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
    await runSave(
      {
        preparing: 'Preparing image...',
        make: async () => {
          const { blob } = await client.requestImageData(
            0.9,
            exportLongSide(state.processingWidth, state.processingHeight),
          );
          return blob ? { blob } : { failed: NO_DATA };
        },
        step: savedStep(state),
        done: successWarning
          ? { kind: 'warning', message: successWarning }
          : { kind: 'success', message: 'Download started!' },
        failure: 'Download failed',
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
    const { originalWidth, originalHeight, processingWidth, processingHeight } = this.host.state();
    if (this.host.log.effectsSinceLoad()) {
      return originalWidth && originalHeight ? { width: originalWidth, height: originalHeight } : null;
    }
    const long = exportLongSide(processingWidth, processingHeight);
    if (!long || !processingWidth || !processingHeight) return null;
    const scale = long / Math.max(processingWidth, processingHeight);
    return { width: Math.round(processingWidth * scale), height: Math.round(processingHeight * scale) };
  }

  /**
   * Issue 7: the image's effects run again on the original at its own size, in the worker, which hands
   * back the JPEG; the page holds only the file and the result.
   */
  private async saveFullResolution(): Promise<void> {
    const { store, log } = this.host;
    const state = this.host.state();
    const client = this.host.client();
    const source = log.source;
    if (!client || !canRequestImage(state) || !source) {
      this.host.notify('error', NOT_READY);
      return;
    }
    const effects = log.effectsSinceLoad();
    if (!effects) {
      await this.savePreviewSize(
        'Saved at the preview size: full resolution is not available after a collage.',
      );
      return;
    }
    const tileLimit = this.host.tileLimit();
    const exportWith = async (engine: EngineClient) => {
      // The log keeps its masks (for recovery); the worker gets copies.
      const steps = await Promise.all(
        effects.map(async (step) => ({
          effectId: step.effectId,
          settings: step.settings,
          ...(step.mask ? { mask: await createImageBitmap(step.mask) } : {}),
        })),
      );
      return engine.exportFullResolution({
        file: source.file,
        processing: source.processing,
        steps,
        quality: 0.9,
        ...(tileLimit ? { tileLimit } : {}),
        onProgress: (fraction) => {
          if (store.get(exportProgressAtom) !== null) store.set(exportProgressAtom, fraction);
        },
      });
    };
    this.cancelled = false;
    await runSave(
      {
        preparing: 'Preparing full-resolution image...',
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
          if (result.blob) return { blob: result.blob };
          if (result.cancelled || this.cancelled) return { cancelled: 'Full-resolution save cancelled.' };
          if (result.error) console.error(`Full-resolution export failed: ${result.error}`);
          return { failed: NO_DATA };
        },
        step: savedStep(state),
        done: { kind: 'success', message: 'Download started!' },
        failure: 'Download failed',
        busy: (on) => store.set(exportProgressAtom, on ? 0 : null),
      },
      this.host.notify,
    );
  }
}
