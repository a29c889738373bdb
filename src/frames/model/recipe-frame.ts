/**
 * The frame choice in a recipe (`RecipeFrame`, src/recipes/model/recipe.ts) and back: kept apart from
 * choice.ts, which the worker's protocol reads, so the recipe's imports never lead back to it.
 */
import type { RecipeFrame } from '../../recipes/model/recipe.ts';
import { checkedChoice, NO_FRAME, type FrameChoice } from './choice.ts';

/** The choice as a recipe keeps it; null for no frame. */
export function toRecipeFrame(choice: FrameChoice): RecipeFrame | null {
  if (choice.id === 'none') return null;
  return {
    id: choice.id,
    ...(choice.caption ? { caption: choice.caption } : {}),
    options: {
      edgeText: choice.edgeText,
      frameNumber: choice.frameNumber,
      orangeMask: choice.orangeMask,
      date: choice.date,
    },
  };
}

/** A recipe's frame as a choice (checked: a recipe may come from a file). */
export function fromRecipeFrame(frame: RecipeFrame | null | undefined): FrameChoice {
  if (!frame) return NO_FRAME;
  return checkedChoice({ ...frame.options, id: frame.id, caption: frame.caption });
}
