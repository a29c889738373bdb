/** The frame in force in the editor: shown around the photo, saved with it, carried by batches and links. */
import { atom } from '../../ui/jotai.ts';
import { NO_FRAME, type FrameChoice } from '../model/choice.ts';

export const frameAtom = atom<FrameChoice>(NO_FRAME);
