/**
 * The frame choice's side of the editor: when the choice is open, the frame in force (frameAtom), and
 * the worker told of it (`setFrame`): once each worker, whenever it changes, and again after a recovery.
 */
import type { EngineClient } from '../../engine/client/engine-client.ts';
import { atom, type Store } from '../../ui/jotai.ts';
import { checkedChoice, NO_FRAME, type FrameChoice } from '../model/choice.ts';
import { frameAtom } from './frame-atom.ts';

/** Whether the frame choice is open. */
export const frameOpenAtom = atom(false);

export interface FrameHost {
  store: Store;
  client(): EngineClient | null;
}

/**
 * How long typing in the caption or the edge text must pause before the worker draws the print again: each
 * keystroke is shown in the field at once, the print once the typing rests.
 */
export const TEXT_QUIET_MS = 200;

/** The options typed a character at a time. */
const TYPED: readonly (keyof FrameChoice)[] = ['caption', 'edgeText'];

export class FrameController {
  /** The worker last told, and what it was told. */
  private told: { client: EngineClient; frame: FrameChoice } | null = null;
  /** A redraw waiting for the typing to rest. */
  private typing: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly host: FrameHost) {}

  open(): void {
    this.host.store.set(frameOpenAtom, true);
  }

  close(): void {
    this.host.store.set(frameOpenAtom, false);
  }

  get inForce(): FrameChoice {
    return this.host.store.get(frameAtom);
  }

  /** Puts the photo in `choice`'s frame (checked: bad values become their defaults). */
  choose(choice: FrameChoice): void {
    this.host.store.set(frameAtom, checkedChoice(choice));
    this.sync();
  }

  /**
   * Changes some of the frame's options, the frame kept. Typed text is in force at once (a save or a
   * recipe takes it) and reaches the worker once the typing rests.
   */
  change(patch: Partial<FrameChoice>): void {
    const keys = Object.keys(patch) as (keyof FrameChoice)[];
    if (keys.length === 0 || !keys.every((key) => TYPED.includes(key))) {
      this.choose({ ...this.inForce, ...patch });
      return;
    }
    this.host.store.set(frameAtom, checkedChoice({ ...this.inForce, ...patch }));
    if (this.typing !== null) clearTimeout(this.typing);
    this.typing = setTimeout(() => {
      this.typing = null;
      this.sync();
    }, TEXT_QUIET_MS);
  }

  /** Tells the worker the frame, if it does not know it yet (a new worker, a change). */
  sync(force = false): void {
    if (this.typing !== null) {
      clearTimeout(this.typing);
      this.typing = null;
    }
    const client = this.host.client();
    const frame = this.inForce;
    if (!client) return;
    const known = this.told?.client === client ? this.told.frame : NO_FRAME;
    if (!force && known === frame) return;
    client.post({ type: 'setFrame', frame });
    this.told = { client, frame };
  }

  /** The photo on screen (for the choice's thumbnails), or null when there is none. */
  async photo(): Promise<ImageBitmap | null> {
    const client = this.host.client();
    if (!client) return null;
    try {
      const { image } = await client.request({ type: 'requestImageBitmap', source: 'current' });
      return image;
    } catch {
      return null;
    }
  }
}
