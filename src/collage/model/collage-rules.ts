/** Spec sections 4, 5 and 9: the collage's canvas size and its config changes, assets and commit. Pure. */
import type { CollageConfig, ImageAsset } from '../../session/collage-state.ts';
import { MAIN_PROCESSED_IMAGE } from './types.ts';
import {
  type EditorState,
  type Outcome,
  errorReceived,
  isBusy,
  isCollage,
  isSettled,
  none,
  warn,
} from '../../session/editor-state.ts';
import { msg, type Message } from '../../i18n/msg.ts';
import { COMMIT_COLLAGE_TEMPLATE } from '../../i18n/templates.ts';

// ---------------------------------------------------------------- collage sizing

/** Spec sections 5 and 9: the collage canvas is 200-800 px a side, 400 px for a square. */
export const COLLAGE_MIN_SIDE = 200;
export const COLLAGE_MAX_SIDE = 800;
export const COLLAGE_DEFAULT_SIDE = 400;

/** The collage canvas for an image's aspect ratio (square 400x400 when the size is unknown). */
export function collageCanvasFor(
  width: number | null,
  height: number | null,
): { actualCanvasWidth: number; actualCanvasHeight: number } {
  if (!width || !height)
    return { actualCanvasWidth: COLLAGE_DEFAULT_SIDE, actualCanvasHeight: COLLAGE_DEFAULT_SIDE };
  const aspect = width / height;
  const clamp = (v: number) => Math.round(Math.min(COLLAGE_MAX_SIDE, Math.max(COLLAGE_MIN_SIDE, v)));
  return aspect >= 1
    ? { actualCanvasWidth: clamp(COLLAGE_DEFAULT_SIDE * aspect), actualCanvasHeight: COLLAGE_DEFAULT_SIDE }
    : { actualCanvasWidth: COLLAGE_DEFAULT_SIDE, actualCanvasHeight: clamp(COLLAGE_DEFAULT_SIDE / aspect) };
}

// ---------------------------------------------------------------- collage

/**
 * A change to the open collage's config (a preset, the canvas size, the background, a slot's photo). Only
 * while the collage is selected and the worker is not busy; a change that returns the same config (or
 * null) changes nothing.
 */
export function collageChanged(
  state: EditorState,
  change: (config: CollageConfig) => CollageConfig | null,
): Outcome {
  if (!isCollage(state.selectedEffectId) || !state.collageConfig)
    return warn(state, 'Collage change ignored: the collage is not open');
  if (isBusy(state)) return warn(state, 'Collage change ignored: the worker is busy');
  const next = change(state.collageConfig);
  if (!next || next === state.collageConfig) return none(state);
  return none({ ...state, collageConfig: next });
}

/** An image the collage can place joins the asset list (an asset with the same id is replaced). */
export function collageAssetAdded(state: EditorState, asset: ImageAsset): EditorState {
  const others = state.availableImageAssets.filter((a) => a.id !== asset.id);
  // The main image leads the list; added images follow in the order they came.
  const assets = asset.id === MAIN_PROCESSED_IMAGE ? [asset, ...others] : [...others, asset];
  return { ...state, availableImageAssets: assets };
}

/** Committing a collage: needs the collage open with a config, and the status ImageReady or effectComplete. */
export function collageCommitStarted(state: EditorState): Outcome {
  if (!isCollage(state.selectedEffectId) || !state.collageConfig)
    return warn(state, 'Collage commit ignored: the collage is not open');
  if (!isSettled(state)) return warn(state, 'Collage commit ignored: the worker is not ready or busy');
  return none({ ...state, workerStatus: 'ApplyingEffect', errorMessage: null });
}

/** 'Failed to commit collage: ...' with the status WorkerError. */
export function collageCommitFailed(state: EditorState, reason: Message): Outcome {
  return errorReceived(state, msg(COMMIT_COLLAGE_TEMPLATE, { reason }));
}
