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
} from '../../features/editor-state.ts';
import { msg } from '../../i18n/msg.ts';

// ---------------------------------------------------------------- effects

/**
 * Selecting a non-collage effect loads its default settings (or the given ones, from a link) and clears
 * the error and the last-applied state. Selecting collage resets the worker canvas to base if the worker
 * is ready, creates the collage config and asks for the base image. Blocked while busy.
 */
export function selectEffect(state: EditorState, effect: EffectDefinition, given?: Settings): Outcome {
  if (isBusy(state)) return warn(state, 'Effect selection ignored: the worker is busy');
  if (effect.controls === 'collage') {
    const commands: Command[] = [];
    if (isSettled(state) || state.workerStatus === 'WorkerReady') {
      commands.push({ kind: 'post', message: { type: 'resetCanvasToBase' } });
    }
    if (canRequestImage(state)) {
      commands.push({ kind: 'post', message: { type: 'requestImageBitmap', source: 'currentBase' } });
    }
    return {
      state: {
        ...state,
        selectedEffectId: effect.id,
        currentSettings: {},
        lastAppliedEffectId: null,
        lastAppliedSettings: null,
        isDrawingModeActive: false,
        errorMessage: null,
        collageConfig: {
          ...DEFAULT_COLLAGE_CONFIG,
          ...collageCanvasFor(state.processingWidth, state.processingHeight),
          backgroundColor: COLLAGE_BACKGROUND_ON_OPEN,
        },
      },
      commands,
    };
  }
  const settings = given ? resolveSettings(effect, given) : defaultSettings(effect);
  const next: EditorState = {
    ...state,
    selectedEffectId: effect.id,
    currentSettings: settings,
    errorMessage: null,
    lastAppliedEffectId: null,
    lastAppliedSettings: null,
    isDrawingModeActive: drawingModeOf(effect.id, settings),
  };
  return none(withBrushDefault(next, state));
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
 * with a console warning. (The collage commits through its own editor.)
 */
export function commit(state: EditorState, workerAvailable: boolean): Outcome {
  if (!workerAvailable) {
    return {
      state,
      commands: [{ kind: 'notify', level: 'warning', message: msg('Cannot commit: Worker not available.') }],
    };
  }
  if (!canCommit(state)) return warn(state, 'Commit ignored: no applied effect to commit');
  return { state, commands: [{ kind: 'post', message: { type: 'commitEffect' } }] };
}

export function undo(state: EditorState): Outcome {
  if (isBusy(state) || state.undoDepth === 0) return warn(state, 'Nothing to undo');
  return {
    state: { ...state, workerStatus: 'ApplyingEffect' },
    commands: [{ kind: 'post', message: { type: 'undo' } }],
  };
}

export function redo(state: EditorState): Outcome {
  if (isBusy(state) || state.redoDepth === 0) return warn(state, 'Nothing to redo');
  return {
    state: { ...state, workerStatus: 'ApplyingEffect' },
    commands: [{ kind: 'post', message: { type: 'redo' } }],
  };
}

/** When collage is selected and the image is ready, the editor asks the worker for the current base image. */
export function requestBaseBitmap(state: EditorState): Outcome {
  if (!canRequestImage(state)) return warn(state, 'Bitmap request ignored: no image is ready');
  return {
    state,
    commands: [{ kind: 'post', message: { type: 'requestImageBitmap', source: 'currentBase' } }],
  };
}
