// One test (or more) per rule of product spec section 4, named after the rule.
import { english } from '../../src/i18n/msg.ts';
import { describe, expect, it } from 'vitest';
import { smartBlurEffect } from '../../src/effects/blur-pixelate.ts';
import { vibranceEffect } from '../../src/effects/vibrance.ts';
import {
  canCommit,
  canRequestImage,
  canUpload,
  errorReceived,
  initialEditorState,
  isApplyEnabled,
  shouldAutoApply,
  type Command,
  type EditorState,
  type Outcome,
} from '../../src/session/editor-state.ts';
import {
  applyEffect,
  autoApply,
  changeSetting,
  commit,
  redo,
  requestBaseBitmap,
  selectEffect,
  setBrushSize,
  undo,
} from '../../src/editor/state/effect-rules.ts';
import { committed, redoDepth, undoDepth } from '../../src/session/edit-state.ts';
import { redoChange, undoChange } from '../../src/edit/history.ts';
import {
  fileChosen,
  imageLoadFailed,
  imageLoadStarted,
  takePendingFile,
  takeQueuedFile,
} from '../../src/editor/state/image-rules.ts';
import {
  cycleZoom,
  MAX_ZOOM,
  pageBecameVisible,
  zoomIndicatorText,
  zoomTo,
} from '../../src/editor/state/view-rules.ts';
import {
  photoSerialWhenReady,
  statusReceived,
  workerInitStarted,
} from '../../src/editor/state/worker-rules.ts';
import { WORKER_STATUSES, type StatusMessage, type WorkerStatus } from '../../src/engine/protocol.ts';

const load = {
  imageUrl: 'blob:x',
  processingWidth: 768,
  processingHeight: 512,
  originalWidth: 768,
  originalHeight: 512,
};
const status = (s: StatusMessage['status'], extra: Partial<StatusMessage> = {}): StatusMessage => ({
  type: 'status',
  status: s,
  ...extra,
});

function ready(): EditorState {
  const loading = imageLoadStarted({ ...initialEditorState(), workerStatus: 'WorkerReady' }, load).state;
  return statusReceived(loading, status('ImageReady')).state;
}

function withVibrance(value = 0): EditorState {
  const selected = selectEffect(ready(), vibranceEffect).state;
  return changeSetting(selected, 'vibrance', value).state;
}

function applied(value = 0.5): EditorState {
  const applying = applyEffect(withVibrance(value)).state;
  return statusReceived(applying, status('effectComplete', { effectId: 'vibrance' })).state;
}

const posts = (outcome: Outcome) =>
  outcome.commands.filter((c) => c.kind === 'post').map((c) => (c.kind === 'post' ? c.message.type : ''));

describe('editor state defaults (section 3)', () => {
  it('has every field with the spec defaults', () => {
    const state = initialEditorState();
    expect(state).toMatchObject({
      workerStatus: 'Idle',
      isImageReadyInWorker: false,
      zoomLevel: 1,
      blurBrushSize: 80,
      selectedEffectId: null,
      collageConfig: null,
      availableImageAssets: [],
      activeCollageBitmap: null,
    });
  });
});

