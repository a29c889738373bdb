/**
 * The edit as the editor's state holds it: the committed version (the history's in force) and the look
 * being adjusted over it (the open step, at the settings last applied). Every reader of the edit goes
 * through these: the canvas, the saves, a batch, the link, a recipe, recovery. And the rules that make a
 * new version of it (a crop, a frame, a step taken out, a recipe, a collage, Undo and Redo), each one
 * entry of the history. Pure; tested rule by rule.
 */
import type { Shown } from '../i18n/msg.ts';
import { cropStepId, type CropChoice } from '../edit/crop.ts';
import {
  findStep,
  withCrop,
  withFrame,
  withoutStep,
  withStep,
  type Edit,
  type EffectStep,
  type ImageStep,
} from '../edit/edit.ts';
import {
  canRedo,
  canUndo,
  commitEdit,
  committedEdit,
  redoHistory,
  undoChange,
  undoHistory,
  type EditChange,
  type EditHistory,
} from '../edit/history.ts';
import type { FrameChoice } from '../edit/frame.ts';
import type { SettingValue } from '../pipeline/settings.ts';
import {
  isBusy,
  NO_EFFECT,
  none,
  warn,
  type EditorState,
  type Outcome,
  type SettingsRecord,
} from './editor-state.ts';

/** The committed edit: the history's version in force. */
export function committed(state: EditorState): Edit {
  return committedEdit(state.history);
}

/** The look being adjusted as a step of the edit, at these settings. */
function openLook(
  state: EditorState,
  effectId: string,
  settings: SettingsRecord,
  mask: string | undefined,
): EffectStep | null {
  const open = state.openStep;
  if (!open) return null;
  return {
    kind: 'effect',
    id: open.id,
    effectId,
    settings,
    ...(open.cube ? { cube: open.cube } : {}),
    ...(mask ? { mask } : {}),
  };
}

/** The committed edit with the look being adjusted at these settings (what an apply shows). */
export function editWithLook(
  state: EditorState,
  effectId: string,
  settings: SettingsRecord,
  mask?: string,
): Edit {
  const step = openLook(state, effectId, settings, mask);
  return step ? withStep(committed(state), step) : committed(state);
}

/** Whether the canvas shows the look being adjusted (it has been applied). */
export function lookApplied(state: EditorState): boolean {
  return (
    state.openStep !== null &&
    state.lastAppliedEffectId !== null &&
    state.lastAppliedEffectId === state.selectedEffectId &&
    state.lastAppliedSettings !== null
  );
}

/** The edit on screen: the committed edit with the look being adjusted as last applied. */
export function editOnScreen(state: EditorState): Edit {
  if (!lookApplied(state) || !state.lastAppliedEffectId || !state.lastAppliedSettings)
    return committed(state);
  return editWithLook(state, state.lastAppliedEffectId, state.lastAppliedSettings, state.openStep?.mask);
}

/**
 * The edit the address bar's link carries: the edit on screen, with the look being adjusted at its
 * current settings (the link follows a slider as it moves, not only once applied).
 */
export function linkEdit(state: EditorState): Edit {
  const selected = state.selectedEffectId;
  if (!selected || !state.openStep || state.collageConfig) return editOnScreen(state);
  return editWithLook(state, selected, state.currentSettings, state.openStep.mask);
}

/** Whether the open step is a step of the committed edit (a look opened again), not a new one. */
export function openStepIsKept(state: EditorState): boolean {
  return state.openStep !== null && findStep(committed(state), state.openStep.id) !== undefined;
}

export function undoDepth(state: EditorState): number {
  return state.history.position;
}

export function redoDepth(state: EditorState): number {
  return state.history.entries.length - 1 - state.history.position;
}

/** The names of the settings whose values differ (a step's change, as Undo names it). */
export function changedSettings(
  before: Readonly<Record<string, SettingValue>>,
  after: Readonly<Record<string, SettingValue>>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => !Object.is(before[name], after[name]));
}

// ---------------------------------------------------------------- new versions of the edit

/**
 * A new version of the edit, made by `change` from the committed one; the look being adjusted stays open
 * over it. `show`: the worker is to render it (a busy spell until it answers).
 */
function newVersion(
  state: EditorState,
  edit: Edit,
  change: EditChange,
  options: { group?: string; show: boolean },
): Outcome {
  const history = commitEdit(state.history, edit, change, options.group);
  if (!options.show) return { state: { ...state, history }, commands: [{ kind: 'frame' }] };
  return {
    state: { ...state, history, workerStatus: 'ApplyingEffect', errorMessage: null },
    commands: [],
  };
}

/**
 * A crop (null: the whole photo again) becomes the edit's: made from the original, before every step.
 * The look being adjusted stays open and is shown on the new crop. The caller shows the edit and, if the
 * worker cannot make it, puts the history back (`editRefused`).
 */
export function cropChosen(state: EditorState, choice: CropChoice | null): Outcome {
  const change: EditChange = { kind: 'crop', step: choice ? cropStepId(choice) : 'crop-none' };
  return newVersion(state, withCrop(committed(state), choice), change, { show: true });
}

/**
 * The frame around the edit: drawn by the worker around what it shows, no step rendered again.
 * Consecutive changes of one `group` (a visit to the frame choice, a caption typed) are one version.
 */
