// The edit as one value (issue 62): its history, the look being adjusted over it, what every consumer reads
// of it (the saves, the link), and the rules that make a new version of it.
import { describe, expect, it } from 'vitest';
import { ccdEffect } from '../../src/effects/ccd.ts';
import { vibranceEffect } from '../../src/effects/vibrance.ts';
import { findEffect } from '../../src/effects/index.ts';
import { defaultSettings } from '../../src/effects/settings.ts';
import { cropForPhoto } from '../../src/crop/model/crop-choice.ts';
import { effectsAfterImage, EMPTY_EDIT, newStepId, stepIds, type Edit } from '../../src/edit/edit.ts';
import {
  commitEdit,
  fileStep,
  MAX_HISTORY,
  startHistory,
  undoChange,
  undoHistory,
} from '../../src/edit/history.ts';
import { renderForm } from '../../src/edit/render-form.ts';
import {
  committed,
  cropChosen,
  editOnScreen,
  frameChosen,
  imageCommitted,
  stepRemoved,
  undoTarget,
} from '../../src/session/edit-state.ts';
import { initialEditorState, type EditorState } from '../../src/session/editor-state.ts';
import {
  applyEffect,
  changeSetting,
  commit,
  selectEffect,
  selectStep,
  undo,
} from '../../src/editor/state/effect-rules.ts';
import { imageLoadStarted } from '../../src/editor/state/image-rules.ts';
import { statusReceived } from '../../src/editor/state/worker-rules.ts';
import {
  editLinkSearch,
  MAX_LINK_STEPS,
  MAX_STEPS_CHARS,
  parseLookLink,
} from '../../src/session/look-link.ts';
import { NO_FRAME } from '../../src/edit/frame.ts';
import { checkedChoice } from '../../src/edit/frame.ts';

const PHOTO = { width: 4000, height: 3000 };
const load = {
  imageUrl: 'blob:x',
  processingWidth: 1080,
  processingHeight: 810,
  originalWidth: PHOTO.width,
  originalHeight: PHOTO.height,
};

function ready(): EditorState {
  const loading = imageLoadStarted({ ...initialEditorState(), workerStatus: 'WorkerReady' }, load).state;
  return statusReceived(loading, { type: 'status', status: 'ImageReady' }).state;
}

/** The worker answered the apply under way. */
function completed(state: EditorState): EditorState {
  return statusReceived(state, {
    type: 'status',
    status: 'effectComplete',
    effectId: state.activeEffectId ?? undefined,
  }).state;
}

/** Chooses `effect`, sets `name` to `value` and has it applied (not committed). */
function adjusted(state: EditorState, effectId: string, name?: string, value?: unknown): EditorState {
  const effect = findEffect(effectId)!;
  let next = selectEffect(state, effect).state;
  if (name) next = changeSetting(next, name, value).state;
  return completed(applyEffect(next).state);
}

/** The worker showed the version asked for. */
const shown = (state: EditorState) => statusReceived(state, { type: 'status', status: 'ImageReady' }).state;

describe('the history', () => {
  it('keeps versions with the change that made each; a change after Undo drops what could be redone', () => {
    let history = startHistory();
    history = commitEdit(history, EMPTY_EDIT, { kind: 'effect', effectId: 'ccdEffect' });
    history = commitEdit(history, EMPTY_EDIT, { kind: 'crop', step: 'crop-4-5' });
    expect(undoChange(history)).toEqual({ kind: 'crop', step: 'crop-4-5' });
    expect(fileStep(history)).toBe('crop-4-5');
    history = commitEdit(undoHistory(history), EMPTY_EDIT, { kind: 'frame', frameId: 'film-35mm' });
    expect(history.entries.map((entry) => entry.change?.kind ?? null)).toEqual([null, 'effect', 'frame']);
    // A frame names no saved file: the look before it does.
    expect(fileStep(history)).toBe('ccdEffect');
  });

  it('makes one version of changes of one group made one after another, and keeps at most its limit', () => {
    let history = startHistory();
    for (const caption of ['A', 'AB', 'ABC'])
      history = commitEdit(history, EMPTY_EDIT, { kind: 'frame', frameId: caption }, 'frame-1');
    expect(history.entries).toHaveLength(2);
    for (let i = 0; i < MAX_HISTORY + 10; i++)
      history = commitEdit(history, EMPTY_EDIT, { kind: 'effect', effectId: `e${i}` });
    expect(history.entries).toHaveLength(MAX_HISTORY);
    expect(history.position).toBe(MAX_HISTORY - 1);
  });

  it('gives each new step an id no version has used', () => {
    const edit: Edit = {
      ...EMPTY_EDIT,
      steps: [{ kind: 'effect', id: 's4', effectId: 'vibrance', settings: {} }],
    };
    expect(newStepId([EMPTY_EDIT, edit])).toBe('s5');
    const ids = stepIds([edit]);
    expect([ids(), ids()]).toEqual(['s5', 's6']);
  });
});

