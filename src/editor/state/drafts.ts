import { atom } from '../editor-jotai.ts';
import type { SettingsRecord } from './editor-state.ts';

/**
 * Setting changes made while the worker is busy. The spec blocks setting changes during LoadingImage and
 * ApplyingEffect; rather than snapping a dragged slider back, the UI keeps the latest value here and hands
 * it over once the worker settles (the latest value wins).
 */
export const draftSettingsAtom = atom<SettingsRecord>({});
