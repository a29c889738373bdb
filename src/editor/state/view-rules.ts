/** Spec section 4: zoom and the page coming back into view. Pure. */
import { type EditorState, type Outcome, ZOOM_LEVELS, isCollage, none } from './editor-state.ts';

// ---------------------------------------------------------------- view

export function cycleZoom(state: EditorState): EditorState {
  if (!state.isImageReadyInWorker) return state;
  const index = ZOOM_LEVELS.indexOf(state.zoomLevel as (typeof ZOOM_LEVELS)[number]);
  const next = ZOOM_LEVELS[(index + 1) % ZOOM_LEVELS.length] ?? 1;
  return { ...state, zoomLevel: next };
}

/** The zoom indicator's text, or null when it is not shown. */
export function zoomIndicatorText(state: EditorState): string | null {
  if (state.zoomLevel <= 1 || !state.isImageReadyInWorker || isCollage(state.selectedEffectId)) return null;
  return state.zoomLevel === 1.5 ? '1.5x Zoom' : '2x Zoom';
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
