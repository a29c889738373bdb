/** Spec section 4: zoom and the page coming back into view. Pure. */
import { type EditorState, type Outcome, ZOOM_LEVELS, isCollage, none } from '../../session/editor-state.ts';
import { msg, type Message } from '../../i18n/msg.ts';
import { ZOOM_TEMPLATE } from '../../i18n/templates.ts';

// ---------------------------------------------------------------- view

export function cycleZoom(state: EditorState): EditorState {
  if (!state.isImageReadyInWorker) return state;
  const index = ZOOM_LEVELS.indexOf(state.zoomLevel as (typeof ZOOM_LEVELS)[number]);
  const next = ZOOM_LEVELS[(index + 1) % ZOOM_LEVELS.length] ?? 1;
  return { ...state, zoomLevel: next };
}

/** The most a pinch or Ctrl+wheel zooms in (clicks cycle through ZOOM_LEVELS). */
export const MAX_ZOOM = 4;

/** Pinch and wheel zoom: any level from 1 to MAX_ZOOM, kept to two decimals. */
export function zoomTo(state: EditorState, level: number): EditorState {
  if (!state.isImageReadyInWorker || !Number.isFinite(level)) return state;
  const zoomLevel = Math.round(Math.min(MAX_ZOOM, Math.max(1, level)) * 100) / 100;
  return zoomLevel === state.zoomLevel ? state : { ...state, zoomLevel };
}

/**
 * The zoom indicator's text, or null when it is not shown: the spec's '1.5x Zoom' and '2x Zoom' for the
 * levels a click gives; a level reached by pinch or wheel reads as itself ('2.6x Zoom').
 */
export function zoomIndicatorText(state: EditorState): Message | null {
  if (state.zoomLevel <= 1 || !state.isImageReadyInWorker || isCollage(state.selectedEffectId)) return null;
  if (state.zoomLevel === 1.5) return msg(ZOOM_TEMPLATE, { zoom: 1.5 });
  if (ZOOM_LEVELS.includes(state.zoomLevel as (typeof ZOOM_LEVELS)[number]))
    return msg(ZOOM_TEMPLATE, { zoom: 2 });
  return msg(ZOOM_TEMPLATE, { zoom: Math.round(state.zoomLevel * 10) / 10 });
}

/**
 * Visibility: when the page becomes visible again, an image is loaded, and the worker is neither
 * initialising nor loading, the worker is told the app is visible.
 */
export function pageBecameVisible(state: EditorState): Outcome {
  if (!state.isImageReadyInWorker) return none(state);
  if (state.workerStatus === 'WorkerInitializing' || state.workerStatus === 'LoadingImage')
    return none(state);
  return { state, commands: [{ kind: 'post', message: { type: 'appVisible' } }] };
}
