// The edit as a link, the editor's side: sharing the edit on screen as one, and a link's edit made the
// photo's edit once the photo is ready. The link's own form is src/session/look-link.ts.
import { findEffect } from '../effects/index.ts';
import { resolveSettings } from '../effects/settings.ts';
import { hasImage, stepIds, type EffectStep } from '../edit/edit.ts';
import { allEdits, type EditChange } from '../edit/history.ts';
import { editOnScreen, editReplaced } from '../session/edit-state.ts';
import type { EditorState } from '../session/editor-state.ts';
import type { FeatureHost } from '../session/host.ts';
import { lookQuery, withLook } from '../session/look-link.ts';
import { showOrPutBack } from '../session/show-edit.ts';
import { cropForPhoto } from '../crop/model/crop-choice.ts';
import { cropStepId, isNoRecipe } from '../edit/crop.ts';
import { NO_FRAME } from '../edit/frame.ts';
import { editIsEmpty } from '../recipes/model/recipe-edit.ts';
import { t } from '../i18n/i18n.ts';
import { msg } from '../i18n/msg.ts';
import type { Store } from '../ui/jotai.ts';
import type { Notify } from '../ui/notifications.ts';
import { appLink, shareLink } from '../ui/share.ts';
import type { LinkedEdit } from './state/look-rules.ts';
import type { UserResources } from './user-resources.ts';

export const NOTHING_TO_SHARE = msg('There is nothing to share yet: choose a look, crop or frame first.');
export const COLLAGE_NOT_SHARED = msg('A collage cannot be shared as a link: save the photo instead.');
export const CUBE_NOT_SHARED = msg(
  'A link cannot carry your own .cube file: whoever opens it gets the look without it. Share the recipe file instead.',
);

/**
 * Shares a link to the edit on screen (the Web Share sheet, else the clipboard; the field shows it
 * either way). A collage, or the user's own .cube, cannot travel in a link: said instead.
 */
export async function shareEdit(state: EditorState, store: Store, notify: Notify): Promise<void> {
  const edit = editOnScreen(state);
  if (hasImage(edit)) return notify('warning', COLLAGE_NOT_SHARED);
  if (editIsEmpty(edit)) return notify('warning', NOTHING_TO_SHARE);
  if (edit.steps.some((step) => step.kind === 'effect' && step.cube)) notify('warning', CUBE_NOT_SHARED);
  const url = appLink('/editor', withLook('', lookQuery(edit)));
  await shareLink(url, t('My RetroCam look'), store, notify);
}

/** A link's edit before its look, once its photo is ready: one version of the history. */
export function applyLinkedEdit(linked: LinkedEdit, host: FeatureHost, resources: UserResources): boolean {
  const source = host.photo();
  if (!source) return false;
  const ids = stepIds(allEdits(host.state().history));
  const warn = (message: string) => host.notify('warning', message);
  const steps = (linked.steps ?? []).flatMap((step): EffectStep[] => {
    const effect = findEffect(step.effectId);
    if (!effect) return [];
    const given = Object.fromEntries(Object.entries(step.settings).map(([k, v]) => [k, String(v)]));
    const settings = resolveSettings(effect, resources.usableSettings(effect, given, warn));
    return [{ kind: 'effect', id: ids(), effectId: effect.id, settings }];
  });
  const crop = linked.crop && !isNoRecipe(linked.crop) ? cropForPhoto(linked.crop, source.original) : null;
  const edit = { crop, steps, frame: linked.frame ?? NO_FRAME };
  if (editIsEmpty(edit)) return false;
  const before = host.state();
  // A link that only crops is named as the crop it is.
  const change: EditChange =
    crop && steps.length === 0 && edit.frame.id === 'none'
      ? { kind: 'crop', step: cropStepId(crop) }
      : { kind: 'link' };
  host.run((s) => editReplaced(s, edit, change));
  void showOrPutBack(host, before);
  return true;
}
