/**
 * The crop tool's place in the editor: when it may open, what it opens on (the photo as loaded,
 * the original's size, the crop in force), and Done, which sends the crop to the engine as a history
 * step. The tool itself (CropTool.tsx) only edits a CropChoice.
 */
import { atom } from '../../ui/jotai.ts';
import type { FeatureHost } from '../../features/host.ts';
import {
  canRequestImage,
  errorReceived,
  type EditorState,
  type Outcome,
} from '../../features/editor-state.ts';
import { cleanMessage, ENGINE_STOPPED, WorkerReplyError } from '../../engine/client/engine-client.ts';
import type { WorkerStatus } from '../../engine/protocol.ts';
import { cropForPhoto, noCrop, recipeOf, type CropChoice, type CropRecipe } from '../model/crop-choice.ts';
import { ASPECTS, type Size } from '../model/geometry.ts';
import { frameAtom } from '../../frames/ui/frame-atom.ts';
import { windowAspect } from '../../frames/model/layout.ts';

/** The tool is open. */
export const cropOpenAtom = atom(false);

/** What the tool opens on. */
export interface CropToolInput {
  /** The photo as loaded, at the processing size (the log's copy: the tool must not close it). */
  image: ImageBitmap;
  /** The original's size, upright. */
  photo: Size;
  initial: CropChoice;
}

export const CROP_AFTER_COLLAGE = 'A collage cannot be cropped: crop the photos before making it.';

/** The crop's rule: the photo can be cropped when the editor is settled with an image. */
export function canCrop(state: EditorState): boolean {
  return canRequestImage(state);
}

/** Done: the worker is busy with the crop until its commitSuccess. */
export function cropStarted(state: EditorState): Outcome {
  return { state: { ...state, workerStatus: 'ApplyingEffect' }, commands: [] };
}

/**
 * The worker answered the crop with an error: it made nothing and still shows what it showed, so the
 * editor goes back to the status it had, its photo and history as they were, and says why.
 */
export function cropRefused(state: EditorState, before: WorkerStatus, message: string): Outcome {
  return {
    state: { ...state, workerStatus: before },
    commands: [{ kind: 'notify', level: 'error', message }],
  };
}

/** What the crop needs of the editor beyond what every feature gets. */
export interface CropHost extends FeatureHost {
  /** Sends the crop to the engine as a step of the history (and of the recovery log). */
  crop(choice: CropChoice): Promise<void>;
}

export class CropController {
  constructor(private readonly host: CropHost) {}

  get isOpen(): boolean {
    return this.host.store.get(cropOpenAtom);
  }

  /** Opens the tool, or says why it cannot. */
  open(): void {
    const { host } = this;
    if (!canCrop(host.state()) || !this.input()) return;
    if (!host.photo.effectsSinceLoad()) {
      host.notify('warning', CROP_AFTER_COLLAGE);
      return;
    }
    host.store.set(cropOpenAtom, true);
  }

  close(): void {
    this.host.store.set(cropOpenAtom, false);
  }

  /** The crop in force, as a look link carries it. */
  inForce(): CropRecipe | null {
    const choice = this.host.photo.crop();
    return choice ? recipeOf(choice) : null;
  }

  /** What the tool shows: null when no photo is loaded. */
  input(): CropToolInput | null {
    const source = this.host.photo.source;
    if (!source) return null;
    return {
      image: source.image,
      photo: source.original,
      initial: this.host.photo.crop() ?? this.frameWindow(source.original) ?? noCrop(source.original),
    };
  }

  /**
   * While a frame is on and nothing is cropped, the tool starts on the frame's window aspect (the
   * nearest of its aspects, within 1.5 %), so the user frames what the print will show.
   */
  private frameWindow(photo: Size): CropChoice | null {
    const ratio = windowAspect(this.host.store.get(frameAtom).id);
    if (!ratio) return null;
    const aspect = ASPECTS.find((a) => a.ratio !== null && Math.abs(a.ratio / ratio - 1) < 0.015);
    if (!aspect) return null;
    const start = {
      aspect: aspect.id,
      aspectTurned: false,
      turns: 0,
      flipH: false,
      flipV: false,
      angle: 0,
    } as const;
    return cropForPhoto(start, photo);
  }

  /** A look link's crop on the photo on screen: true when a crop was started. */
  applyRecipe(recipe: CropRecipe): boolean {
    const input = this.input();
    if (!input || !canCrop(this.host.state())) return false;
    void this.apply(cropForPhoto(recipe, input.photo));
    return true;
  }

  /** Done: the crop becomes a step of the history (nothing happens when nothing changed). */
  async apply(choice: CropChoice): Promise<void> {
    const { host } = this;
    this.close();
    // What is in force (not the tool's start, which a frame's window aspect may have set).
    const source = this.host.photo.source;
    const before = source ? (this.host.photo.crop() ?? noCrop(source.original)) : undefined;
    if (before && sameChoice(before, choice)) return;
    if (!canCrop(host.state())) return;
    const status = host.state().workerStatus;
    host.run(cropStarted);
    try {
      await host.crop(choice);
    } catch (error) {
      if (error instanceof WorkerReplyError)
        host.run((s) => cropRefused(s, status, cleanMessage(error.message)));
      // A worker that stopped is restarted with the log, which says so: nothing to add here.
      else if (!(error instanceof Error && error.message === ENGINE_STOPPED))
        host.run((s) => errorReceived(s, error instanceof Error ? error.message : String(error)));
    }
  }
}

function sameChoice(a: CropChoice, b: CropChoice): boolean {
  return JSON.stringify(a.geometry) === JSON.stringify(b.geometry);
}
