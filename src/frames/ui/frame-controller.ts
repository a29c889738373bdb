/**
 * The frame choice's side of the editor: when the choice is open, the edit's frame (a version of the
 * edit's history each change, one per visit to the choice), and the worker told of it (`setFrame`):
 * typed text once the typing rests.
 */
import { atom } from '../../ui/jotai.ts';
import type { FeatureHost } from '../../session/host.ts';
import { committed, frameChosen } from '../../session/edit-state.ts';
import { checkedChoice, type FrameChoice } from '../../edit/frame.ts';

/** Whether the frame choice is open. */
export const frameOpenAtom = atom(false);

export type FrameHost = Pick<FeatureHost, 'store' | 'client' | 'state' | 'run'>;

/**
 * How long typing in the caption or the edge text must pause before the worker draws the print again: each
 * keystroke is shown in the field at once, the print once the typing rests.
 */
export const TEXT_QUIET_MS = 200;

/** The options typed a character at a time. */
const TYPED: readonly (keyof FrameChoice)[] = ['caption', 'edgeText'];

export class FrameController {
  /** A redraw waiting for the typing to rest. */
  private typing: ReturnType<typeof setTimeout> | null = null;
  /** Each visit to the choice is one version of the edit, whatever is changed in it. */
  private visit = 0;
  /** The change under way is typed text: the worker is told once the typing rests. */
  private typed = false;

  constructor(private readonly host: FrameHost) {}

  open(): void {
    this.visit++;
    this.host.store.set(frameOpenAtom, true);
  }

  close(): void {
    this.flush();
    this.host.store.set(frameOpenAtom, false);
  }

  /** Typed text still waiting for the typing to rest goes to the worker now (Done, a save reading the print). */
  flush(): void {
    if (this.typing === null) return;
    clearTimeout(this.typing);
    this.typing = null;
    this.tell();
  }

  get inForce(): FrameChoice {
    return committed(this.host.state()).frame;
  }

  /** Puts the photo in `choice`'s frame (checked: bad values become their defaults). */
  choose(choice: FrameChoice): void {
    this.typed = false;
    this.host.run((s) => frameChosen(s, checkedChoice(choice), `frame-${this.visit}`));
  }

  /**
   * Changes some of the frame's options, the frame kept. Typed text is in force at once (a save or a
   * recipe takes it) and reaches the worker once the typing rests.
   */
  change(patch: Partial<FrameChoice>): void {
    const keys = Object.keys(patch) as (keyof FrameChoice)[];
    if (keys.length === 0) return;
    const typed = keys.every((key) => TYPED.includes(key));
    const next = checkedChoice({ ...this.inForce, ...patch });
    this.typed = typed;
    this.host.run((s) => frameChosen(s, next, `frame-${this.visit}`));
    this.typed = false;
  }

  /** The edit's frame changed (a rule said so): the worker is told, typed text once the typing rests. */
  sync(): void {
    if (this.typing !== null) {
      clearTimeout(this.typing);
      this.typing = null;
    }
    if (this.typed) {
      this.typing = setTimeout(() => {
        this.typing = null;
        this.tell();
      }, TEXT_QUIET_MS);
      return;
    }
    this.tell();
  }

  private tell(): void {
    this.host.client()?.post({ type: 'setFrame', frame: this.inForce });
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
