/**
 * One jotai atom per editor state field (product spec section 3), each with its default, and one
 * write-only atom through which every transition goes: it reads the fields into an EditorState, applies
 * a pure transition, and writes back the fields that changed.
 */
import { atom, type PrimitiveAtom } from '../editor-jotai.ts';
import { initialEditorState, type EditorState } from './editor-state.ts';

type FieldAtoms = { [K in keyof EditorState]: PrimitiveAtom<EditorState[K]> };

function fieldAtoms(initial: EditorState): FieldAtoms {
  const atoms: Partial<Record<keyof EditorState, PrimitiveAtom<unknown>>> = {};
  for (const key of Object.keys(initial) as (keyof EditorState)[]) {
    const fieldAtom = atom<unknown>(initial[key]);
    fieldAtom.debugLabel = `${key}Atom`;
    atoms[key] = fieldAtom;
  }
  return atoms as FieldAtoms;
}

export const editorAtoms: FieldAtoms = fieldAtoms(initialEditorState());

export const workerStatusAtom = editorAtoms.workerStatus;
export const isImageReadyInWorkerAtom = editorAtoms.isImageReadyInWorker;
export const imageUrlAtom = editorAtoms.imageUrl;
export const pendingPreviewUrlAtom = editorAtoms.pendingPreviewUrl;
export const selectedEffectIdAtom = editorAtoms.selectedEffectId;
export const currentSettingsAtom = editorAtoms.currentSettings;
export const activeEffectIdAtom = editorAtoms.activeEffectId;
export const activeSettingsAtom = editorAtoms.activeSettings;
export const lastAppliedEffectIdAtom = editorAtoms.lastAppliedEffectId;
export const lastAppliedSettingsAtom = editorAtoms.lastAppliedSettings;
export const errorMessageAtom = editorAtoms.errorMessage;
export const originalWidthAtom = editorAtoms.originalWidth;
export const originalHeightAtom = editorAtoms.originalHeight;
export const processingWidthAtom = editorAtoms.processingWidth;
export const processingHeightAtom = editorAtoms.processingHeight;
export const pendingImageFileAtom = editorAtoms.pendingImageFile;
export const zoomLevelAtom = editorAtoms.zoomLevel;
export const isDrawingModeActiveAtom = editorAtoms.isDrawingModeActive;
export const blurBrushSizeAtom = editorAtoms.blurBrushSize;
export const collageConfigAtom = editorAtoms.collageConfig;
export const availableImageAssetsAtom = editorAtoms.availableImageAssets;
export const activeCollageBitmapAtom = editorAtoms.activeCollageBitmap;
export const engineAtom = editorAtoms.engine;
export const undoDepthAtom = editorAtoms.undoDepth;
export const redoDepthAtom = editorAtoms.redoDepth;

/** The whole state, read from the field atoms. */
export const editorStateAtom = atom((get) => {
  const state: Partial<EditorState> = {};
  for (const key of Object.keys(editorAtoms) as (keyof EditorState)[]) {
    (state as Record<string, unknown>)[key] = get(editorAtoms[key] as PrimitiveAtom<unknown>);
  }
  return state as EditorState;
});

export type Transition = (state: EditorState) => EditorState;

/** Applies a transition; returns the new state so callers can act on it in the same tick. */
export const transitionAtom = atom(null, (get, set, transition: Transition): EditorState => {
  const before = get(editorStateAtom);
  const after = transition(before);
  if (after === before) return before;
  for (const key of Object.keys(editorAtoms) as (keyof EditorState)[]) {
    if (!Object.is(before[key], after[key])) {
      set(editorAtoms[key] as PrimitiveAtom<unknown>, after[key]);
    }
  }
  return after;
});
