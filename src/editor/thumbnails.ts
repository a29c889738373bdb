/**
 * The editor's side of the thumbnails (issue 23): asks the worker for a new set whenever the base image
 * changes (a photo loaded, an edit applied, undone or redone), and keeps each thumbnail's pixels for the
 * effect list and the look picker (drawn on canvases: nothing is encoded or decoded). A thumbnail stays
 * until its replacement arrives, so the lists never flash empty.
 */
import type { ThumbnailMessage, ToWorkerMessage } from '../engine/protocol.ts';
import type { Store } from './editor-jotai.ts';
import { thumbnailsAtom } from './state/ui.ts';

export class EditorThumbnails {
  private generation = 0;

  constructor(private readonly store: Store) {}

  /**
   * A new set for the image now in the worker, asked for once the page has drawn two frames since: the
   * photo is on screen before any thumbnail work starts (Firefox's compositor shares the GPU process
   * with the worker's drawing, and a set started at once kept the photo black for seconds).
   */
  refresh(post: (message: ToWorkerMessage) => void): void {
    const generation = ++this.generation;
    const ask = () => {
      if (generation === this.generation) post({ type: 'renderThumbnails', generation });
    };
    if (typeof requestAnimationFrame !== 'function') return ask();
    requestAnimationFrame(() => requestAnimationFrame(ask));
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
