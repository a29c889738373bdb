import { useId, useState } from 'react';
import { recipesAtom } from '../../recipes/ui/recipe-book.ts';
import type { EditorController } from '../controller.ts';
import { batchAtom, batchPercent } from '../batch.ts';
import { useAtomValue } from '../editor-jotai.ts';
import { useEditorState } from '../state/atoms.ts';
import { canRequestImage, isBusy, type EditorState } from '../state/editor-state.ts';
import './BatchPanel.css';

const ready = (state: EditorState) => canRequestImage(state) && !isBusy(state);

/**
 * Issue 27: the photos chosen together. 'Apply to all' runs the look on screen on each at full size and
 * downloads one zip; while it runs, the progress (overall, and the photo it is on) and Cancel; refused
 * files are listed with the intake's message.
 */
export function BatchPanel({ controller }: { controller: EditorController }) {
  const batch = useAtomValue(batchAtom);
  const canApply = useEditorState(ready);
  const recipes = useAtomValue(recipesAtom);
  // What 'Apply to all' applies: the edit on screen ('') or a kept recipe, by its id.
  const [chosen, setChosen] = useState('');
  const lookId = useId();
  if (batch.files.length === 0) return null;
  const recipe = recipes.find((item) => item.id === chosen)?.recipe ?? null;
  const { running, refusals, files } = batch;
  const percent = batchPercent(batch);
  return (
    <section className="batch" aria-label="Batch" data-testid="batch-panel">
      <p className="batch-count">{files.length} photos</p>
      {running ? (
        <div className="batch-progress" data-testid="batch-progress" data-progress={percent}>
          <progress max={100} value={percent} aria-label="Batch progress">
            {percent}%
          </progress>
          <p className="batch-status" data-testid="batch-status">
            Photo {running.index + 1} of {files.length} ({Math.round(running.fraction * 100)}%), {percent}% in
            all
          </p>
          <button
            type="button"
            className="button"
            data-testid="batch-cancel"
            onClick={() => controller.saves.cancelBatch()}
          >
            Cancel
          </button>
        </div>
      ) : (
        <>
          <div className="setting batch-look">
            <label htmlFor={lookId}>Look</label>
            <select
              id={lookId}
              data-testid="batch-recipe"
              value={recipe ? chosen : ''}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="">The edit on screen</option>
              {recipes.map((item) => (
                <option key={item.id} value={item.id}>
                  Recipe: {item.recipe.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button"
            data-testid="batch-apply"
            disabled={!canApply}
            title="Apply the look to every photo at full size, as one zip"
            onClick={() => void controller.saves.applyToAll(recipe)}
          >
            Apply to all
          </button>
        </>
      )}
      {refusals.length > 0 && (
        <ul className="batch-refusals" data-testid="batch-refusals">
          {refusals.map((refusal, index) => (
            <li key={`${index}-${refusal.name}`} data-testid="batch-refusal">
              <span className="batch-refusal-name">{refusal.name}</span>: {refusal.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
