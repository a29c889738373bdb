import { NO_SELECTION, type CollageSelection } from '../../collage/api.ts';
import { atom } from '../editor-jotai.ts';

/** Save in progress: the Processing overlay stays until the worker returns the image data. */
export const savingAtom = atom(false);

/** The user holds before/after: the canvas shows the image before the current effect. */
export const showingOriginalAtom = atom(false);

/** What is selected on the collage canvas: the collage panel shows the controls for it. */
export const collageSelectionAtom = atom<CollageSelection>(NO_SELECTION);