describe('worker status handling', () => {
  it('initialising the worker sets WorkerInitializing and clears the error', () => {
    const next = workerInitStarted({ ...initialEditorState(), errorMessage: 'old' });
    expect(next.workerStatus).toBe('WorkerInitializing');
    expect(next.errorMessage).toBeNull();
  });

  it('handles every status value: the state and commands each one gives', () => {
    // Vibrance at 0.5 being applied: every field a status can change holds something else than its answer.
    const start: EditorState = { ...applyEffect(withVibrance(0.5)).state, pendingPreviewUrl: 'blob:p' };
    expect(start).toMatchObject({
      workerStatus: 'ApplyingEffect',
      activeEffectId: 'vibrance',
      photoSerial: 1,
    });
    const settled = { workerStatus: 'ImageReady', activeEffectId: null } as const;
    const expected: Record<WorkerStatus, { state: Partial<EditorState>; commands: Command[] }> = {
      Idle: { state: { workerStatus: 'Idle' }, commands: [] },
      WorkerInitializing: { state: { workerStatus: 'WorkerInitializing' }, commands: [] },
      WorkerReady: { state: { workerStatus: 'WorkerReady' }, commands: [] },
      LoadingImage: { state: { workerStatus: 'LoadingImage' }, commands: [] },
      // Not after LoadingImage: the same photo (the serial stays), shown.
      ImageReady: {
        state: { workerStatus: 'ImageReady', isImageReadyInWorker: true, pendingPreviewUrl: null },
        commands: [],
      },
      ApplyingEffect: { state: { workerStatus: 'ApplyingEffect' }, commands: [] },
      effectComplete: {
        state: { ...settled, lastAppliedEffectId: 'vibrance', lastAppliedSettings: { vibrance: 0.5 } },
        commands: [],
      },
      // The spec's commit is the page's own (effect-rules commit): the worker no longer answers it.
      commitSuccess: { state: { workerStatus: 'ImageReady' }, commands: [] },
      ContextLost: { state: {}, commands: [{ kind: 'warn', message: 'Effect engine: ContextLost' }] },
      ContextRestoring: {
        state: {},
        commands: [{ kind: 'warn', message: 'Effect engine: ContextRestoring' }],
      },
      WorkerError: {
        state: {
          workerStatus: 'WorkerError',
          errorMessage: 'Worker reported an error status.',
          activeEffectId: null,
        },
        commands: [{ kind: 'notify', level: 'error', message: 'Worker reported an error status.' }],
      },
    };
    for (const value of WORKER_STATUSES) {
      const outcome = statusReceived(start, status(value));
      expect(outcome.state, value).toEqual({ ...start, ...expected[value].state });
      expect(outcome.commands, value).toEqual(expected[value].commands);
    }
  });

  it('WorkerReady records the chosen backend', () => {
    const next = statusReceived(initialEditorState(), status('WorkerReady', { engine: 'webgl2' })).state;
    expect(next.workerStatus).toBe('WorkerReady');
    expect(next.engine).toBe('webgl2');
  });

  it('ImageReady sets the image-ready flag and clears the pending preview URL', () => {
    const loading = imageLoadStarted(
      { ...initialEditorState(), workerStatus: 'WorkerReady' },
      { ...load, pendingPreviewUrl: 'blob:p' },
    ).state;
    expect(loading.pendingPreviewUrl).toBe('blob:p');
    const next = statusReceived(loading, status('ImageReady')).state;
    expect(next.isImageReadyInWorker).toBe(true);
    expect(next.pendingPreviewUrl).toBeNull();
    expect(next.workerStatus).toBe('ImageReady');
  });

  it('the photo serial grows by one each time a newly loaded photo becomes ready, and only then', () => {
    expect(initialEditorState().photoSerial).toBe(0);
    const first = ready();
    expect(first.photoSerial).toBe(1);
    // A second photo: loading leaves the serial, its ImageReady makes it 2.
    const loading = imageLoadStarted(first, load).state;
    expect(loading.photoSerial).toBe(1);
    const second = statusReceived(loading, status('ImageReady')).state;
    expect(second.photoSerial).toBe(2);
    // An ImageReady that answers anything but a load (a collage made the new base) is no new photo.
    const collage = { ...second, selectedEffectId: 'collageEffect', workerStatus: 'ApplyingEffect' as const };
    expect(statusReceived(collage, status('ImageReady')).state.photoSerial).toBe(2);
    expect(statusReceived(second, status('ImageReady')).state.photoSerial).toBe(2);
    // Nor do applies and commits.
    const done = statusReceived(
      applyEffect(selectEffect(second, vibranceEffect).state).state,
      status('effectComplete'),
    );
    expect(done.state.photoSerial).toBe(2);
    expect(statusReceived(done.state, status('commitSuccess')).state.photoSerial).toBe(2);
  });

  it('photoSerialWhenReady: one more only when the status before was LoadingImage', () => {
    const state = { ...ready(), photoSerial: 7 };
    expect(photoSerialWhenReady(state)).toBe(7);
    expect(photoSerialWhenReady(state, 'LoadingImage')).toBe(8);
    expect(photoSerialWhenReady({ ...state, workerStatus: 'LoadingImage' })).toBe(8);
    expect(photoSerialWhenReady({ ...state, workerStatus: 'LoadingImage' }, 'ContextRestoring')).toBe(7);
  });

  it('ImageReady after ApplyingEffect with the collage selected clears the selection', () => {
    const state = { ...ready(), selectedEffectId: 'collageEffect', workerStatus: 'ApplyingEffect' as const };
    expect(statusReceived(state, status('ImageReady')).state.selectedEffectId).toBeNull();
    const notApplying = { ...ready(), selectedEffectId: 'collageEffect' };
    expect(statusReceived(notApplying, status('ImageReady')).state.selectedEffectId).toBe('collageEffect');
  });

  it('effectComplete records the last applied effect and settings, clears the active effect, and becomes ImageReady', () => {
    const applying = applyEffect(withVibrance(0.3)).state;
    expect(applying.activeEffectId).toBe('vibrance');
    const next = statusReceived(applying, status('effectComplete', { effectId: 'vibrance' })).state;
    expect(next).toMatchObject({
      workerStatus: 'ImageReady',
      lastAppliedEffectId: 'vibrance',
      lastAppliedSettings: { vibrance: 0.3 },
      activeEffectId: null,
    });
  });

  it('Apply commits on the page: ImageReady, the selection, last applied effect and error cleared, the edit a version longer', () => {
    const state = { ...applied(), errorMessage: 'x' };
    const outcome = commit(state, true);
    expect(outcome.state).toMatchObject({
      workerStatus: 'ImageReady',
      selectedEffectId: null,
      lastAppliedEffectId: null,
      openStep: null,
      errorMessage: null,
    });
    expect(outcome.state.history.entries).toHaveLength(2);
    expect(committed(outcome.state).steps).toEqual([
      { kind: 'effect', id: 's1', effectId: 'vibrance', settings: { vibrance: 0.5 } },
    ]);
    // The worker's base follows; its answer (none now) would change nothing.
    expect(posts(outcome)).toEqual(['commitEffect']);
    expect(statusReceived(outcome.state, status('commitSuccess')).state).toEqual(outcome.state);
  });

  it('ContextLost and ContextRestoring only log a warning', () => {
    for (const value of ['ContextLost', 'ContextRestoring'] as const) {
      const state = applied();
      const outcome = statusReceived(state, status(value));
      expect(outcome.state).toBe(state);
      expect(outcome.commands).toEqual([{ kind: 'warn', message: expect.stringContaining(value) as string }]);
    }
  });

  it('a WorkerError status sets the error (or its default), WorkerError, and clears the active effect', () => {
    const state = { ...applied(), activeEffectId: 'vibrance' };
    const plain = statusReceived(state, status('WorkerError'));
    expect(plain.state).toMatchObject({
      workerStatus: 'WorkerError',
      errorMessage: 'Worker reported an error status.',
      activeEffectId: null,
    });
    expect(plain.commands).toContainEqual({
      kind: 'notify',
      level: 'error',
      message: 'Worker reported an error status.',
    });
    expect(statusReceived(state, status('WorkerError', { message: 'GPU gone' })).state.errorMessage).toBe(
      'GPU gone',
    );
  });

  it("Undo and Redo walk the edit's history, kept on the page, and ask the worker to show the version", () => {
    const once = commit(applied(0.5), true).state;
    expect([undoDepth(once), redoDepth(once)]).toEqual([1, 0]);
    expect(undoChange(once.history)).toEqual({ kind: 'effect', effectId: 'vibrance' });
    const undone = undo(once);
    expect(undone.commands).toEqual([{ kind: 'show' }]);
    expect(undone.state.workerStatus).toBe('ApplyingEffect');
    expect(committed(undone.state).steps).toEqual([]);
    expect([undoDepth(undone.state), redoDepth(undone.state)]).toEqual([0, 1]);
    const redone = redo(statusReceived(undone.state, status('ImageReady')).state);
    expect(committed(redone.state).steps).toHaveLength(1);
    expect(redoChange(redone.state.history)).toBeNull();
  });

  it('Apply is confirmed by an info notification naming the effect; undo and redo are not', () => {
    const outcome = commit(applied(), true);
    const notices = outcome.commands.flatMap((c) => (c.kind === 'notify' ? [c] : []));
    expect(notices.map((c) => [c.level, english(c.message)])).toEqual([['info', 'Applied Vibrance.']]);
    const undone = undo(statusReceived(outcome.state, status('ImageReady')).state);
    expect(undone.commands.filter((c) => c.kind === 'notify')).toEqual([]);
  });
});

