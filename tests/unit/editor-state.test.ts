import { describe, expect, it } from 'vitest';
import { vibranceEffect } from '../../src/effects/vibrance.ts';
import {
  applyStarted,
  canCommit,
  canLoadImage,
  canUpload,
  imageLoadStarted,
  initialEditorState,
  selectEffect,
  shouldAutoApply,
  statusReceived,
  type EditorState,
} from '../../src/editor/state/editor-state.ts';

const load = {
  imageUrl: null,
  processingWidth: 768,
  processingHeight: 512,
  originalWidth: 768,
  originalHeight: 512,
};

function ready(): EditorState {
  const loading = imageLoadStarted({ ...initialEditorState(), workerStatus: 'WorkerReady' }, load);
  return statusReceived(loading, { type: 'status', status: 'ImageReady' });
}

describe('editor state', () => {
  it('has the spec defaults', () => {
    const state = initialEditorState();
    expect(state.zoomLevel).toBe(1);
    expect(state.blurBrushSize).toBe(80);
    expect(state.workerStatus).toBe('Idle');
  });

  it('refuses to load an image while LoadingImage or ApplyingEffect', () => {
    for (const workerStatus of ['LoadingImage', 'ApplyingEffect'] as const) {
      const state = { ...initialEditorState(), workerStatus };
      expect(canLoadImage(state)).toBe(false);
      expect(imageLoadStarted(state, load)).toBe(state);
    }
    expect(canUpload({ ...initialEditorState(), workerStatus: 'WorkerInitializing' })).toBe(false);
  });

  it('selecting an effect loads its defaults and auto-applies once', () => {
    const selected = selectEffect(ready(), vibranceEffect);
    expect(selected.currentSettings).toEqual({ vibrance: 0 });
    expect(shouldAutoApply(selected)).toBe(true);
    const applying = applyStarted(selected, 'vibrance', selected.currentSettings);
    expect(applying.workerStatus).toBe('ApplyingEffect');
    expect(shouldAutoApply(applying)).toBe(false);
    const done = statusReceived(applying, { type: 'status', status: 'effectComplete', effectId: 'vibrance' });
    expect(done.workerStatus).toBe('ImageReady');
    expect(done.lastAppliedEffectId).toBe('vibrance');
    expect(done.activeEffectId).toBeNull();
    expect(shouldAutoApply(done)).toBe(false);
    expect(canCommit(done)).toBe(true);
  });

  it('commitSuccess clears the selection and takes the new size', () => {
    const state = {
      ...ready(),
      selectedEffectId: 'vibrance',
      lastAppliedEffectId: 'vibrance',
      errorMessage: 'x',
    };
    const next = statusReceived(state, {
      type: 'status',
      status: 'commitSuccess',
      newWidth: 400,
      newHeight: 300,
    });
    expect(next).toMatchObject({
      workerStatus: 'ImageReady',
      selectedEffectId: null,
      lastAppliedEffectId: null,
      errorMessage: null,
      processingWidth: 400,
      processingHeight: 300,
    });
  });

  it('a WorkerError status sets the error and clears the active effect', () => {
    const state = { ...ready(), activeEffectId: 'vibrance' };
    const next = statusReceived(state, { type: 'status', status: 'WorkerError' });
    expect(next.workerStatus).toBe('WorkerError');
    expect(next.errorMessage).toBe('Worker reported an error status.');
    expect(next.activeEffectId).toBeNull();
  });
});