describe('one edit every step stays part of', () => {
  it('CCD with Bloom 1.8, a 4:5 crop, then its strength at 60: two steps, the crop first, nothing baked', () => {
    const ccd = adjusted(ready(), 'ccdEffect', 'ccd_bloom_amount', 1.8);
    const crop = cropForPhoto(
      { aspect: '4-5', aspectTurned: false, turns: 0, flipH: false, flipV: false, angle: 0 },
      PHOTO,
    );
    // Crop: one version of the history; CCD stays the look being adjusted, shown over the new crop.
    const cropped = shown(cropChosen(ccd, crop).state);
    expect(cropped.selectedEffectId).toBe('ccdEffect');
    expect(cropped.history.entries).toHaveLength(2);
    expect(committed(cropped).steps).toEqual([]);
    expect(editOnScreen(cropped)).toMatchObject({ crop, steps: [{ effectId: 'ccdEffect' }] });
    // Apply keeps it, as one step.
    const applied = commit(cropped, true).state;
    const [step] = committed(applied).steps;
    expect(committed(applied).steps).toHaveLength(1);
    // Choosing CCD again opens that step, its settings as they are: nothing to apply.
    const opened = selectEffect(applied, ccdEffect).state;
    expect(opened.openStep?.id).toBe(step?.id);
    expect(opened.currentSettings.ccd_bloom_amount).toBe(1.8);
    expect(opened.lastAppliedSettings).toEqual(opened.currentSettings);
    // Its strength at 60 changes that step, one version named after the setting.
    const sixty = commit(completed(applyEffect(changeSetting(opened, 'strength', 60).state).state), true);
    const edit = committed(sixty.state);
    expect(edit.steps).toHaveLength(1);
    expect(edit.steps[0]).toMatchObject({ id: step?.id, settings: { ccd_bloom_amount: 1.8, strength: 60 } });
    expect(undoChange(sixty.state.history)).toEqual({
      kind: 'effect',
      effectId: 'ccdEffect',
      settings: ['strength'],
    });
    // A second copy is asked for, never made by choosing the effect.
    const copy = selectEffect(sixty.state, ccdEffect, undefined, { asNew: true }).state;
    expect(copy.openStep?.id).not.toBe(step?.id);
    expect(copy.currentSettings).toEqual(defaultSettings(ccdEffect));
  });

  it('a look opened again and changed is kept when another is chosen; a new look not applied is let go', () => {
    const vibrance = commit(adjusted(ready(), 'vibrance', 'vibrance', 0.5), true).state;
    const step = committed(vibrance).steps[0];
    if (step?.kind !== 'effect') throw new Error('no vibrance step');
    const reopened = selectStep(vibrance, step.id).state;
    const changed = completed(applyEffect(changeSetting(reopened, 'vibrance', 0.8).state).state);
    const next = selectEffect(changed, ccdEffect);
    expect(committed(next.state).steps).toEqual([{ ...step, settings: { ...step.settings, vibrance: 0.8 } }]);
    expect(next.commands).toContainEqual({ kind: 'post', message: { type: 'commitEffect' } });
    // A new look shown and not applied: choosing another lets it go, as the spec's selection does.
    const trying = completed(applyEffect(next.state).state);
    const other = selectEffect(trying, vibranceEffect);
    expect(committed(other.state).steps).toHaveLength(1);
    expect(other.commands).toContainEqual({ kind: 'post', message: { type: 'resetCanvasToBase' } });
  });

  it('Undo takes back the last change: a new look shown alone, or the crop made over it, the look kept', () => {
    const vibrance = commit(adjusted(ready(), 'vibrance', 'vibrance', 0.5), true).state;
    const ccd = adjusted(vibrance, 'ccdEffect', 'ccd_bloom_amount', 1.8);
    // The look is the last change: Undo lets it go, the version in force stays.
    expect(undoTarget(ccd)).toEqual({ kind: 'effect', effectId: 'ccdEffect' });
    const dropped = undo(ccd);
    expect(dropped.commands).toEqual([{ kind: 'post', message: { type: 'resetCanvasToBase' } }]);
    expect(dropped.state.selectedEffectId).toBeNull();
    expect(committed(dropped.state).steps).toHaveLength(1);
    // A crop made while it was open: Undo takes the crop back, and the look stays open over the version before.
    const crop = cropForPhoto(
      { aspect: '1-1', aspectTurned: false, turns: 0, flipH: false, flipV: false, angle: 0 },
      PHOTO,
    );
    const cropped = shown(cropChosen(ccd, crop).state);
    expect(undoTarget(cropped)).toEqual({ kind: 'crop', step: 'crop-1-1' });
    const uncropped = undo(cropped);
    expect(uncropped.commands).toEqual([{ kind: 'show' }]);
    expect(uncropped.state.selectedEffectId).toBe('ccdEffect');
    expect(editOnScreen(uncropped.state)).toMatchObject({
      crop: null,
      steps: [{}, { effectId: 'ccdEffect' }],
    });
    expect(undoTarget(shown(uncropped.state))).toEqual({ kind: 'effect', effectId: 'ccdEffect' });
  });

  it('a step taken out alone leaves the others, the crop and the frame as they were', () => {
    const crop = cropForPhoto(
      { aspect: '1-1', aspectTurned: false, turns: 0, flipH: false, flipV: false, angle: 0 },
      PHOTO,
    );
    let state = commit(adjusted(ready(), 'vibrance', 'vibrance', 0.5), true).state;
    state = shown(cropChosen(state, crop).state);
    state = frameChosen(state, checkedChoice({ id: 'film-35mm' })).state;
    state = commit(adjusted(state, 'ccdEffect'), true).state;
    const vibranceId = committed(state).steps[0]!.id;
    const removed = stepRemoved(state, vibranceId);
    expect(removed.commands).toEqual([{ kind: 'show' }]);
    const edit = committed(removed.state);
    expect(edit.steps.map((s) => s.kind === 'effect' && s.effectId)).toEqual(['ccdEffect']);
    expect(edit.crop).toBe(crop);
    expect(edit.frame.id).toBe('film-35mm');
    expect(undoChange(removed.state.history)).toEqual({ kind: 'remove', what: 'vibrance' });
    // The crop taken out: the whole photo again, the looks kept.
    expect(committed(stepRemoved(shown(removed.state), 'crop').state)).toMatchObject({ crop: null });
  });

  it('a new photo starts a new edit, its frame included', () => {
    let state = frameChosen(
      commit(adjusted(ready(), 'vibrance'), true).state,
      checkedChoice({ id: 'instant-mini' }),
    ).state;
    expect(committed(state).frame.id).toBe('instant-mini');
    state = imageLoadStarted(state, load).state;
    expect(committed(state)).toEqual(EMPTY_EDIT);
    expect(state.history.entries).toHaveLength(1);
  });

  it('a collage replaces the steps before it: the saves have no looks to run on the original', () => {
    const state = commit(adjusted(ready(), 'vibrance'), true).state;
    const collage = imageCommitted(state, {
      kind: 'image',
      id: 's9',
      image: 'i1',
      width: 800,
      height: 600,
      effectId: 'collageEffect',
    }).state;
    const { image, effects } = effectsAfterImage(committed(collage));
    expect(image?.image).toBe('i1');
    expect(effects).toEqual([]);
    expect(renderForm(committed(collage)).steps).toEqual([
      { kind: 'image', image: 'i1', width: 800, height: 600 },
    ]);
  });
});

