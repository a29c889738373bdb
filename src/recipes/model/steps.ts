/**
 * A recipe as a step of the editor's history: its id (what the worker's undo stack and a saved file's
 * name carry) and its name as Undo and Redo show it ('Recipe: Party 2005'). Pure.
 */
import { fill } from '../../i18n/msg.ts';
import { RECIPE_STEP_TEMPLATE } from '../../i18n/templates.ts';

const PREFIX = 'recipe:';

export function recipeStepId(name: string): string {
  return `${PREFIX}${name}`;
}

/** 'Recipe: <name>' for a recipe's step id; null for any other. */
export function recipeStepName(id: string): string | null {
  return id.startsWith(PREFIX) ? fill(RECIPE_STEP_TEMPLATE, { name: id.slice(PREFIX.length) }) : null;
}

/** What a saved photo's file name says for a recipe's step: 'recipe' (a name may hold any character). */
export function recipeStepFileName(id: string): string | null {
  return id.startsWith(PREFIX) ? 'recipe' : null;
}
