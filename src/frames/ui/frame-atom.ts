/**
 * The edit's frame (the version in force): shown around the photo, saved with it, carried by batches,
 * links and recipes. Read from the editor's state, never kept apart from the edit.
 */
import { atom } from '../../ui/jotai.ts';
import { editorStateAtom } from '../../session/state-atom.ts';
import { committed } from '../../session/edit-state.ts';

export const frameAtom = atom((get) => committed(get(editorStateAtom)).frame);
