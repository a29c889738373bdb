// The rules of a look that comes with the photo: a look link's (its crop first) and a camera shot's
// (committed as the photo's first step once applied).
import { describe, expect, it } from 'vitest';
import type { CropRecipe } from '../../src/edit/crop.ts';
import type { StatusMessage } from '../../src/engine/protocol.ts';
import { initialEditorState, type EditorState } from '../../src/session/editor-state.ts';
import {
  commitDue,
  lookLinked,
  photoLoading,
  shotChosen,
  takeLinkedEdit,
  takeLinkedLook,
  takeShotRecipe,
} from '../../src/editor/state/look-rules.ts';
import { starterRecipes } from '../../src/recipes/model/starters.ts';

const ready = (state: EditorState = initialEditorState()): EditorState => ({
  ...state,
  workerStatus: 'ImageReady',
  isImageReadyInWorker: true,
});
const link = { effectId: 'vibrance', settings: { vibrance: '0.65' } };
const crop: CropRecipe = {
  aspect: '4-5',
  aspectTurned: false,
  turns: 0,
  flipH: false,
  flipV: false,
  angle: 0,
};
const effectComplete = (effectId?: string): StatusMessage => ({
  type: 'status',
  status: 'effectComplete',
  ...(effectId ? { effectId } : {}),
});

describe('a look link', () => {
  it('waits as the pending look, and nothing else is pending at the start', () => {
    expect(initialEditorState()).toMatchObject({ pendingLook: null, shotLook: null, commitAfter: null });
    expect(lookLinked(initialEditorState(), link).pendingLook).toEqual(link);
    expect(lookLinked(initialEditorState(), null).pendingLook).toBeNull();
  });

  it('is taken once its photo is ready in the worker and the worker is idle, not before', () => {
    const linked = lookLinked(initialEditorState(), link);
    expect(takeLinkedLook(linked)).toBeNull();
    expect(takeLinkedLook({ ...ready(linked), workerStatus: 'ApplyingEffect' })).toBeNull();
    expect(takeLinkedLook({ ...ready(linked), isImageReadyInWorker: false })).toBeNull();
    const taken = takeLinkedLook(ready(linked));
    expect(taken).toMatchObject({ effectId: 'vibrance', settings: { vibrance: '0.65' } });
    expect(taken?.state.pendingLook).toBeNull();
    expect(taken && takeLinkedLook(taken.state)).toBeNull();
  });

  it('with a crop and looks before its own: that edit is taken first, then the look', () => {
    const steps = [{ effectId: 'ccdEffect', settings: { ccd_bloom_amount: 1.8 } }];
    const linked = ready(lookLinked(initialEditorState(), { ...link, crop, steps }));
    expect(takeLinkedEdit(lookLinked(initialEditorState(), { ...link, crop }))).toBeNull();
    const first = takeLinkedEdit(linked);
    expect(first?.crop).toBe(crop);
    expect(first?.steps).toBe(steps);
    expect(first?.state.pendingLook).toEqual(link);
    expect(first && takeLinkedEdit(first.state)).toBeNull();
    expect(first && takeLinkedLook(first.state)).toMatchObject({ effectId: 'vibrance' });
  });

  it('that only crops is done once its crop is taken', () => {
    const linked = ready(lookLinked(initialEditorState(), { effectId: null, settings: {}, crop }));
    const first = takeLinkedEdit(linked);
    expect(first?.state.pendingLook).toBeNull();
    expect(takeLinkedEdit(ready(lookLinked(initialEditorState(), link)))).toBeNull();
  });
});

describe("a camera shot's look", () => {
  const file = new Blob(['shot']);
  const step = { effectId: 'ccd', settings: { intensity: 0.5, grain: true } };

  it('is kept with its file; a shot without a look keeps none', () => {
    expect(shotChosen(initialEditorState(), file, step).shotLook).toEqual({ file, step });
    expect(shotChosen(shotChosen(initialEditorState(), file, step), file, null).shotLook).toBeNull();
  });

  it("becomes the pending look (settings as a link's) once its file loads, to be committed when applied", () => {
    const loading = photoLoading(shotChosen(initialEditorState(), file, step), file);
    expect(loading).toMatchObject({
      shotLook: null,
      commitAfter: 'ccd',
      pendingLook: { effectId: 'ccd', settings: { intensity: '0.5', grain: 'true' } },
    });
  });

  it('is forgotten when another photo loads first, and so is what was to be committed', () => {
    const shot = { ...shotChosen(initialEditorState(), file, step), commitAfter: 'vibrance' };
    const other = photoLoading(shot, new Blob(['other']));
    expect(other).toMatchObject({ shotLook: null, commitAfter: null, pendingLook: null });
    // A link's look still waiting is left to its photo.
    expect(photoLoading(lookLinked(shot, link), new Blob(['other'])).pendingLook).toEqual(link);
  });

  it("is committed once its own effect's apply completes, and only once", () => {
    const loading = photoLoading(shotChosen(initialEditorState(), file, step), file);
    expect(commitDue(loading, effectComplete('vibrance')).commit).toBe(false);
    expect(commitDue(loading, { type: 'status', status: 'ImageReady' }).commit).toBe(false);
    const due = commitDue(loading, effectComplete('ccd'));
    expect(due.commit).toBe(true);
    expect(due.state.commitAfter).toBeNull();
    expect(commitDue(due.state, effectComplete('ccd')).commit).toBe(false);
    expect(commitDue(initialEditorState(), effectComplete()).commit).toBe(false);
  });
});

describe("a camera shot's recipe", () => {
  const file = new Blob(['shot']);
  const recipe = starterRecipes()[0]!;

  it('waits for its photo to be ready, is taken once, and commits no effect of its own', () => {
    const loading = photoLoading(shotChosen(initialEditorState(), file, { recipe }), file);
    expect(loading).toMatchObject({
      shotLook: null,
      commitAfter: null,
      pendingLook: null,
      pendingRecipe: recipe,
    });
    expect(takeShotRecipe(loading)).toBeNull();
    const taken = takeShotRecipe(ready(loading));
    expect(taken?.recipe).toBe(recipe);
    expect(taken && takeShotRecipe(taken.state)).toBeNull();
  });

  it('is forgotten when another photo loads first', () => {
    const loading = photoLoading(shotChosen(initialEditorState(), file, { recipe }), file);
    expect(photoLoading(loading, new Blob(['other'])).pendingRecipe).toBeNull();
  });
});
