import { atom } from './jotai.ts';
import type { EngineKind } from '../engine/protocol.ts';

/** Save in progress: the Processing overlay stays until the worker returns the image data. */
export const savingAtom = atom(false);

/** Save writes the image at its original size instead of the preview's. */
export const fullResolutionAtom = atom(false);

/**
 * Saves carry the photo's date taken (EXIF DateTimeOriginal, and its offset), nothing else. Off
 * by default; remembered while the app is open (`rememberedSaveOptions`), across visits to the editor.
 */
export const keepDateAtom = atom(false);

/**
 * The options that outlive one editor (whose store is made when it opens): the save's, and the engine the
 * user chose (null: Automatic), for the rest of the visit.
 */
export const rememberedSaveOptions: { keepDate: boolean; engine: EngineKind | null } = {
  keepDate: false,
  engine: null,
};

/** The engine the user asked for in the editor (null: Automatic, the worker chooses). */
export const engineChoiceAtom = atom<EngineKind | null>(null);

/** A full-resolution save is running: how far it has come, 0..1; null when none is. */
export const exportProgressAtom = atom<number | null>(null);

/** The user holds before/after: the canvas shows the image before the current effect. */
export const showingOriginalAtom = atom(false);

/** Thumbnails of the photo with each effect and look, by key (src/effects/thumbnail-jobs.ts): their pixels. */
export const thumbnailsAtom = atom<Readonly<Record<string, ImageData>>>({});

/**
 * The day the photo on screen was taken (`YYYY-MM-DD`, its EXIF DateTimeOriginal), or null when it has
 * none: the date stamp shows it unless the user sets another day.
 */
export const photoTakenAtom = atom<string | null>(null);

/** Test option (`?tileLimit=`, with the test hooks): full-resolution saves use tiles no longer than this a side. */
export const tileLimitAtom = atom<number | null>(null);