describe('error handling', () => {
  it('any error message sets the error, WorkerError, clears the active effect, and shows an error notification', () => {
    const outcome = errorReceived(
      { ...applied(), activeEffectId: 'vibrance' },
      'Image processing failed: boom',
    );
    expect(outcome.state).toMatchObject({
      workerStatus: 'WorkerError',
      errorMessage: 'Image processing failed: boom',
      activeEffectId: null,
    });
    expect(outcome.commands).toEqual([
      { kind: 'notify', level: 'error', message: 'Image processing failed: boom' },
    ]);
  });

  it("an empty worker error becomes 'Unknown worker error'", () => {
    expect(errorReceived(ready(), '').state.errorMessage).toBe('Unknown worker error');
  });

  it("a load failure gives 'Failed to load image: {reason}', clears the image URL and becomes WorkerError", () => {
    const loading = imageLoadStarted({ ...initialEditorState(), workerStatus: 'WorkerReady' }, load).state;
    const outcome = imageLoadFailed(loading, { id: 'too big' });
    expect(outcome.state).toMatchObject({ workerStatus: 'WorkerError', imageUrl: null });
    expect(english(outcome.state.errorMessage ?? '')).toBe('Failed to load image: too big');
  });
});

describe('loading images', () => {
  it('loading is refused while LoadingImage or ApplyingEffect', () => {
    for (const workerStatus of ['LoadingImage', 'ApplyingEffect'] as const) {
      const state = { ...applied(), workerStatus };
      const outcome = imageLoadStarted(state, load);
      expect(outcome.state).toBe(state);
      expect(outcome.commands[0]?.kind).toBe('warn');
    }
  });

  it('loading sets LoadingImage, clears the error, selection and effect state, resets zoom, and keeps the sizes', () => {
    const state = { ...applied(), errorMessage: 'x', zoomLevel: 2 };
    const next = imageLoadStarted(state, {
      ...load,
      processingWidth: 1080,
      processingHeight: 720,
      originalWidth: 6000,
      originalHeight: 4000,
    }).state;
    expect(next).toMatchObject({
      workerStatus: 'LoadingImage',
      errorMessage: null,
      selectedEffectId: null,
      currentSettings: {},
      activeEffectId: null,
      lastAppliedEffectId: null,
      lastAppliedSettings: null,
      zoomLevel: 1,
      processingWidth: 1080,
      processingHeight: 720,
      originalWidth: 6000,
      originalHeight: 4000,
    });
  });

  it('uploads are blocked during LoadingImage, ApplyingEffect and WorkerInitializing', () => {
    expect(canUpload({ ...ready(), workerStatus: 'LoadingImage' })).toBe(false);
    expect(canUpload({ ...ready(), workerStatus: 'ApplyingEffect' })).toBe(false);
    expect(canUpload({ ...initialEditorState(), workerStatus: 'WorkerInitializing' })).toBe(false);
    expect(canUpload(ready())).toBe(true);
    const busy = { ...ready(), workerStatus: 'ApplyingEffect' as const };
    const chosen = fileChosen(busy, new Blob());
    expect(chosen.commands.some((c) => c.kind === 'load')).toBe(false);
  });

  it('an upload while the worker is ready loads the file; uploading resets the selected effect', () => {
    const file = new Blob(['x']);
    expect(fileChosen(applied(), file).commands).toEqual([{ kind: 'load', file }]);
    expect(imageLoadStarted(applied(), load).state.selectedEffectId).toBeNull();
  });

  it('pending file: an upload during WorkerInitializing waits, and is taken when the worker is ready', () => {
    const file = new Blob(['x']);
    const initializing = workerInitStarted(initialEditorState());
    const waiting = fileChosen(initializing, file);
    expect(waiting.commands).toEqual([]);
    expect(waiting.state.pendingImageFile).toBe(file);
    const taken = statusReceived({ ...waiting.state, selectedEffectId: 'vibrance' }, status('WorkerReady'));
    expect(taken.commands).toEqual([{ kind: 'load', file }]);
    expect(taken.state.pendingImageFile).toBeNull();
    expect(taken.state.selectedEffectId).toBeNull();
  });

  it('pending file: not taken while an image is loaded or the worker is not ready', () => {
    const file = new Blob(['x']);
    expect(takePendingFile({ ...ready(), pendingImageFile: file }).commands).toEqual([]);
    expect(
      takePendingFile({ ...initialEditorState(), workerStatus: 'WorkerInitializing', pendingImageFile: file })
        .commands,
    ).toEqual([]);
    expect(
      takePendingFile({ ...initialEditorState(), workerStatus: 'effectComplete', pendingImageFile: file })
        .commands,
    ).toEqual([{ kind: 'load', file }]);
  });
});

