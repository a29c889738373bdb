/**
 * The name of a change of the edit, as Undo and Redo show it ('CCD', 'CCD: Bloom', 'Crop 4:5',
 * 'Frame: Instant square', 'Recipe: Lake', 'Remove CCD'), and of a step, as the step list shows it;
 * translated with `t`.
 */
import { cropStepId } from '../../edit/crop.ts';
import type { Edit } from '../../edit/edit.ts';
import { findEffect } from '../../effects/index.ts';
import type { EditChange } from '../../edit/history.ts';
import { FRAMES } from '../../frames/model/frames.ts';
import { CROP_TEMPLATE } from '../../i18n/templates.ts';
import type { MessageValues } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';

type Translate = (id: string, values?: MessageValues) => string;

/** An effect's name as the user knows it. */
export function effectName(effectId: string, t: Translate): string {
  const effect = findEffect(effectId);
  return effect ? t(effect.name) : effectId;
}

/** A frame's name. */
export function frameName(frameId: string, t: Translate): string {
  const frame = FRAMES.find((f) => f.id === frameId);
  return frame ? t(frame.name) : t(msg('No frame'));
}

/** A crop's name from its step id ('crop-4-5': 'Crop 4:5'). */
export function cropName(step: string, t: Translate): string {
  if (step === 'crop-original') return t(msg('Crop Original'));
  if (!step.startsWith('crop-') || step === 'crop-none') return t(msg('Crop'));
  return t(CROP_TEMPLATE, { aspect: step.slice('crop-'.length).replace('-', ':') });
}

/** What the step named `what` (an effect id, 'crop' or 'frame') is called. */
function whatName(what: string, t: Translate): string {
  if (what === 'crop') return t(msg('Crop'));
  if (what === 'frame') return t(msg('Frame'));
  return effectName(what, t);
}

export function changeLabel(change: EditChange, t: Translate): string {
  switch (change.kind) {
    case 'effect': {
      const name = effectName(change.effectId, t);
      const effect = findEffect(change.effectId);
      const settings = (change.settings ?? []).flatMap((setting) => {
        const definition = effect?.settings.find((s) => s.name === setting);
        return definition ? [t(definition.label)] : [];
      });
      return settings.length > 0
        ? t(msg('{step}: {settings}'), { step: name, settings: settings.join(', ') })
        : name;
    }
    case 'remove':
      return t(msg('Remove {step}'), { step: whatName(change.what, t) });
    case 'crop':
      return cropName(change.step, t);
    case 'frame':
      return t(msg('{step}: {settings}'), { step: t(msg('Frame')), settings: frameName(change.frameId, t) });
    case 'recipe':
      return t(msg('Recipe: {name}'), { name: change.name });
    case 'image':
      return effectName(change.effectId, t);
    case 'link':
      return t(msg('Shared look'));
  }
}

/**
 * What an edit holds, as a batch's 'The edit on screen' names it: its looks, its crop and its frame in
 * order ('CCD, Crop 4:5, Instant square'); 'No changes' for none.
 */
export function editSummary(edit: Edit, t: Translate): string {
  const parts = [
    ...edit.steps.map((step) => effectName(step.effectId, t)),
    ...(edit.crop ? [cropName(cropStepId(edit.crop), t)] : []),
    ...(edit.frame.id !== 'none' ? [frameName(edit.frame.id, t)] : []),
  ];
  return parts.length > 0 ? parts.join(t(msg(', '))) : t(msg('No changes'));
}