describe('the edit as a link', () => {
  it('carries every look in order, the crop and the frame, and reads back the same', () => {
    const crop = cropForPhoto(
      { aspect: '4-5', aspectTurned: false, turns: 0, flipH: false, flipV: false, angle: 2 },
      PHOTO,
    );
    const edit: Edit = {
      crop,
      steps: [
        {
          kind: 'effect',
          id: 's1',
          effectId: 'ccdEffect',
          settings: { ccd_bloom_amount: 1.8, strength: 60 },
        },
        { kind: 'effect', id: 's2', effectId: 'vibrance', settings: { vibrance: 0.4 } },
      ],
      frame: checkedChoice({ id: 'instant-square', caption: 'Lake' }),
    };
    const search = editLinkSearch('?lang=de', edit);
    expect(new URLSearchParams(search).get('lang')).toBe('de');
    const link = parseLookLink(search);
    expect(link).toMatchObject({
      effectId: 'vibrance',
      settings: { vibrance: '0.4' },
      steps: [{ effectId: 'ccdEffect', settings: { ccd_bloom_amount: 1.8, strength: 60 } }],
      crop: { aspect: '4-5', angle: 2 },
      frame: { id: 'instant-square', caption: 'Lake' },
    });
  });

  it(`of ${MAX_LINK_STEPS} looks, every setting changed, stays under the ${MAX_STEPS_CHARS} characters the reader takes`, () => {
    const ccd = findEffect('ccdEffect')!;
    // Every setting of CCD away from its default: the longest a step of it can be written.
    const settings = Object.fromEntries(
      ccd.settings.map((setting) => [
        setting.name,
        setting.kind === 'range'
          ? setting.min + (setting.max - setting.min) * 0.37
          : setting.kind === 'toggle'
            ? !setting.default
            : setting.kind === 'select'
              ? (setting.options.at(-1)?.value ?? setting.default)
              : setting.default,
      ]),
    );
    const steps = Array.from({ length: MAX_LINK_STEPS + 1 }, (_, i) => ({
      kind: 'effect' as const,
      id: `s${i + 1}`,
      effectId: 'ccdEffect',
      settings,
    }));
    const search = editLinkSearch('', { ...EMPTY_EDIT, steps });
    expect(search.length).toBeLessThan(MAX_STEPS_CHARS);
    const link = parseLookLink(search);
    expect(link?.steps).toHaveLength(MAX_LINK_STEPS);
  });

  it('writes no look for an edit with a collage, and nothing but the other options for an empty one', () => {
    const collage: Edit = {
      ...EMPTY_EDIT,
      steps: [{ kind: 'image', id: 's1', image: 'i1', width: 10, height: 10, effectId: 'collageEffect' }],
    };
    expect(editLinkSearch('?lang=ja&effect=vibrance', collage)).toBe('?lang=ja');
    expect(editLinkSearch('', { ...EMPTY_EDIT, frame: NO_FRAME })).toBe('');
  });
});
