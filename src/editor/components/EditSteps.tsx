import { memo, useCallback } from 'react';
import { cropStepId } from '../../edit/crop.ts';
import { cropOpenAtom } from '../../crop/ui/crop-controller.ts';
import { CROP_STEP_ID, FRAME_STEP_ID } from '../../edit/edit.ts';
import { editOnScreen } from '../../session/edit-state.ts';
import { isBusy, type EditorState } from '../../session/editor-state.ts';
import { frameOpenAtom } from '../../frames/ui/frame-controller.ts';
import { useAtomValue } from '../../ui/jotai.ts';
import { useT } from '../../i18n/use-t.ts';
import type { EditorController } from '../controller.ts';
import { useEditorState } from '../state/atoms.ts';
import { cropName, effectName, frameName } from './change-label.ts';
import './EditSteps.css';

/** One step as the list shows it: what it is, and how it is named. */
interface StepItem {
  id: string;
  kind: 'effect' | 'crop' | 'frame' | 'image';
  effectId?: string;
  /** The crop's step id or the frame's id, for its name. */
  name: string;
}

/** The edit on screen as the list's items: the crop first, the looks in order, the frame last. */
function stepItems(state: EditorState): string {
  const edit = editOnScreen(state);
  const items: StepItem[] = [];
  if (edit.crop) items.push({ id: CROP_STEP_ID, kind: 'crop', name: cropStepId(edit.crop) });
  for (const step of edit.steps) {
    items.push(
      step.kind === 'image'
        ? { id: step.id, kind: 'image', effectId: step.effectId, name: step.effectId }
        : { id: step.id, kind: 'effect', effectId: step.effectId, name: step.effectId },
    );
  }
  if (edit.frame.id !== 'none') items.push({ id: FRAME_STEP_ID, kind: 'frame', name: edit.frame.id });
  // As text: the list renders again only when a step comes, goes or changes its name.
  return JSON.stringify(items);
}

const stepsSlice = (state: EditorState) => ({
  items: stepItems(state),
  open: state.openStep?.id ?? null,
  busy: isBusy(state) || !state.isImageReadyInWorker,
});

/**
 * The edit's steps in order (`edit-steps`): a tap opens a step (a look's controls with its settings as
 * they are, the crop tool, the frames), × takes it out alone. On a phone the list scrolls sideways.
 */
export const EditSteps = memo(function EditSteps({ controller }: { controller: EditorController }) {
  const t = useT();
  const { items, open, busy } = useEditorState(stepsSlice);
  const cropOpen = useAtomValue(cropOpenAtom);
  const frameOpen = useAtomValue(frameOpenAtom);
  const steps = JSON.parse(items) as StepItem[];
  const label = useCallback(
    (item: StepItem) => {
      if (item.kind === 'crop') return cropName(item.name, t);
      if (item.kind === 'frame') return frameName(item.name, t);
      return effectName(item.name, t);
    },
    [t],
  );
  const current = (item: StepItem) =>
    item.kind === 'crop' ? cropOpen : item.kind === 'frame' ? frameOpen : item.id === open;
  return (
    <section className="edit-steps" data-testid="edit-steps" aria-labelledby="edit-steps-title">
      <h2 className="panel-title" id="edit-steps-title">
        {t('Your edit')}
      </h2>
      {steps.length === 0 ? (
        <p className="hint edit-steps-empty">{t('No changes yet: choose a look, crop or frame.')}</p>
      ) : (
        <ol>
          {steps.map((item) => {
            const name = label(item);
            return (
              <li
                key={item.id}
                className="edit-step"
                data-testid="edit-step"
                data-step-kind={item.kind}
                data-effect-id={item.effectId}
                aria-current={current(item) ? 'true' : undefined}
              >
                <button
                  type="button"
                  className="edit-step-open"
                  disabled={busy || item.kind === 'image'}
                  title={
                    item.kind === 'image' ? t('A collage is made once: it cannot be changed.') : undefined
                  }
                  onClick={() => controller.openStep(item.id)}
                >
                  {name}
                </button>
                <button
                  type="button"
                  className="edit-step-remove"
                  data-testid="edit-step-remove"
                  disabled={busy}
                  aria-label={t('Remove {step}', { step: name })}
                  title={t('Remove {step}', { step: name })}
                  onClick={() => controller.removeStep(item.id)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
});
