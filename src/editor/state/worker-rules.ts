/** Spec section 4: the worker's status messages, its errors and its start. Pure; tested rule by rule. */
import { type StatusMessage, type WorkerStatus } from '../../engine/protocol.ts';
import {
  type EditorState,
  type Outcome,
  errorReceived,
  isCollage,
  none,
  warn,
} from '../../session/editor-state.ts';
import { takePendingFile } from './image-rules.ts';
import { asMessage, english, msg, type Shown } from '../../i18n/msg.ts';
import { APPLIED_TEMPLATE } from '../../i18n/templates.ts';

// ---------------------------------------------------------------- worker lifecycle

/** Initialising the worker sets WorkerInitializing and clears the error. */
export function workerInitStarted(state: EditorState): EditorState {
  return { ...state, workerStatus: 'WorkerInitializing', errorMessage: null };
}

/** Any error message, or a WorkerError status, sets the error, the status WorkerError, and clears the active effect. */

/** The outcome, with an info notification first (a confirmation). */
function withNotice(outcome: Outcome, message: Shown): Outcome {
  return { ...outcome, commands: [{ kind: 'notify', level: 'info', message }, ...outcome.commands] };
}

/**
 * The photo serial once the worker shows its image: one more when the status was LoadingImage (a newly
 * loaded photo became ready), the same otherwise (a collage made the new base, a restored image).
 */
export function photoSerialWhenReady(
  state: EditorState,
  statusBefore: WorkerStatus = state.workerStatus,
): number {
  return statusBefore === 'LoadingImage' ? state.photoSerial + 1 : state.photoSerial;
}

/** The worker's status messages, one rule per status (spec section 4). */
export function statusReceived(state: EditorState, message: StatusMessage): Outcome {
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
          workerStatus: 'ImageReady',
          isImageReadyInWorker: true,
          photoSerial: photoSerialWhenReady(state),
          pendingPreviewUrl: null,
          selectedEffectId: clearCollage ? null : state.selectedEffectId,
          collageConfig: clearCollage ? null : state.collageConfig,
          isDrawingModeActive: clearCollage ? false : state.isDrawingModeActive,
        },
        message,
      );
      return clearCollage
        ? withNotice(takePendingFile(next), msg(APPLIED_TEMPLATE, { effect: asMessage(msg('Collage')) }))
        : takePendingFile(next);
    }
    case 'effectComplete': {
      // The step now shows the mask its apply took.
      const open = state.openStep;
      const { activeMask, ...kept } = open ?? {};
      return none({
        ...state,
        workerStatus: 'ImageReady',
        lastAppliedEffectId: message.effectId ?? state.activeEffectId,
        lastAppliedSettings: state.activeSettings,
        activeEffectId: null,
        openStep: open ? { ...kept, id: open.id, ...(activeMask ? { mask: activeMask } : {}) } : null,
      });
    }
    case 'commitSuccess':
      // The spec's commit is the page's (effect-rules.ts `commit`): the worker no longer answers it.
      return none({ ...state, workerStatus: 'ImageReady' });
    case 'ContextLost':
    case 'ContextRestoring':
      return warn(
        state,
        `Effect engine: ${message.status}${message.message ? ` (${english(message.message)})` : ''}`,
      );
    case 'WorkerError':
      return errorReceived(state, message.message || msg('Worker reported an error status.'));
    default:
      return none({ ...state, workerStatus: message.status });
  }
}

function withNewSize(state: EditorState, message: StatusMessage): EditorState {
  if (!message.newWidth || !message.newHeight) return state;
  return { ...state, processingWidth: message.newWidth, processingHeight: message.newHeight };
}
