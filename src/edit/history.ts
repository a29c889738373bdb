/**
 * The edit's history: every version of the edit the user can go back to, with the change that made it
 * ('CCD', 'CCD: Bloom', 'Crop 4:5', 'Frame: Instant square', 'Recipe: Lake'). Undo and Redo move along
 * it; a new change drops what could have been redone. The page keeps it (the worker only renders the
 * version it is given), so it outlives a worker that is restarted. Pure.
 */
import { EMPTY_EDIT, type Edit } from './edit.ts';

/** What made a version of the edit, as Undo and Redo name it (and a saved file, for some). */
export type EditChange =
  /** A look added (`settings` absent) or a step's settings changed (their names). */
  | { readonly kind: 'effect'; readonly effectId: string; readonly settings?: readonly string[] }
  /** A step taken out: the look's effect id, or 'crop' / 'frame'. */
  | { readonly kind: 'remove'; readonly what: string }
  /** A crop: its step id ('crop-4-5', 'crop'), or 'crop-none' for one taken back to the whole photo. */
  | { readonly kind: 'crop'; readonly step: string }
  | { readonly kind: 'frame'; readonly frameId: string }
  | { readonly kind: 'recipe'; readonly name: string }
  /** A picture made on the page (the collage) replaced the edit before it. */
  | { readonly kind: 'image'; readonly effectId: string }
  /** The look a link brought. */
  | { readonly kind: 'link' };

export interface EditEntry {
  readonly edit: Edit;
  /** Null for the photo as loaded. */
  readonly change: EditChange | null;
  /**
   * Changes of one group made one after another are one entry (a caption typed a letter at a time, one
   * visit to the frame choice): the newer replaces the older.
   */
  readonly group?: string;
}

export interface EditHistory {
  readonly entries: readonly EditEntry[];
  /** The version in force: entries[position]. */
  readonly position: number;
}

/** Versions kept: older ones are let go (with the resources only they named). */
export const MAX_HISTORY = 50;

export function startHistory(edit: Edit = EMPTY_EDIT): EditHistory {
  return { entries: [{ edit, change: null }], position: 0 };
}

export function committedEdit(history: EditHistory): Edit {
  return history.entries[history.position]?.edit ?? EMPTY_EDIT;
}

/**
 * A new version of the edit, made by `change`. What could have been redone is dropped; a change of the
 * same `group` as the version in force, made right after it, replaces it instead of adding one.
 */
export function commitEdit(
  history: EditHistory,
  edit: Edit,
  change: EditChange,
  group?: string,
): EditHistory {
  const kept = history.entries.slice(0, history.position + 1);
  const top = kept.at(-1);
  const entry: EditEntry = group ? { edit, change, group } : { edit, change };
  if (group && top?.group === group && kept.length > 1) kept[kept.length - 1] = entry;
  else kept.push(entry);
  const entries = kept.length > MAX_HISTORY ? kept.slice(kept.length - MAX_HISTORY) : kept;
  return { entries, position: entries.length - 1 };
}

export function canUndo(history: EditHistory): boolean {
  return history.position > 0;
}

export function canRedo(history: EditHistory): boolean {
  return history.position < history.entries.length - 1;
}

export function undoHistory(history: EditHistory): EditHistory {
  return canUndo(history) ? { ...history, position: history.position - 1 } : history;
}

export function redoHistory(history: EditHistory): EditHistory {
  return canRedo(history) ? { ...history, position: history.position + 1 } : history;
}

/** The change Undo takes back, null with nothing to undo. */
export function undoChange(history: EditHistory): EditChange | null {
  return canUndo(history) ? (history.entries[history.position]?.change ?? null) : null;
}

/** The change Redo makes again. */
export function redoChange(history: EditHistory): EditChange | null {
  return history.entries[history.position + 1]?.change ?? null;
}

/** Every version kept (for the resources they name). */
export function allEdits(history: EditHistory): Edit[] {
  return history.entries.map((entry) => entry.edit);
}

/**
 * What a saved file is named after (spec: the effect id, else 'original'): the last change in force that
 * names a look, a crop, a recipe or a collage; frames and removals name none.
 */
export function fileStep(history: EditHistory): string | null {
  for (let i = history.position; i > 0; i--) {
    const change = history.entries[i]?.change;
    if (!change) continue;
    switch (change.kind) {
      case 'effect':
      case 'image':
        return change.effectId;
      case 'crop':
        if (change.step !== 'crop-none') return change.step;
        continue;
      case 'recipe':
        return 'recipe';
      default:
        continue;
    }
  }
  return null;
}
