/**
 * The committed images kept for undo and redo, each with the step that made it. Entries beyond
 * `MAX_HISTORY` and every redo entry a new step discards go back to the texture pool through `release`.
 */
import type { GpuTexture } from '../backend.ts';

/** Committed steps kept for undo (each is one processing-size texture on the GPU). */
export const MAX_HISTORY = 25;

/** A committed image kept for undo or redo, with the step that made it. */
export interface HistoryEntry {
  texture: GpuTexture;
  step: string | null;
}

export class History {
  private readonly undos: HistoryEntry[] = [];
  private readonly redos: HistoryEntry[] = [];

  constructor(private readonly release: (texture: GpuTexture) => void) {}

  /** A new committed step: `previous` (the base before it) can be undone to; nothing can be redone. */
  push(previous: HistoryEntry): void {
    this.undos.push(previous);
    while (this.undos.length > MAX_HISTORY) {
      const oldest = this.undos.shift();
      if (oldest) this.release(oldest.texture);
    }
    for (const entry of this.redos.splice(0)) this.release(entry.texture);
  }

  /**
   * Steps back (`undo`) or forward: returns the entry to make the base, and keeps `current` (the base now)
   * on the other side.
   */
  step(direction: 'undo' | 'redo', current: HistoryEntry): HistoryEntry {
    const [from, to] = direction === 'undo' ? [this.undos, this.redos] : [this.redos, this.undos];
    const entry = from.pop();
    if (!entry) throw new Error('Nothing to step to');
    to.push(current);
    return entry;
  }

  clear(): void {
    for (const entry of [...this.undos.splice(0), ...this.redos.splice(0)]) this.release(entry.texture);
  }

  /** What the page shows of the history; `baseStep` made the base (the step an undo takes back). */
  depths(baseStep: string | null) {
    return {
      undoDepth: this.undos.length,
      redoDepth: this.redos.length,
      undoStep: this.undos.length > 0 ? baseStep : null,
      redoStep: this.redos.at(-1)?.step ?? null,
    };
  }
}
