/**
 * Sharing a link (the edit on screen, a recipe): the Web Share sheet where the browser has one (phones),
 * else the clipboard with a message; either way the link is then shown in a read-only field the user can
 * copy by hand (a clipboard refused, a private window, a sheet closed).
 */
import { atom, type Store } from './jotai.ts';
import type { Notify } from './notifications.ts';
import { msg } from '../i18n/msg.ts';

/** The link last shared, shown in the share field until closed; null when none is. */
export const shareLinkAtom = atom<{ url: string; title: string } | null>(null);

export const LINK_COPIED = msg('Link copied. Anyone with it can try this look on their own photo.');
export const LINK_NOT_COPIED = msg('The link could not be copied: copy it from the field.');

/** The address of a page of the app with `search` (its origin and base path kept). */
export function appLink(path: string, search: string): string {
  return new URL(`${path}${search}`, window.location.href).href;
}

/** What was done with the link: the sheet took it, it was copied, or it is only in the field. */
export type ShareOutcome = 'shared' | 'copied' | 'shown';

export async function shareLink(
  url: string,
  title: string,
  store: Store,
  notify: Notify,
): Promise<ShareOutcome> {
  store.set(shareLinkAtom, { url, title });
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, title });
      return 'shared';
    } catch (error) {
      // The user closed the sheet: the field still holds the link.
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'shown';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify('success', LINK_COPIED);
    return 'copied';
  } catch {
    notify('info', LINK_NOT_COPIED);
    return 'shown';
  }
}
