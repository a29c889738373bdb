/**
 * The editor's side of the thumbnails (issue 23): asks the worker for a new set whenever the base image
 * changes (a photo loaded, an edit applied, undone or redone), and keeps each thumbnail as an object URL
 * for the effect list and the look picker. A thumbnail stays until its replacement arrives, so the lists
 * never flash empty.
 */
import type { ThumbnailMessage, ToWorkerMessage } from '../engine/protocol.ts';
import type { Store } from './editor-jotai.ts';
import { thumbnailsAtom } from './state/ui.ts';

export class EditorThumbnails {
  private generation = 0;

  constructor(private readonly store: Store) {}

  /** A new set for the image now in the worker. */
  refresh(post: (message: ToWorkerMessage) => void): void {
    this.generation++;
    post({ type: 'renderThumbnails', generation: this.generation });
  }

  received(message: ThumbnailMessage): void {
    // One of an older set, for an image no longer shown.
    if (message.generation !== this.generation) return;
    const url = URL.createObjectURL(message.image);
    this.store.set(thumbnailsAtom, (all) => {
      const old = all[message.key];
      if (old) URL.revokeObjectURL(old);
      return { ...all, [message.key]: url };
    });
  }

  dispose(): void {
    for (const url of Object.values(this.store.get(thumbnailsAtom))) URL.revokeObjectURL(url);
    this.store.set(thumbnailsAtom, {});
  }
}
