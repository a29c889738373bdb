/** Spec section 4: choosing, queuing and loading images. Pure; tested rule by rule. */
import {
  type EditorState,
  type Outcome,
  canUpload,
  errorReceived,
  isBusy,
  isSettled,
  none,
  NO_EFFECT,
  warn,
} from '../../session/editor-state.ts';
import { msg, type Message } from '../../i18n/msg.ts';
import { startHistory } from '../../edit/history.ts';
import { LOAD_IMAGE_FAILED_TEMPLATE } from '../../i18n/templates.ts';

// ---------------------------------------------------------------- images

export interface ImageLoadRequest {
  imageUrl: string | null;
  pendingPreviewUrl?: string | null;
  processingWidth: number;
  processingHeight: number;
  originalWidth: number;
  originalHeight: number;
}

/**
 * Loading an image is refused while LoadingImage or ApplyingEffect. Otherwise it sets LoadingImage,
 * clears the error and all selection and effect state (an upload resets the selected effect), the zoom
 * and the edit; the controller then sends the image and sizes.
 */
export function imageLoadStarted(state: EditorState, request: ImageLoadRequest): Outcome {
  if (isBusy(state)) return warn(state, 'Image load ignored: the worker is busy');
  return none({
    ...state,
    imageUrl: request.imageUrl,
    pendingPreviewUrl: request.pendingPreviewUrl ?? null,
    processingWidth: request.processingWidth,
    processingHeight: request.processingHeight,
    originalWidth: request.originalWidth,
    originalHeight: request.originalHeight,
    workerStatus: 'LoadingImage',
    errorMessage: null,
    ...NO_EFFECT,
    isDrawingModeActive: false,
    collageConfig: null,
    zoomLevel: 1,
    // A new photo starts a new edit, its frame too: a recipe is how a look goes to the next photo.
    history: startHistory(),
  });
}

/** 'Failed to load image: {reason}': the image URL is cleared and the status becomes WorkerError. */
export function imageLoadFailed(state: EditorState, reason: Message): Outcome {
  const outcome = errorReceived(state, msg(LOAD_IMAGE_FAILED_TEMPLATE, { reason }));
  return { ...outcome, state: { ...outcome.state, imageUrl: null, pendingPreviewUrl: null } };
}

/**
 * The user chose a file. Uploads are blocked while busy; while the worker initialises the file waits as
 * the pending file; otherwise it is loaded now (and replaces the image, resetting the selected effect).
 */
export function fileChosen(state: EditorState, file: Blob): Outcome {
  if (state.workerStatus === 'WorkerInitializing' || state.workerStatus === 'Idle') {
    return none({ ...state, pendingImageFile: file });
  }
  if (!canUpload(state)) {
    // The upload waits until the worker settles instead of being dropped; a later one replaces it.
    return {
      state: { ...state, queuedImageFile: file },
      commands: [{ kind: 'warn', message: 'Upload queued: the worker is busy' }],
    };
  }
  return { state, commands: [{ kind: 'load', file }] };
}

/** A file queued while the worker was busy is loaded as soon as it settles. */
export function takeQueuedFile(state: EditorState): Outcome {
  if (!state.queuedImageFile || !canUpload(state) || state.workerStatus === 'Idle') return none(state);
  return {
    state: { ...state, queuedImageFile: null },
    commands: [{ kind: 'load', file: state.queuedImageFile }],
  };
}

/**
 * Pending file: when the worker is ready (or an image is ready or an effect complete) and no image is
 * loaded, the pending file is taken and loaded, after clearing any selected effect.
 */
export function takePendingFile(state: EditorState): Outcome {
  const ready = state.workerStatus === 'WorkerReady' || isSettled(state);
  if (!state.pendingImageFile || !ready || state.isImageReadyInWorker) return none(state);
  return {
    state: {
      ...state,
      pendingImageFile: null,
      selectedEffectId: null,
      currentSettings: {},
      isDrawingModeActive: false,
    },
    commands: [{ kind: 'load', file: state.pendingImageFile }],
  };
}
