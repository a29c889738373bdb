/** Spec section 4: selecting, changing, applying and committing effects, and the history. Pure. */
import { DEFAULT_COLLAGE_CONFIG } from '../../collage/model/types.ts';
import { findEffect } from '../../effects/index.ts';
import { defaultSettings, resolveSettings, withSetting } from '../../effects/settings.ts';
import { type EffectDefinition, type Settings } from '../../effects/types.ts';
import { collageCanvasFor } from '../../collage/model/collage-rules.ts';
import {
  COLLAGE_BACKGROUND_ON_OPEN,
  type Command,
  type EditorState,
  MIN_BLUR_BRUSH_SIZE,
  NO_EFFECT,
  type Outcome,
  type SettingsRecord,
  canCommit,
  canRequestImage,
  drawingModeOf,
  isBusy,
  isSettled,
  none,
  settingsEqual,
  shouldAutoApply,
  warn,
} from '../../session/editor-state.ts';
import { asMessage, msg } from '../../i18n/msg.ts';
import { APPLIED_TEMPLATE } from '../../i18n/templates.ts';
import { findStep, newStepId, type EffectStep, type Edit } from '../../edit/edit.ts';
import { allEdits, commitEdit } from '../../edit/history.ts';
import {
  changedSettings,
  committed,
  editOnScreen,
  lookApplied,
  openStepIsKept,
  redoEdit,
  undoEdit,
} from '../../session/edit-state.ts';

// ---------------------------------------------------------------- effects

/**
 * Selecting a non-collage effect loads its default settings (or the given ones, from a link) and clears
 * the error and the last-applied state. Selecting collage resets the worker canvas to base if the worker
 * is ready, creates the collage config and asks for the base image. Blocked while busy.
 *
 * An effect that is a step of the edit already opens that step (its settings as they are, shown as they
 * are: nothing to apply) unless `asNew` asks for another copy; the effect being adjusted stays as it is.
 * A look opened again and changed is kept (one version of the history) before another is chosen; a new
 * look not applied with Apply is let go, as the spec's selection lets it go.
 */
export function selectEffect(
  state: EditorState,
  effect: EffectDefinition,
  given?: Settings,
  options: { asNew?: boolean } = {},
): Outcome {
  if (isBusy(state)) return warn(state, 'Effect selection ignored: the worker is busy');
  // The look being adjusted is a step of the edit already: choosing it again keeps it as it is.
  if (!given && !options.asNew && state.selectedEffectId === effect.id && openStepIsKept(state))
    return none(state);
  const kept = keepOpenStep(state);
  const settled = kept.state;
  const commands: Command[] = [...kept.commands];
  // A look shown but not kept is let go: the canvas goes back to the committed edit.
  const dropsLook = lookApplied(settled) && !openStepIsKept(settled);
  if (effect.controls === 'collage') {
    if (isSettled(settled) || settled.workerStatus === 'WorkerReady') {
      commands.push({ kind: 'post', message: { type: 'resetCanvasToBase' } });
    }
    if (canRequestImage(settled)) {
      commands.push({ kind: 'post', message: { type: 'requestImageBitmap', source: 'currentBase' } });
    }
    return {
      state: {
        ...settled,
        selectedEffectId: effect.id,
        currentSettings: {},
        lastAppliedEffectId: null,
        lastAppliedSettings: null,
        openStep: null,
        isDrawingModeActive: false,
        errorMessage: null,
        collageConfig: {
          ...DEFAULT_COLLAGE_CONFIG,
          ...collageCanvasFor(settled.processingWidth, settled.processingHeight),
          backgroundColor: COLLAGE_BACKGROUND_ON_OPEN,
        },
      },
      commands,
    };
  }
  const existing = options.asNew || given ? undefined : lastStepOf(committed(settled), effect.id);
  if (existing) return openKept(settled, existing, dropsLook, commands);
  const settings = given ? resolveSettings(effect, given) : defaultSettings(effect);
  const next: EditorState = {
    ...settled,
    selectedEffectId: effect.id,
    currentSettings: settings,
    errorMessage: null,
    lastAppliedEffectId: null,
    lastAppliedSettings: null,
    openStep: { id: newStepId(allEdits(settled.history)), openedOn: committed(settled) },
    isDrawingModeActive: drawingModeOf(effect.id, settings),
  };
  return { state: withBrushDefault(next, settled), commands };
}

