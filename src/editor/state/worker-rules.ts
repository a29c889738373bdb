/** Spec section 4: the worker's status messages, its errors and its start. Pure; tested rule by rule. */
import { type StatusMessage } from '../../engine/protocol.ts';
import { type EditorState, type Outcome, errorReceived, isCollage, none, warn } from './editor-state.ts';
import { takePendingFile } from './image-rules.ts';

// ---------------------------------------------------------------- worker lifecycle

/** Initialising the worker sets WorkerInitializing and clears the error. */
export function workerInitStarted(state: EditorState): EditorState {
  return { ...state, workerStatus: 'WorkerInitializing', errorMessage: null };
}

/** Any error message, or a WorkerError status, sets the error, the status WorkerError, and clears the active effect. */

/** The worker's status messages, one rule per status (spec section 4). */
export function statusReceived(state: EditorState, message: StatusMessage): Outcome {
  const history =
    message.undoDepth !== undefined && message.redoDepth !== undefined
      ? { undoDepth: message.undoDepth, redoDepth: message.redoDepth }
      : {};
  switch (message.status) {
    case 'WorkerReady': {
      const next = { ...state, workerStatus: 'WorkerReady' as const, engine: message.engine ?? state.engine };
      return takePendingFile(next);
    }
    case 'ImageReady': {
      const clearCollage = isCollage(state.selectedEffectId) && state.workerStatus === 'ApplyingEffect';
      const next = withNewSize(
        {
          ...state,
          ...history,
          workerStatus: 'ImageReady',
          isImageReadyInWorker: true,
          pendingPreviewUrl: null,
          selectedEffectId: clearCollage ? null : state.selectedEffectId,
          collageConfig: clearCollage ? null : state.collageConfig,
          isDrawingModeActive: clearCollage ? false : state.isDrawingModeActive,
        },
        message,
      );
      return takePendingFile(next);
    }
    case 'effectComplete':
      return none({
        ...state,
        workerStatus: 'ImageReady',
        lastAppliedEffectId: message.effectId ?? state.activeEffectId,
        lastAppliedSettings: state.activeSettings,
        activeEffectId: null,
      });
    case 'commitSuccess':
      return takePendingFile(
        withNewSize(
          {
            ...state,
            ...history,
            workerStatus: 'ImageReady',
            selectedEffectId: null,
            currentSettings: {},
            lastAppliedEffectId: null,
            lastAppliedSettings: null,
            isDrawingModeActive: false,
            errorMessage: null,
          },
          message,
        ),
      );
    case 'ContextLost':
    case 'ContextRestoring':
      return warn(state, `Effect engine: ${message.status}${message.message ? ` (${message.message})` : ''}`);
    case 'WorkerError':
      return errorReceived(state, message.message || 'Worker reported an error status.');
    default:
      return none({ ...state, workerStatus: message.status });
  }
}

function withNewSize(state: EditorState, message: StatusMessage): EditorState {
  if (!message.newWidth || !message.newHeight) return state;
  return { ...state, processingWidth: message.newWidth, processingHeight: message.newHeight };
}