describe('selecting effects and settings', () => {
  it('selecting a non-collage effect loads its defaults and clears the error and the last-applied state', () => {
    const state = { ...applied(), errorMessage: 'x' };
    const next = selectEffect(state, vibranceEffect).state;
    expect(next).toMatchObject({
      selectedEffectId: 'vibrance',
      currentSettings: { vibrance: 0 },
      errorMessage: null,
      lastAppliedEffectId: null,
      lastAppliedSettings: null,
    });
  });

  it('selecting with settings from a link validates and clamps them', () => {
    const next = selectEffect(ready(), vibranceEffect, { vibrance: '7' }).state;
    expect(next.currentSettings).toEqual({ vibrance: 1 });
  });

  it('effect selection and setting changes are blocked during LoadingImage and ApplyingEffect', () => {
    for (const workerStatus of ['LoadingImage', 'ApplyingEffect'] as const) {
      const state = { ...withVibrance(0.2), workerStatus };
      expect(selectEffect(state, vibranceEffect).state).toBe(state);
      expect(changeSetting(state, 'vibrance', 0.9).state).toBe(state);
    }
  });

  it('setting changes clamp to the range and ignore non-numeric input', () => {
    const state = withVibrance(0.2);
    expect(changeSetting(state, 'vibrance', 5).state.currentSettings.vibrance).toBe(1);
    expect(changeSetting(state, 'vibrance', 'abc').state).toBe(state);
  });

  it('blur brush size is at least 1', () => {
    expect(setBrushSize(ready(), 0).blurBrushSize).toBe(1);
    expect(setBrushSize(ready(), 42.4).blurBrushSize).toBe(42);
  });
});

