import { atom } from '../../ui/jotai.ts';
import type { SettingsRecord } from '../../session/editor-state.ts';

/**
 * Setting changes made while the worker is busy. The spec blocks setting changes during LoadingImage and
 * ApplyingEffect; rather than snapping a dragged slider back, the UI keeps the latest value here and hands
 * it over once the worker settles (the latest value wins).
 */
export const draftSettingsAtom = atom<SettingsRecord>({});

/**
 * An effect chosen while the worker was busy: the spec blocks selection then; the UI keeps the latest
 * choice and selects it once the worker settles, so a quick run of clicks ends on the last one.
 */
export const draftEffectAtom = atom<string | null>(null);
