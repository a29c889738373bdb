/**
 * Thumbnails of the user's own photo: every worker effect at its defaults, and every Filters
 * look as choosing it gives it. The UI and the worker share this list and its keys.
 */
import { LOOKS } from '../grading/looks/index.ts';
import { pg2016Effect } from './filters.ts';
import { EFFECTS, findEffect } from './index.ts';
import { resolveSettings, withSetting } from './settings.ts';
import { effectThumbnailKey, lookThumbnailKey } from './thumbnail-keys.ts';
import type { SettingValue } from './types.ts';

/** The long side of a thumbnail, in pixels (a 80 CSS px tile on a 2x screen). */
export const THUMBNAIL_SIZE = 160;

export interface ThumbnailJob {
  /** `effect:<effectId>` or `look:<filterName>`: more than one where they would be the same image. */
  readonly keys: readonly string[];
  readonly effectId: string;
  readonly settings: Readonly<Record<string, SettingValue>>;
  /** A recipe's effects, run in order (then `effectId` and `settings` are its first step's). */
  readonly chain?: readonly { effectId: string; settings: Readonly<Record<string, SettingValue>> }[];
}

/** A recipe's job: its key (`recipe:<id>`) and its steps. */
export function recipeThumbnailJob(key: string, chain: NonNullable<ThumbnailJob['chain']>): ThumbnailJob {
  return { keys: [key], effectId: chain[0]?.effectId ?? '', settings: chain[0]?.settings ?? {}, chain };
}

/** The set of a request: the effects, then the recipes (beside them on screen), then the looks. */
export function thumbnailSet(recipes: readonly ThumbnailJob[]): ThumbnailJob[] {
  const jobs = thumbnailJobs();
  const looks = jobs.findIndex((job) => !job.keys.some((key) => key.startsWith('effect:')));
  const at = looks < 0 ? jobs.length : looks;
  return [...jobs.slice(0, at), ...recipes, ...jobs.slice(at)];
}

export { effectThumbnailKey, lookThumbnailKey };

/**
 * The effects first (they are on screen first), then the looks; a look that is an effect's defaults (Filters
 * opens on Nashville) is made once for both.
 */
export function thumbnailJobs(): ThumbnailJob[] {
  const effects = EFFECTS.filter((effect) => effect.runsOn === 'worker').map((effect) => ({
    key: effectThumbnailKey(effect.id),
    effectId: effect.id,
    settings: resolveSettings(effect, {}),
  }));
  // As the list has it (with its strength), so that its defaults are the effect thumbnail's.
  const filters = findEffect(pg2016Effect.id) ?? pg2016Effect;
  const defaults = resolveSettings(filters, {});
  const looks = LOOKS.map((look) => ({
    key: lookThumbnailKey(look.name),
    effectId: filters.id,
    settings: withSetting(filters, defaults, 'filterName', look.name) ?? defaults,
  }));
  const jobs = new Map<string, { keys: string[]; effectId: string; settings: ThumbnailJob['settings'] }>();
  for (const { key, effectId, settings } of [...effects, ...looks]) {
    const same = JSON.stringify([effectId, Object.entries(settings).sort(([a], [b]) => a.localeCompare(b))]);
    const job = jobs.get(same);
    if (job) job.keys.push(key);
    else jobs.set(same, { keys: [key], effectId, settings });
  }
  return [...jobs.values()];
}

/** A thumbnail's size for an image: the long side THUMBNAIL_SIZE (never enlarged), the aspect kept. */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMBNAIL_SIZE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
