/**
 * A look that comes with the photo rather than from the effect list: the page's link's (`?effect=...`,
 * its crop first) and a camera shot's, which is committed as the photo's first step so that Undo shows
 * the shot as the camera took it (a shot's recipe is applied whole, as one step). Pure; tested rule by
 * rule.
 */
import type { CropRecipe } from '../../edit/crop.ts';
import type { StatusMessage } from '../../engine/protocol.ts';
import type { FirstStep } from '../../intake/handoff.ts';
import type { Recipe } from '../../edit/recipe.ts';
import type { LookLink } from '../../session/look-link.ts';
import type { EditorState } from '../../session/editor-state.ts';

/** The editor opened on a link's look: it waits until the first photo is ready. */
export function lookLinked(state: EditorState, link: LookLink | null): EditorState {
  return { ...state, pendingLook: link };
}

/** A camera shot (or the landing page's photo) with its look, or none: kept until that file loads. */
export function shotChosen(state: EditorState, file: Blob, step: FirstStep | null): EditorState {
  return { ...state, shotLook: step ? { file, step } : null };
}

/**
 * A photo starts loading. A shot's look waits as the pending look (as a link's would), and is committed
 * once it is applied; any other photo forgets the shot, and what was to be committed.
 */
export function photoLoading(state: EditorState, file: Blob): EditorState {
  const shot = state.shotLook?.file === file ? state.shotLook.step : null;
  if (!shot) return { ...state, shotLook: null, commitAfter: null, pendingRecipe: null };
  if ('recipe' in shot) return { ...state, shotLook: null, commitAfter: null, pendingRecipe: shot.recipe };
  const settings = Object.fromEntries(
    Object.entries(shot.settings).map(([key, value]) => [key, String(value)]),
  );
  return {
    ...state,
    shotLook: null,
    pendingRecipe: null,
    commitAfter: shot.effectId,
    pendingLook: { effectId: shot.effectId, settings },
  };
}

/** A pending look is taken once its photo is ready in the worker, and the worker is idle. */
function photoReady(state: EditorState): boolean {
  return state.isImageReadyInWorker && state.workerStatus === 'ImageReady';
}

/** A link's edit before its look. */
export interface LinkedEdit {
  crop: CropRecipe | null;
  steps: LookLink['steps'];
  frame: LookLink['frame'];
}

/**
 * The pending look's edit before its look (its crop, its steps before the look, its frame), once its
 * photo is ready: made first, as one version of the history; its look is selected after.
 */
export function takeLinkedEdit(state: EditorState): ({ state: EditorState } & LinkedEdit) | null {
  const look = state.pendingLook;
  if (!look || (!look.crop && !look.steps?.length && !look.frame) || !photoReady(state)) return null;
  const { crop, steps, frame, ...rest } = look;
  return {
    state: { ...state, pendingLook: rest.effectId ? rest : null },
    crop: crop ?? null,
    steps,
    frame,
  };
}

/** The pending look, once its photo is ready: taken once, to be selected (and so applied). */
export function takeLinkedLook(
  state: EditorState,
): { state: EditorState; effectId: string | null; settings: Record<string, string> } | null {
  const look = state.pendingLook;
  if (!look || !photoReady(state)) return null;
  return { state: { ...state, pendingLook: null }, effectId: look.effectId, settings: look.settings };
}

/** A shot's recipe, once its photo is ready: taken once, to be applied through the recipe book. */
export function takeShotRecipe(state: EditorState): { state: EditorState; recipe: Recipe } | null {
  const recipe = state.pendingRecipe;
  if (!recipe || !photoReady(state)) return null;
  return { state: { ...state, pendingRecipe: null }, recipe };
}

/** A status from the worker: whether it completes the apply of a shot's look, which is committed now. */
export function commitDue(
  state: EditorState,
  message: StatusMessage,
): { state: EditorState; commit: boolean } {
  const due = state.commitAfter !== null && message.effectId === state.commitAfter;
  if (message.status !== 'effectComplete' || !due) {
    return { state, commit: false };
  }
  return { state: { ...state, commitAfter: null }, commit: true };
}