describe('applying', () => {
  it('auto-apply: runs when an image is ready, the status is ImageReady, an effect is selected and differs from the last applied', () => {
    const state = withVibrance(0.4);
    expect(shouldAutoApply(state)).toBe(true);
    const outcome = autoApply(state);
    expect(outcome.state.workerStatus).toBe('ApplyingEffect');
    expect(outcome.commands).toEqual([
      {
        kind: 'post',
        message: { type: 'applyEffect', effectId: 'vibrance', settings: { vibrance: 0.4 }, withMask: false },
      },
    ]);
  });

  it('auto-apply: not again with the same settings, not while busy, not without an image or effect', () => {
    const done = applied(0.5);
    expect(shouldAutoApply(done)).toBe(false);
    expect(shouldAutoApply(changeSetting(done, 'vibrance', 0.6).state)).toBe(true);
    expect(shouldAutoApply({ ...withVibrance(0.4), workerStatus: 'ApplyingEffect' })).toBe(false);
    expect(shouldAutoApply({ ...withVibrance(0.4), isImageReadyInWorker: false })).toBe(false);
    expect(shouldAutoApply(ready())).toBe(false);
  });

  it('applying needs a selected effect or explicit settings', () => {
    expect(applyEffect(ready()).commands[0]?.kind).toBe('warn');
    const explicit = applyEffect(
      { ...ready(), workerStatus: 'WorkerReady' },
      { effectId: 'vibrance', settings: { vibrance: 1 } },
    );
    expect(posts(explicit)).toEqual(['applyEffect']);
  });

  it('applying needs ImageReady or effectComplete unless explicit settings are given', () => {
    const state = { ...withVibrance(0.4), workerStatus: 'WorkerReady' as const };
    expect(applyEffect(state).commands[0]?.kind).toBe('warn');
    expect(posts(applyEffect({ ...withVibrance(0.4), workerStatus: 'effectComplete' }))).toEqual([
      'applyEffect',
    ]);
  });

  it('setting a worker effect active moves the status to ApplyingEffect', () => {
    expect(applyEffect(withVibrance(0.1)).state.workerStatus).toBe('ApplyingEffect');
  });

  it('setting a main-thread effect active returns ApplyingEffect to ImageReady, and posts nothing', () => {
    const explicit = { effectId: 'collageEffect', settings: {} };
    const busy = applyEffect({ ...ready(), workerStatus: 'ApplyingEffect' }, explicit);
    expect(busy.state.workerStatus).toBe('ImageReady');
    expect(busy.state.activeEffectId).toBe('collageEffect');
    expect(posts(busy)).toEqual([]);
    expect(applyEffect(ready(), explicit).state.workerStatus).toBe('ImageReady');
  });
});

