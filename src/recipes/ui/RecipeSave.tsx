import { useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { DEFAULT_RECIPE_NAME, type RecipeBook } from './recipe-book.ts';
import { MAX_RECIPE_NAME } from '../model/parse.ts';
import './RecipesPanel.css';

interface RecipeSaveProps {
  book: RecipeBook;
  disabled: boolean;
}

/**
 * 'Save as recipe' and its name field: the edit on screen kept as a recipe, in the recipes panel and
 * under a look's controls alike (saving keeps the look being adjusted open).
 */
export function RecipeSave({ book, disabled }: RecipeSaveProps) {
  const t = useT();
  const [naming, setNaming] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  if (!naming) {
    return (
      <button
        ref={saveButton}
        type="button"
        className="button"
        data-testid="recipe-save"
        disabled={disabled}
        onClick={() => setNaming(true)}
      >
        {t('Save as recipe')}
      </button>
    );
  }
  return (
    <form
      className="recipe-save-form"
      onKeyDown={(event) => {
        // Escape closes the form as Cancel does (the editor gives the focus back to Save as recipe).
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        setNaming(false);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        void book.saveCurrent(nameInput.current?.value ?? '').then((saved) => {
          if (saved) setNaming(false);
        });
      }}
    >
      <label htmlFor="recipe-name-input">{t('Recipe name')}</label>
      <input
        id="recipe-name-input"
        ref={nameInput}
        data-testid="recipe-name"
        defaultValue={t(DEFAULT_RECIPE_NAME)}
        maxLength={MAX_RECIPE_NAME}
        required
        autoFocus
      />
      <div className="recipe-save-actions">
        <button type="submit" className="button button-primary" data-testid="recipe-save-confirm">
          {t('Save')}
        </button>
        <button type="button" className="button" onClick={() => setNaming(false)}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
