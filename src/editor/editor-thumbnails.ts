/**
 * The editor's side of the thumbnails: asks the worker for a new set whenever the base image
 * changes (a photo loaded, an edit applied, undone or redone), and keeps each thumbnail's pixels for the
 * effect list and the look picker (drawn on canvases: nothing is encoded or decoded). A thumbnail stays
 * until its replacement arrives, so the lists never flash empty.
 */
import type { RecipeThumbnailJob, ThumbnailMessage, ToWorkerMessage } from '../engine/protocol.ts';
import type { Store } from '../ui/jotai.ts';
import { thumbnailsAtom } from '../ui/atoms.ts';

export class EditorThumbnails {
  private generation = 0;
  /** The recipes' thumbnails asked for with each set (src/recipes). */
  private recipes: RecipeThumbnailJob[] = [];

  constructor(private readonly store: Store) {}

  /** The recipes whose thumbnails each set holds from now on. */
  setRecipes(recipes: RecipeThumbnailJob[]): void {
    this.recipes = recipes;
  }

  /** A new set for the image now in the worker. */
  refresh(post: (message: ToWorkerMessage) => void): void {
    this.generation++;
    const recipes = this.recipes.length > 0 ? { recipes: this.recipes } : {};
    post({ type: 'renderThumbnails', generation: this.generation, ...recipes });
  }

  received(message: ThumbnailMessage): void {
    // One of an older set, for an image no longer shown.
    if (message.generation !== this.generation) return;
    const image = new ImageData(new Uint8ClampedArray(message.pixels.buffer), message.width, message.height);
    this.store.set(thumbnailsAtom, (all) => ({
      ...all,
      ...Object.fromEntries(message.keys.map((key) => [key, image])),
    }));
  }

  dispose(): void {
    this.store.set(thumbnailsAtom, {});
  }
}