describe('commit, Apply button and image requests', () => {
  it('committing needs ImageReady or effectComplete and a last-applied effect; otherwise a console warning', () => {
    expect(posts(commit(applied(), true))).toEqual(['commitEffect']);
    expect(commit(ready(), true).commands).toEqual([{ kind: 'warn', message: expect.any(String) as string }]);
    expect(commit({ ...applied(), workerStatus: 'ApplyingEffect' }, true).commands[0]?.kind).toBe('warn');
    expect(canCommit({ ...applied(), workerStatus: 'effectComplete' })).toBe(true);
  });

  it("with no worker, Apply warns 'Cannot commit: Worker not available.'", () => {
    expect(commit(applied(), false).commands).toEqual([
      { kind: 'notify', level: 'warning', message: 'Cannot commit: Worker not available.' },
    ]);
  });

  it('the Apply button is enabled only when settled and an effect was applied (or a collage config exists)', () => {
    expect(isApplyEnabled(applied())).toBe(true);
    expect(isApplyEnabled(withVibrance(0.3))).toBe(false);
    expect(isApplyEnabled({ ...applied(), workerStatus: 'LoadingImage' })).toBe(false);
    const collage = { ...ready(), selectedEffectId: 'collageEffect' };
    expect(isApplyEnabled(collage)).toBe(false);
    expect(
      isApplyEnabled({
        ...collage,
        collageConfig: {
          actualCanvasWidth: 400,
          actualCanvasHeight: 400,
          backgroundColor: '#222222',
          backgroundImageFile: null,
          backgroundImageUrl: null,
          activePresetId: 'free-mode',
          slotContents: {},
        },
      }),
    ).toBe(true);
  });

  it('requesting an image bitmap needs ImageReady or effectComplete', () => {
    expect(canRequestImage(ready())).toBe(true);
    expect(canRequestImage({ ...ready(), workerStatus: 'ApplyingEffect' })).toBe(false);
    expect(posts(requestBaseBitmap(ready()))).toEqual(['requestImageBitmap']);
    expect(requestBaseBitmap({ ...ready(), workerStatus: 'LoadingImage' }).commands[0]?.kind).toBe('warn');
  });
});

describe('view', () => {
  it('zoom cycles 1 -> 1.5 -> 2 -> 1 once an image is ready', () => {
    let state = ready();
    const levels = [];
    for (let i = 0; i < 4; i++) {
      state = cycleZoom(state);
      levels.push(state.zoomLevel);
    }
    expect(levels).toEqual([1.5, 2, 1, 1.5]);
    expect(cycleZoom(initialEditorState()).zoomLevel).toBe(1);
  });

  it("the zoom indicator reads '1.5x Zoom' at 1.5, '2x Zoom' above, and hides at 1, without an image, or in collage", () => {
    expect(english(zoomIndicatorText({ ...ready(), zoomLevel: 1.5 }) ?? '')).toBe('1.5x Zoom');
    expect(english(zoomIndicatorText({ ...ready(), zoomLevel: 2 }) ?? '')).toBe('2x Zoom');
    expect(zoomIndicatorText(ready())).toBeNull();
    expect(zoomIndicatorText({ ...initialEditorState(), zoomLevel: 2 })).toBeNull();
    expect(zoomIndicatorText({ ...ready(), zoomLevel: 2, selectedEffectId: 'collageEffect' })).toBeNull();
  });

  it('pinch and wheel zoom to any level from 1 to 4, which the indicator reads; a click after one goes back to 1', () => {
    expect(zoomTo(ready(), 2.63).zoomLevel).toBe(2.63);
    expect(english(zoomIndicatorText(zoomTo(ready(), 2.63)) ?? '')).toBe('2.6x Zoom');
    expect(zoomTo(ready(), 9).zoomLevel).toBe(MAX_ZOOM);
    expect(zoomTo(ready(), 0.2).zoomLevel).toBe(1);
    expect(zoomTo(initialEditorState(), 2).zoomLevel).toBe(1);
    expect(cycleZoom(zoomTo(ready(), 2.63)).zoomLevel).toBe(1);
  });

  it('visibility: tells the worker the app is visible when an image is loaded and the worker is not initialising or loading', () => {
    expect(posts(pageBecameVisible(applied()))).toEqual(['appVisible']);
    expect(pageBecameVisible(initialEditorState()).commands).toEqual([]);
    expect(pageBecameVisible({ ...applied(), workerStatus: 'LoadingImage' }).commands).toEqual([]);
    expect(pageBecameVisible({ ...applied(), workerStatus: 'WorkerInitializing' }).commands).toEqual([]);
  });
});