/** A tap on a look of the edit: its controls open with its settings as they are (shown as they are). */
export function selectStep(state: EditorState, id: string): Outcome {
  if (isBusy(state)) return warn(state, 'Step selection ignored: the worker is busy');
  if (state.openStep?.id === id) return none(state);
  const kept = keepOpenStep(state);
  const settled = kept.state;
  const step = findStep(committed(settled), id);
  if (step?.kind !== 'effect') return kept;
  const dropsLook = lookApplied(settled) && !openStepIsKept(settled);
  return openKept(settled, step, dropsLook, [...kept.commands]);
}

/** Opens a look of the committed edit; `dropsLook`: a new look shown but not kept is let go first. */
function openKept(state: EditorState, step: EffectStep, dropsLook: boolean, commands: Command[]): Outcome {
  if (dropsLook) commands.push({ kind: 'post', message: { type: 'resetCanvasToBase' } });
  const settings = { ...step.settings };
  const next: EditorState = {
    ...state,
    selectedEffectId: step.effectId,
    currentSettings: settings,
    errorMessage: null,
    collageConfig: null,
    lastAppliedEffectId: step.effectId,
    lastAppliedSettings: settings,
    openStep: {
      id: step.id,
      ...(step.cube ? { cube: step.cube } : {}),
      ...(step.mask ? { mask: step.mask } : {}),
    },
    isDrawingModeActive: drawingModeOf(step.effectId, settings),
  };
  return { state: withBrushDefault(next, state), commands };
}

/** The last step of the edit that runs `effectId`. */
function lastStepOf(edit: Edit, effectId: string): EffectStep | undefined {
  return edit.steps
    .filter((step): step is EffectStep => step.kind === 'effect' && step.effectId === effectId)
    .at(-1);
}

/**
 * Before another look is chosen: a look opened again and changed is kept as it is shown (one version,
 * 'CCD: Bloom'); the worker's base follows.
 */
function keepOpenStep(state: EditorState): Outcome {
  if (!openStepIsKept(state) || !lookApplied(state)) return none(state);
  const kept = keptVersion(state);
  if (!kept) return none(state);
  return {
    state: { ...state, history: kept },
    commands: [{ kind: 'post', message: { type: 'commitEffect' } }],
  };
}

/**
 * The history with the edit on screen kept as its newest version: a new look ('CCD'), or a look opened
 * again and changed ('CCD: Bloom'); null when the look opened again is unchanged.
 */
function keptVersion(state: EditorState) {
  const effectId = state.lastAppliedEffectId;
  const open = state.openStep;
  if (!effectId || !open || !state.lastAppliedSettings) return null;
  const before = findStep(committed(state), open.id);
  const edit = editOnScreen(state);
  if (!before) return commitEdit(state.history, edit, { kind: 'effect', effectId });
  if (before.kind !== 'effect') return null;
  const settings = changedSettings(before.settings, state.lastAppliedSettings);
  if (before.mask !== open.mask) settings.push('mask');
  if (settings.length === 0) return null;
  return commitEdit(state.history, edit, { kind: 'effect', effectId, settings });
}

/**
 * A setting takes a new value (clamped and validated; refused values change nothing) and the effect keeps
 * its other settings consistent. Blocked while busy.
 */
export function changeSetting(state: EditorState, name: string, raw: unknown): Outcome {
  if (isBusy(state)) return warn(state, 'Setting change ignored: the worker is busy');
  const effect = findEffect(state.selectedEffectId);
  if (!effect) return warn(state, 'Setting change ignored: no effect selected');
  const settings = withSetting(effect, state.currentSettings, name, raw);
  if (!settings || settingsEqual(settings, state.currentSettings)) return none(state);
  const next = {
    ...state,
    currentSettings: settings,
    isDrawingModeActive: drawingModeOf(effect.id, settings),
  };
  return none(withBrushDefault(next, state));
}

/**
 * The brush starts where the drawing effect says for its settings when the setting it follows changes
 * (spec section 9: 60 for a gaussian blur, 80 for pixelate).
 */