export function frameChosen(state: EditorState, frame: FrameChoice, group?: string): Outcome {
  const edit = committed(state);
  if (JSON.stringify(edit.frame) === JSON.stringify(frame)) return none(state);
  return newVersion(
    state,
    withFrame(edit, frame),
    { kind: 'frame', frameId: frame.id },
    {
      ...(group ? { group } : {}),
      show: false,
    },
  );
}

/**
 * A recipe's edit (or a link's) replaces the edit: the look being adjusted is let go. The caller shows
 * it (and puts the history back if the worker refuses it).
 */
export function editReplaced(state: EditorState, edit: Edit, change: EditChange): Outcome {
  const history = commitEdit(state.history, edit, change);
  return {
    state: {
      ...state,
      ...NO_EFFECT,
      isDrawingModeActive: false,
      history,
      workerStatus: 'ApplyingEffect',
      errorMessage: null,
    },
    commands: [],
  };
}

/** A collage's picture replaced the edit before it (its frame stays around it). */
export function imageCommitted(state: EditorState, step: ImageStep): Outcome {
  const before = committed(state);
  const edit: Edit = { crop: null, steps: [step], frame: before.frame };
  return {
    state: { ...state, history: commitEdit(state.history, edit, { kind: 'image', effectId: step.effectId }) },
    commands: [],
  };
}

/**
 * The worker could not show a new version (a crop it could not make): it still shows what it showed, so
 * the editor goes back to the history and the status it had, and says why.
 */
export function editRefused(
  state: EditorState,
  before: Pick<EditorState, 'history' | 'workerStatus'>,
  message: Shown,
): Outcome {
  return {
    state: { ...state, history: before.history, workerStatus: before.workerStatus },
    commands: [{ kind: 'notify', level: 'error', message }],
  };
}

/**
 * A step taken out alone (the crop and the frame too); the look being adjusted stays open unless it was
 * that step. Shown at once.
 */
export function stepRemoved(state: EditorState, id: string): Outcome {
  if (isBusy(state)) return warn(state, 'Step removal ignored: the worker is busy');
  const edit = committed(state);
  const step = findStep(edit, id);
  const what = step ? step.effectId : id;
  const open = state.openStep?.id === id;
  const base = open ? { ...state, ...NO_EFFECT, isDrawingModeActive: false } : state;
  if (!step && id !== 'crop' && id !== 'frame') {
    // Only the look being adjusted, never committed: letting it go is all.
    return open
      ? { state: base, commands: [{ kind: 'post', message: { type: 'resetCanvasToBase' } }] }
      : none(state);
  }
  const history = commitEdit(state.history, withoutStep(edit, id), { kind: 'remove', what });
  return {
    state: { ...base, history, workerStatus: 'ApplyingEffect', errorMessage: null },
    commands: [{ kind: 'show' }],
  };
}

/**
 * Whether the last change is a new look being adjusted (shown, not yet applied with Apply): no version of
 * the edit was made since it was chosen. Undo then takes it back alone.
 */
export function lookIsLastChange(state: EditorState): boolean {
  return lookApplied(state) && !openStepIsKept(state) && state.openStep?.openedOn === committed(state);
}

/** What Undo takes back: the new look being adjusted when it is the last change, else a version's change. */
export function undoTarget(state: EditorState): EditChange | null {
  if (lookIsLastChange(state) && state.lastAppliedEffectId)
    return { kind: 'effect', effectId: state.lastAppliedEffectId };
  return undoChange(state.history);
}

export function canUndoNow(state: EditorState): boolean {
  return !isBusy(state) && (canUndo(state.history) || lookIsLastChange(state));
}

/**
 * Undo takes back the last change. A new look being adjusted that is the last change goes alone (the
 * canvas shows the committed edit again). Else the version before: a new look being adjusted stays open,
 * shown over it (a crop made while it was open is taken back, not the user's work on the look); a look of
 * the edit opened again is let go (the version before may not have it).
 */
export function undoEdit(state: EditorState): Outcome {
  if (!isBusy(state) && lookIsLastChange(state)) {
    return {
      state: { ...state, ...NO_EFFECT, isDrawingModeActive: false, errorMessage: null },
      commands: [{ kind: 'post', message: { type: 'resetCanvasToBase' } }],
    };
  }
  return moveInHistory(state, canUndo(state.history), undoHistory, 'Nothing to undo');
}

/** Redo: the version after; a new look being adjusted stays open over it, as Undo keeps it. */
export function redoEdit(state: EditorState): Outcome {
  return moveInHistory(state, canRedo(state.history), redoHistory, 'Nothing to redo');
}

function moveInHistory(
  state: EditorState,
  possible: boolean,
  move: (history: EditHistory) => EditHistory,
  nothing: string,
): Outcome {
  if (isBusy(state) || !possible) return warn(state, nothing);
  const keepLook = lookApplied(state) && !openStepIsKept(state);
  return {
    state: {
      ...state,
      ...(keepLook ? {} : { ...NO_EFFECT, isDrawingModeActive: false }),
      history: move(state.history),
      workerStatus: 'ApplyingEffect',
      errorMessage: null,
    },
    commands: [{ kind: 'show' }],
  };
}
