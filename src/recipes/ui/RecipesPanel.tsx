import { useEffect, useRef, useState } from 'react';
import type { Recipe } from '../../edit/recipe.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAtomValue } from '../../ui/jotai.ts';
import { thumbnailsAtom } from '../../ui/atoms.ts';
import {
  OFFERED_KEY,
  offeredRecipeAtom,
  recipesAtom,
  recipesLoadedAtom,
  recipeStoreProblemAtom,
  recipeThumbnailKey,
  type RecipeBook,
} from './recipe-book.ts';
import { CubeExportDialog } from './CubeExportDialog.tsx';
import { importQuestionAtom, type ImportQuestion } from './import-question.ts';
import { inSentence } from '../../i18n/translate-message.ts';
import { RECIPE_SAME_CONTENT_TEMPLATE, RECIPE_SAME_NAME_TEMPLATE } from '../../i18n/templates.ts';
import { RecipeItem } from './RecipeItem.tsx';
import { RecipeSave } from './RecipeSave.tsx';
import './RecipesPanel.css';

interface RecipesPanelProps {
  book: RecipeBook;
  /** No photo yet, or the editor is busy: the tiles wait. */
  disabled: boolean;
  /** The plain photo, which a tile shows until its thumbnail is made. */
  photoUrl: string | null;
}

/**
 * The recipes, where the effects panel has no effect chosen: Save as recipe, the link's offered recipe,
 * the kept ones (each a tile of the user's photo with it, and its menu), Import, and where they are kept.
 */
export function RecipesPanel({ book, disabled, photoUrl }: RecipesPanelProps) {
  const t = useT();
  const recipes = useAtomValue(recipesAtom);
  const loaded = useAtomValue(recipesLoadedAtom);
  const offered = useAtomValue(offeredRecipeAtom);
  const problem = useAtomValue(recipeStoreProblemAtom);
  const thumbnails = useAtomValue(thumbnailsAtom);
  const importInput = useRef<HTMLInputElement>(null);
  const [cubeRecipe, setCubeRecipe] = useState<Recipe | null>(null);
  const question = useAtomValue(importQuestionAtom);
  // A link's recipe is what its visitor came for: in view once their photo is there to try it on.
  const offeredRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (offered && !disabled) offeredRef.current?.scrollIntoView({ block: 'nearest' });
  }, [offered, disabled]);
  return (
    <section className="recipes" aria-labelledby="recipes-title" data-testid="recipes">
      <h2 className="panel-title" id="recipes-title">
        {t('Recipes')}
      </h2>
      <RecipeSave book={book} disabled={disabled} />
      {offered && (
        <div className="recipe-offered" data-testid="recipe-offered" ref={offeredRef}>
          <p className="hint">{t('A recipe from a link: tap it to apply it to your photo.')}</p>
          <ul className="recipe-list">
            <RecipeItem
              recipe={offered}
              thumbnail={thumbnails[recipeThumbnailKey(OFFERED_KEY)]}
              photoUrl={photoUrl}
              disabled={disabled}
              onApply={() => void book.apply(offered)}
            />
          </ul>
          <button
            type="button"
            className="button"
            data-testid="recipe-keep-offered"
            onClick={() => void book.keepOffered()}
          >
            {t('Keep in my recipes')}
          </button>
        </div>
      )}
      {loaded && recipes.length === 0 && (
        <p className="hint">{t('No recipes yet: save your edit as one.')}</p>
      )}
      <ul className="recipe-list" aria-label={t('Your recipes')}>
        {recipes.map(({ id, recipe }, index) => (
          <RecipeItem
            key={id}
            recipe={recipe}
            thumbnail={thumbnails[recipeThumbnailKey(id)]}
            photoUrl={photoUrl}
            disabled={disabled}
            onApply={() => void book.apply(recipe)}
            menu={{
              first: index === 0,
              last: index === recipes.length - 1,
              onRename: (name) => void book.rename(id, name),
              onMove: (by) => void book.move(id, by),
              onExport: () => book.export(recipe),
              onShare: () => void book.share(recipe),
              onExportCube: () => setCubeRecipe(recipe),
              onDelete: () => void book.remove(id),
            }}
          />
        ))}
      </ul>
      <button type="button" className="button" onClick={() => importInput.current?.click()}>
        {t('Import a recipe…')}
      </button>
      {question && <ImportQuestionPrompt question={question} />}
      <input
        ref={importInput}
        className="visually-hidden"
        type="file"
        accept=".json,application/json"
        multiple
        data-testid="recipe-import-input"
        aria-label={t('Import recipe files')}
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void book.importFiles(files);
        }}
      />
      <p className="hint recipe-where">
        {problem
          ? t(problem)
          : t(
              'Recipes are kept in this browser, on this device. Safari deletes them after seven days without a visit unless RetroCam is on the Home Screen: export the ones you want to keep.',
            )}
      </p>
      <CubeExportDialog
        recipe={cubeRecipe}
        exportCube={book.exportCube}
        onClose={() => setCubeRecipe(null)}
      />
    </section>
  );
}

/** An imported recipe the user already has: keep both, replace the kept one, or leave the file. */
function ImportQuestionPrompt({ question }: { question: ImportQuestion }) {
  const t = useT();
  const name = inSentence(question.existing.recipe.name);
  return (
    <div
      className="recipe-import-question"
      role="group"
      aria-labelledby="recipe-import-question-text"
      data-testid="recipe-import-question"
    >
      <p id="recipe-import-question-text">
        {t(question.sameName ? RECIPE_SAME_NAME_TEMPLATE : RECIPE_SAME_CONTENT_TEMPLATE, { name })}
      </p>
      <div className="recipe-save-actions">
        <button
          type="button"
          className="button button-primary"
          data-testid="recipe-import-keep-both"
          autoFocus
          onClick={() => question.answer('both')}
        >
          {t('Keep both')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="recipe-import-replace"
          onClick={() => question.answer('replace')}
        >
          {t('Replace')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="recipe-import-cancel"
          onClick={() => question.answer('skip')}
        >
          {t('Cancel')}
        </button>
      </div>
    </div>
  );
}