function withBrushDefault(next: EditorState, before: EditorState): EditorState {
  const drawing = findEffect(next.selectedEffectId)?.drawing;
  if (!drawing?.brushFollows) return next;
  const value = next.currentSettings[drawing.brushFollows];
  const previous =
    before.selectedEffectId === next.selectedEffectId
      ? before.currentSettings[drawing.brushFollows]
      : undefined;
  if (value === previous) return next;
  return { ...next, blurBrushSize: drawing.brushDefault(next.currentSettings) };
}

export function setBrushSize(state: EditorState, size: number): EditorState {
  if (!Number.isFinite(size)) return state;
  return { ...state, blurBrushSize: Math.max(MIN_BLUR_BRUSH_SIZE, Math.round(size)) };
}

/**
 * Applying an effect needs a selected effect (or explicit settings), and the status ImageReady or
 * effectComplete unless explicit settings are given. A worker effect moves the status to ApplyingEffect.
 */
export function applyEffect(
  state: EditorState,
  explicit?: { effectId: string; settings: SettingsRecord },
): Outcome {
  const effectId = explicit?.effectId ?? state.selectedEffectId;
  if (!effectId) return warn(state, 'Apply ignored: no effect selected');
  if (!explicit && !isSettled(state)) return warn(state, 'Apply ignored: the worker is not ready or busy');
  const effect = findEffect(effectId);
  if (!effect) return warn(state, `Apply ignored: unknown effect ${effectId}`);
  const settings = explicit?.settings ?? state.currentSettings;
  if (effect.runsOn === 'main') {
    // A main-thread effect returns ApplyingEffect to ImageReady.
    return none({
      ...state,
      activeEffectId: effectId,
      activeSettings: settings,
      workerStatus: state.workerStatus === 'ApplyingEffect' ? 'ImageReady' : state.workerStatus,
    });
  }
  return {
    state: { ...state, activeEffectId: effectId, activeSettings: settings, workerStatus: 'ApplyingEffect' },
    commands: [
      {
        kind: 'post',
        message: { type: 'applyEffect', effectId, settings, withMask: drawingModeOf(effectId, settings) },
      },
    ],
  };
}

/** Runs the automatic apply when its rule holds. */
export function autoApply(state: EditorState, trigger: 'change' | 'strokeEnd' = 'change'): Outcome {
  return shouldAutoApply(state, trigger) ? applyEffect(state) : none(state);
}

/**
 * Apply button / commit: needs ImageReady or effectComplete and a last-applied effect, otherwise ignored
 * with a console warning. The edit on screen becomes a version of the history (a new look 'CCD', a look
 * opened again and changed 'CCD: Bloom'), the worker's base follows, and the selection is cleared as the
 * spec's commitSuccess clears it. (The collage commits through its own editor.)
 */
export function commit(state: EditorState, workerAvailable: boolean): Outcome {
  if (!workerAvailable) {
    return {
      state,
      commands: [{ kind: 'notify', level: 'warning', message: msg('Cannot commit: Worker not available.') }],
    };
  }
  if (!canCommit(state)) return warn(state, 'Commit ignored: no applied effect to commit');
  const applied = findEffect(state.lastAppliedEffectId);
  const history = keptVersion(state) ?? state.history;
  const next: EditorState = {
    ...state,
    ...NO_EFFECT,
    history,
    workerStatus: 'ImageReady',
    isDrawingModeActive: false,
    errorMessage: null,
  };
  const commands: Command[] = [{ kind: 'post', message: { type: 'commitEffect' } }];
  if (applied && history !== state.history)
    commands.unshift({
      kind: 'notify',
      level: 'info',
      message: msg(APPLIED_TEMPLATE, { effect: asMessage(applied.name) }),
    });
  return { state: next, commands };
}

/** The look being adjusted reads this .cube (its hash) from now on. */
export function withOpenCube(state: EditorState, cube: string): EditorState {
  return state.openStep ? { ...state, openStep: { ...state.openStep, cube } } : state;
}

export function undo(state: EditorState): Outcome {
  return undoEdit(state);
}

export function redo(state: EditorState): Outcome {
  return redoEdit(state);
}

/** When collage is selected and the image is ready, the editor asks the worker for the current base image. */
export function requestBaseBitmap(state: EditorState): Outcome {
  if (!canRequestImage(state)) return warn(state, 'Bitmap request ignored: no image is ready');
  return {
    state,
    commands: [{ kind: 'post', message: { type: 'requestImageBitmap', source: 'currentBase' } }],
  };
}
