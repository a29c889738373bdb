import { atom } from '../editor-jotai.ts';

/** Save in progress: the Processing overlay stays until the worker returns the image data. */
export const savingAtom = atom(false);

/** The user holds before/after: the canvas shows the image before the current effect. */
export const showingOriginalAtom = atom(false);
