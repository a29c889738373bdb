/**
 * The frame choice in a recipe (`RecipeFrame`, held by src/edit/recipe.ts) and back: kept apart
 * from the choice (src/edit/frame.ts), which the worker's protocol reads, so the recipe's imports never lead
 * back to it. The schema a recipe's frame is read with is made of the choice's own field checks
 * (`FRAME_FIELDS`), so a recipe holds what the frame choice takes, with the same limits.
 */
import * as v from 'valibot';
import { stripUnsafe } from '../../i18n/user-text.ts';
import { checkedChoice, FRAME_FIELDS, NO_FRAME, type FrameChoice } from '../../edit/frame.ts';
import type { RecipeFrame } from '../../edit/recipe.ts';

export type { RecipeFrame };

/** A text field of the choice, read from a file: cleaned as the field cleans it, then held to its limit. */
const cleanedText = (field: typeof FRAME_FIELDS.caption) =>
  v.pipe(v.string(), v.transform(stripUnsafe), field);

/** An option that cannot be read is left to its default (as the choice does), not a reason to refuse. */
const option = <T extends v.GenericSchema>(schema: T) => v.fallback(v.optional(schema), undefined);

/**
 * A recipe's frame as a file or a link holds it: a frame this build has (an unknown id is refused, not
 * dropped), a caption within the caption field's limit, and the options the choice knows.
 */
export const RECIPE_FRAME_SCHEMA = v.object({
  id: FRAME_FIELDS.id,
  caption: v.optional(cleanedText(FRAME_FIELDS.caption)),
  options: v.fallback(
    v.optional(
      v.object({
        edgeText: option(cleanedText(FRAME_FIELDS.edgeText)),
        frameNumber: option(FRAME_FIELDS.frameNumber),
        orangeMask: option(FRAME_FIELDS.orangeMask),
        date: option(FRAME_FIELDS.date),
      }),
    ),
    undefined,
  ),
});

/**
 * A recipe's frame read from outside: the frame (null for 'none'), or why not: 'unknown' for a frame id
 * this build has not got, 'invalid' for anything else.
 */
export function readRecipeFrame(raw: unknown): RecipeFrame | null | 'unknown' | 'invalid' {
  const result = v.safeParse(RECIPE_FRAME_SCHEMA, raw);
  if (!result.success) {
    const idIssue = result.issues.some((issue) => issue.path?.[0]?.key === 'id');
    const named = typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string';
    return idIssue && named ? 'unknown' : 'invalid';
  }
  const { id, caption, options } = result.output;
  if (id === 'none') return null;
  const kept = Object.fromEntries(Object.entries(options ?? {}).filter(([, value]) => value !== undefined));
  return {
    id,
    ...(caption ? { caption } : {}),
    ...(Object.keys(kept).length > 0 ? { options: kept } : {}),
  };
}

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