describe('smart blur rules', () => {
  const selectBlur = () => selectEffect(ready(), smartBlurEffect).state;

  it('drawing mode is on exactly when smart blur is selected with applicationMode draw', () => {
    const blur = selectBlur();
    expect(blur.isDrawingModeActive).toBe(false);
    const drawing = changeSetting(blur, 'applicationMode', 'draw').state;
    expect(drawing.isDrawingModeActive).toBe(true);
    expect(changeSetting(drawing, 'applicationMode', 'uniform').state.isDrawingModeActive).toBe(false);
    expect(selectEffect(drawing, vibranceEffect).state.isDrawingModeActive).toBe(false);
  });

  it('choosing the vignette mode forces blurType gaussian', () => {
    const blur = selectBlur();
    expect(blur.currentSettings.blurType).toBe('pixelate');
    const vignette = changeSetting(blur, 'applicationMode', 'vignette').state;
    expect(vignette.currentSettings.blurType).toBe('gaussian');
    expect(changeSetting(vignette, 'blurType', 'pixelate').state.currentSettings.blurType).toBe('gaussian');
    expect(smartBlurEffect.disabledReason?.('blurType', vignette.currentSettings)).toBeTruthy();
  });

  it('auto-apply in draw mode: when the settings changed from a non-draw mode, and when a stroke ends', () => {
    const uniformApplied = statusReceived(
      applyEffect(selectBlur()).state,
      status('effectComplete', { effectId: 'smartBlur' }),
    ).state;
    const drawing = changeSetting(uniformApplied, 'applicationMode', 'draw').state;
    expect(shouldAutoApply(drawing)).toBe(true);
    const outcome = autoApply(drawing);
    expect(outcome.commands).toEqual([
      {
        kind: 'post',
        message: {
          type: 'applyEffect',
          effectId: 'smartBlur',
          settings: drawing.currentSettings,
          withMask: true,
        },
      },
    ]);
    const drawApplied = statusReceived(
      outcome.state,
      status('effectComplete', { effectId: 'smartBlur' }),
    ).state;
    const sigmaChanged = changeSetting(drawApplied, 'sigma', 4).state;
    expect(shouldAutoApply(sigmaChanged)).toBe(false);
    expect(shouldAutoApply(sigmaChanged, 'strokeEnd')).toBe(true);
  });

  it('the brush control defaults to 60 for gaussian and 80 for pixelate', () => {
    const blur = selectBlur();
    expect(blur.blurBrushSize).toBe(80);
    expect(changeSetting(blur, 'blurType', 'gaussian').state.blurBrushSize).toBe(60);
    expect(
      changeSetting(changeSetting(blur, 'blurType', 'gaussian').state, 'blurType', 'pixelate').state
        .blurBrushSize,
    ).toBe(80);
  });
});

describe('uploads while busy (issue 8)', () => {
  it('a file chosen during an apply is queued, not lost, and loaded once the worker settles', () => {
    const file = new Blob(['x']);
    const busy = { ...withVibrance(0.3), workerStatus: 'ApplyingEffect' as const };
    const queued = fileChosen(busy, file).state;
    expect(queued.queuedImageFile).toBe(file);
    expect(takeQueuedFile(queued).commands).toEqual([]);
    const settled = statusReceived(queued, status('effectComplete', { effectId: 'vibrance' })).state;
    const taken = takeQueuedFile(settled);
    expect(taken.commands).toEqual([{ kind: 'load', file }]);
    expect(taken.state.queuedImageFile).toBeNull();
  });
});
