import { NO_SELECTION, type CollageSelection } from '../model/api.ts';
import { atom } from '../../ui/jotai.ts';

/** What is selected on the collage canvas: the collage panel shows the controls for it. */
export const collageSelectionAtom = atom<CollageSelection>(NO_SELECTION);
