/**
 * The editor's state in one atom, below the editor so that the features read what they need of it (the
 * edit's frame, its crop) as derived atoms rather than keeping copies.
 */
import { atom } from '../ui/jotai.ts';
import { initialEditorState, type EditorState } from './editor-state.ts';

export const editorStateAtom = atom<EditorState>(initialEditorState());
editorStateAtom.debugLabel = 'editorStateAtom';
