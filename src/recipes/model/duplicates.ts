/**
 * A recipe brought in (a file, a link) that the user already has: the kept recipe of the same name, or of
 * the same content (steps, crop, frame and .cube, whatever its name), and the name a second copy takes
 * ('Party 2005 (2)'). Pure.
 */
import { cutToCodePoints } from '../../i18n/user-text.ts';
import { MAX_RECIPE_NAME } from './parse.ts';
import type { Recipe } from '../../edit/recipe.ts';

/** `value` as JSON with every object's keys in order: the same content writes the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Whether two recipes do the same to a photo (their names aside). */
export function sameContent(a: Recipe, b: Recipe): boolean {
  const content = ({ steps, crop, frame, cubes }: Recipe) => canonical({ steps, crop, frame, cubes });
  return content(a) === content(b);
}

/** Names compared as a reader tells them apart: case and Unicode forms aside. */
function nameKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase();
}

/**
 * The kept recipe `incoming` repeats, and how: one of the same name first, else one of the same content;
 * null when it is new.
 */
export function findDuplicate<T extends { recipe: Recipe }>(
  kept: readonly T[],
  incoming: Recipe,
): { existing: T; sameName: boolean } | null {
  const key = nameKey(incoming.name);
  const named = kept.find((item) => nameKey(item.recipe.name) === key);
  if (named) return { existing: named, sameName: true };
  const same = kept.find((item) => sameContent(item.recipe, incoming));
  return same ? { existing: same, sameName: false } : null;
}

/** `name` for a second copy: 'name (2)', or the first number free, within the name's limit. */
export function copyName(name: string, taken: readonly string[]): string {
  const keys = new Set(taken.map(nameKey));
  const base = name.replace(/ \(\d+\)$/, '');
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${cutToCodePoints(base, MAX_RECIPE_NAME - suffix.length).trimEnd()}${suffix}`;
    if (!keys.has(nameKey(candidate))) return candidate;
  }
}
