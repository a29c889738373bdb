import { useCallback, useId, useState } from 'react';
import { recipesAtom } from '../../recipes/ui/recipe-book.ts';
import type { EditorController } from '../controller.ts';
import { batchAtom, batchPercent } from '../batch.ts';
import { useAtomValue } from '../../ui/jotai.ts';
import { useEditorState } from '../state/atoms.ts';
import { canRequestImage, isBusy, type EditorState } from '../../session/editor-state.ts';
import { editOnScreen } from '../../session/edit-state.ts';
import { editSummary } from './change-label.ts';
import './BatchPanel.css';
import { useT } from '../../i18n/use-t.ts';
import { translate } from '../../i18n/translate-message.ts';

const ready = (state: EditorState) => canRequestImage(state) && !isBusy(state);

/**
 * The photos chosen together. 'Apply to all' runs the look on screen on each at full size and
 * downloads one zip; while it runs, the progress (overall, and the photo it is on) and Cancel; refused
 * files are listed with the intake's message.
 */
export function BatchPanel({ controller }: { controller: EditorController }) {
  const batch = useAtomValue(batchAtom);
  const canApply = useEditorState(ready);
  const recipes = useAtomValue(recipesAtom);
  const t = useT();
  // What the edit on screen holds, named in the choice: the user sees what every photo will get.
  const onScreen = useEditorState(
    useCallback((state: EditorState) => editSummary(editOnScreen(state), t), [t]),
  );
  // What 'Apply to all' applies: the edit on screen ('') or a kept recipe, by its id.
  const [chosen, setChosen] = useState('');
  const lookId = useId();
  if (batch.files.length === 0) return null;
  const recipe = recipes.find((item) => item.id === chosen)?.recipe ?? null;
  const { running, refusals, files } = batch;
  const percent = batchPercent(batch);
  return (
    <section className="batch" aria-label={t('Batch')} data-testid="batch-panel">
      <p className="batch-count">
        {t('{count, plural, one {# photo} other {# photos}}', { count: files.length })}
      </p>
      {running ? (
        <div className="batch-progress" data-testid="batch-progress" data-progress={percent}>
          <progress max={100} value={percent} aria-label={t('Batch progress')}>
            {percent}%
          </progress>
          <p className="batch-status" data-testid="batch-status">
            {t('Photo {index} of {count} ({photoPercent}%), {percent}% in all', {
              index: running.index + 1,
              count: files.length,
              photoPercent: Math.round(running.fraction * 100),
              percent,
            })}
          </p>
          <button
            type="button"
            className="button"
            data-testid="batch-cancel"
            onClick={() => controller.saves.cancelBatch()}
          >
            {t('Cancel')}
          </button>
        </div>
      ) : (
        <>
          <div className="setting batch-look">
            <label htmlFor={lookId}>{t('Look')}</label>
            <select
              id={lookId}
              data-testid="batch-recipe"
              value={recipe ? chosen : ''}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="">{t('The edit on screen: {edit}', { edit: onScreen })}</option>
              {recipes.map((item) => (
                <option key={item.id} value={item.id}>
                  {t('Recipe: {name}', { name: item.recipe.name })}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button"
            data-testid="batch-apply"
            disabled={!canApply}
            title={t('Apply the look to every photo at full size, as one zip')}
            onClick={() => void controller.saves.applyToAll(recipe)}
          >
            {t('Apply to all')}
          </button>
        </>
      )}
      {refusals.length > 0 && (
        <ul className="batch-refusals" data-testid="batch-refusals">
          {refusals.map((refusal, index) => (
            <li key={`${index}-${refusal.name}`} data-testid="batch-refusal">
              <span className="batch-refusal-name">{refusal.name}</span>: {translate(refusal.message)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
