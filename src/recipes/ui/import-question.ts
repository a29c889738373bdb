/**
 * The question an import asks when the user already has the recipe (the same name, or the same content):
 * keep both (the copy named 'name (2)'), replace the kept one, or leave the file. The recipes panel shows
 * it from an atom; the import waits for the answer.
 */
import { atom, type Store } from '../../ui/jotai.ts';
import type { Recipe } from '../../edit/recipe.ts';
import type { KeptRecipe } from '../store/recipe-store.ts';

export type ImportAnswer = 'both' | 'replace' | 'skip';

export interface ImportQuestion {
  /** The kept recipe the import repeats. */
  existing: KeptRecipe;
  incoming: Recipe;
  /** It repeats the kept one's name (else its content, under another name). */
  sameName: boolean;
  answer(choice: ImportAnswer): void;
}

/** The question shown now, if any. */
export const importQuestionAtom = atom<ImportQuestion | null>(null);

/** Shows the question and waits for its answer; a question still open is left unanswered ('skip'). */
export function askAboutImport(
  store: Store,
  question: Omit<ImportQuestion, 'answer'>,
): Promise<ImportAnswer> {
  store.get(importQuestionAtom)?.answer('skip');
  return new Promise((resolve) => {
    const asked: ImportQuestion = {
      ...question,
      answer: (choice) => {
        if (store.get(importQuestionAtom) === asked) store.set(importQuestionAtom, null);
        resolve(choice);
      },
    };
    store.set(importQuestionAtom, asked);
  });
}
