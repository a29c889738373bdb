/**
 * The editor's state (product spec section 3) in one atom. The pure transitions of editor-state.ts make
 * each next state; the controller writes it here. Components read the slice they need (useEditorState),
 * so a change re-renders only the components whose slice changed.
 */
import { useMemo } from 'react';
import { selectAtom, useAtomValue } from '../../ui/jotai.ts';
import type { EditorState } from '../../session/editor-state.ts';
import { editorStateAtom } from '../../session/state-atom.ts';

export { editorStateAtom };

/** Equal when both hold the same values under the same keys (for slices made of several fields). */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * A slice of the editor's state. `select` must be stable (a module-level function), so that the slice's
 * atom is made once; `equal` says when a new slice is the same (shallow equality by default: a slice may
 * be an object of fields).
 */
export function useEditorState<T>(
  select: (state: EditorState) => T,
  equal: (a: T, b: T) => boolean = shallowEqual,
): T {
  const slice = useMemo(() => selectAtom(editorStateAtom, select, equal), [select, equal]);
  return useAtomValue(slice);
}
