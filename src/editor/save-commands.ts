/**
 * The editor's save commands (the action bar's and the batch panel's): one save at a time, the photo's,
 * the collage's or the batch's ('Apply to all'), the full-resolution and date options, and Cancel. The
 * saves themselves are in saving.ts and batch.ts.
 */
import type { CollageController } from '../collage/ui/collage-controller.ts';
import { BatchRunner, type BatchRecipe } from './batch.ts';
import type { Store } from '../ui/jotai.ts';
import type { EngineSession } from './engine-session.ts';
import { PhotoSaver, savedStep } from './saving.ts';
import type { EditorState } from '../session/editor-state.ts';
import { editOnScreen } from '../session/edit-state.ts';
import type { Notify } from '../ui/notifications.ts';
import { fullResolutionAtom, keepDateAtom, rememberedSaveOptions } from '../ui/atoms.ts';

export interface SaveParts {
  store: Store;
  session: EngineSession;
  state: () => EditorState;
  notify: Notify;
  collage: () => CollageController;
  /** What the worker has not had yet of the edit on screen goes to it now (saving.ts `SaveHost`). */
  catchUp: () => void;
}

export class SaveCommands {
  private readonly saver: PhotoSaver;
  /** The photos chosen together, and 'Apply to all'. */
  readonly batch: BatchRunner;

  constructor(private readonly parts: SaveParts) {
    const { store, session, state, notify } = parts;
    store.set(keepDateAtom, rememberedSaveOptions.keepDate);
    const client = () => session.client;
    const maskCopy = (id: string) => session.maskCopy(id);
    this.saver = new PhotoSaver({
      store,
      client,
      state,
      source: () => session.source,
      maskCopy,
      notify,
      engineWasRestored: () => session.engineWasRestored(),
      catchUp: parts.catchUp,
    });
    this.batch = new BatchRunner({
      store,
      client,
      edit: () => editOnScreen(state()),
      look: () => savedStep(state()),
      maskCopy,
      cubeFile: (hash) => session.cubeFile(hash),
      notify,
    });
  }

  /** One save at a time: a click while one runs is ignored (ten quick clicks give one file). */
  async save(): Promise<void> {
    // One export at a time: a batch's Cancel would also stop a save's (the worker cancels every export).
    if (this.saver.running || this.batch.running) return;
    const collage = this.parts.collage();
    if (collage.isOpen) return collage.save();
    return this.saver.save();
  }

  /**
   * 'Apply to all': the look on screen (or the recipe chosen) on every photo of the batch, at full size,
   * as one zip.
   */
  applyToAll(recipe: BatchRecipe | null = null): Promise<void> {
    if (this.saver.running) return Promise.resolve();
    return this.batch.run(recipe);
  }

  /** Stops a running batch (nothing is downloaded). */
  cancelBatch(): void {
    this.batch.cancel();
  }

  /** Stops a running full-resolution save. */
  cancelExport(): void {
    this.saver.cancel();
  }

  /** The size a full-resolution save writes now. */
  fullResolutionSize(): { width: number; height: number } | null {
    return this.saver.fullResolutionSize();
  }

  setFullResolution(on: boolean): void {
    this.parts.store.set(fullResolutionAtom, on);
  }

  /** 'Keep the date taken': remembered for the next editor while the app is open. */
  setKeepDate(on: boolean): void {
    rememberedSaveOptions.keepDate = on;
    this.parts.store.set(keepDateAtom, on);
  }
}
