/**
 * The crop tool's place in the editor: when it may open, what it opens on (the photo as loaded,
 * the original's size, the crop in force), and Done, which sends the crop to the engine as a history
 * step. The tool itself (CropTool.tsx) only edits a CropChoice.
 */
import { atom } from '../../ui/jotai.ts';
import type { FeatureHost } from '../../session/host.ts';
import { canRequestImage, type EditorState } from '../../session/editor-state.ts';
import { committed, cropChosen } from '../../session/edit-state.ts';
import { showOrPutBack } from '../../session/show-edit.ts';
import { hasImage } from '../../edit/edit.ts';
import { cropForPhoto, isNoCrop, noCrop } from '../model/crop-choice.ts';
import { ASPECTS, recipeOf, type CropChoice, type CropRecipe, type Size } from '../../edit/crop.ts';
import { windowAspect } from '../../frames/model/layout.ts';

/** The tool is open. */
export const cropOpenAtom = atom(false);

/** What the tool opens on. */
export interface CropToolInput {
  /** The photo as loaded, at the processing size (the editor's copy: the tool must not close it). */
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

export class CropController {
  constructor(private readonly host: FeatureHost) {}

  get isOpen(): boolean {
    return this.host.store.get(cropOpenAtom);
  }

  /** Opens the tool, or says why it cannot. */
  open(): void {
    const { host } = this;
    if (!canCrop(host.state()) || !this.input()) return;
    if (hasImage(committed(host.state()))) {
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
    const choice = committed(this.host.state()).crop;
    return choice ? recipeOf(choice) : null;
  }

  /** What the tool shows: null when no photo is loaded. */
  input(): CropToolInput | null {
    const source = this.host.photo();
    if (!source) return null;
    return {
      image: source.image,
      photo: source.original,
      initial:
        committed(this.host.state()).crop ?? this.frameWindow(source.original) ?? noCrop(source.original),
    };
  }

  /**
   * While a frame is on and nothing is cropped, the tool starts on the frame's window aspect (the
   * nearest of its aspects, within 1.5 %), so the user frames what the print will show.
   */
  private frameWindow(photo: Size): CropChoice | null {
    const ratio = windowAspect(committed(this.host.state()).frame.id);
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

  /**
   * Done: the crop becomes the edit's (a version of the history; nothing happens when nothing changed).
   * The look being adjusted stays open, shown on the new crop.
   */
  async apply(choice: CropChoice): Promise<void> {
    const { host } = this;
    this.close();
    const source = host.photo();
    if (!source) return;
    // What is in force (not the tool's start, which a frame's window aspect may have set).
    const state = host.state();
    const before = committed(state).crop ?? noCrop(source.original);
    if (sameChoice(before, choice) || !canCrop(state)) return;
    const crop = isNoCrop(choice, source.original) ? null : choice;
    host.run((s) => cropChosen(s, crop));
    await showOrPutBack(host, state);
  }
}

function sameChoice(a: CropChoice, b: CropChoice): boolean {
  return JSON.stringify(a.geometry) === JSON.stringify(b.geometry);
}
