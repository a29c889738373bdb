import { english, type Shown } from '../i18n/msg.ts';
import { atom, type Store } from './jotai.ts';

/** How a notification looks: an error, a warning, a success or news. */
export type NotificationKind = 'error' | 'warning' | 'success' | 'info';

/** A button in the notification that finishes what the message is about (one tap, then it closes). */
export interface NotificationAction {
  label: Shown;
  run: () => void;
}

export interface Notification {
  id: number;
  kind: NotificationKind;
  message: Shown;
  /** Closes by itself after this long on screen; null: stays until closed or the user acts again. */
  durationMs: number | null;
  action?: NotificationAction;
  /** Work in progress ('Preparing image...'): the next notification (its outcome) takes its place. */
  passing?: boolean;
}

export const NOTIFICATION_DURATION_MS = 5000;
/**
 * A notification's duration for work in progress: it stays its 5 s at most, and gives way to the next
 * notification, which tells how the work ended, rather than staying over the photo under it.
 */
export const UNTIL_NEXT = 'untilNext';
/**
 * How many notifications are on screen at once; older errors and Undos wait, their time not yet counting
 * (older plain news is dropped).
 */
export const SHOWN_AT_ONCE = 3;

let nextId = 1;

/**
 * Every notification not yet closed, oldest first. A new one never replaces another: the newest is shown
 * on top and the ones before it under it, each with its own time (an Undo keeps its button while a newer
 * notice is read); past SHOWN_AT_ONCE the oldest errors and Undos wait their turn.
 */
export const notificationsAtom = atom<readonly Notification[]>([]);

/** The newest notification, or null. */
export const notificationAtom = atom((get) => get(notificationsAtom).at(-1) ?? null);

/**
 * How long a notification of this kind stays: an error until it is closed or the user acts again (a
 * refused photo's reason is still there when they look back); the rest the spec's 5 s, or their own.
 */
export function durationOf(kind: NotificationKind, durationMs?: number | typeof UNTIL_NEXT): number | null {
  if (kind === 'error') return null;
  return durationMs === undefined || durationMs === UNTIL_NEXT ? NOTIFICATION_DURATION_MS : durationMs;
}

export const notifyAtom = atom(
  null,
  (
    get,
    set,
    note: {
      kind: NotificationKind;
      message: Shown;
      durationMs?: number | typeof UNTIL_NEXT;
      action?: NotificationAction;
    },
  ) => {
    const added: Notification = {
      id: nextId++,
      kind: note.kind,
      message: note.message,
      durationMs: durationOf(note.kind, note.durationMs),
      ...(note.action ? { action: note.action } : {}),
      ...(note.durationMs === UNTIL_NEXT && note.kind !== 'error' ? { passing: true } : {}),
    };
    // The same words again (a repeated warning) move to the top rather than stacking up; a notice with an
    // action is its own, whatever its words (two deleted recipes, two Undos).
    // Messages are values (an id and its values): the same words are the same English text.
    const words = english(added.message);
    const same = (n: Notification) =>
      !n.action && !added.action && n.kind === added.kind && english(n.message) === words;
    // Work in progress gives way to whatever is said next.
    const list = [...get(notificationsAtom).filter((n) => !n.passing && !same(n)), added];
    // Past the ones on screen, only what must not be lost waits its turn (an error, an Undo): plain news
    // pushed off by newer news is dropped, so it never comes back later about something long done.
    const onScreen = list.length - SHOWN_AT_ONCE;
    set(
      notificationsAtom,
      list.filter((n, index) => index >= onScreen || n.durationMs === null || n.action !== undefined),
    );
  },
);

export const dismissNotificationAtom = atom(null, (get, set, id: number) => {
  const list = get(notificationsAtom);
  if (list.some((n) => n.id === id))
    set(
      notificationsAtom,
      list.filter((n) => n.id !== id),
    );
});

/** The user acted again: the errors on screen close (what they did next answers them). */
export const userActedAtom = atom(null, (get, set) => {
  const list = get(notificationsAtom);
  const seen = new Set(list.slice(-SHOWN_AT_ONCE).filter((n) => n.durationMs === null));
  if (seen.size > 0)
    set(
      notificationsAtom,
      list.filter((n) => !seen.has(n)),
    );
});

/** How the editor's parts tell the user something: a notification, its duration and its action optional. */
export type Notify = (
  kind: NotificationKind,
  message: Shown,
  durationMs?: number | typeof UNTIL_NEXT,
  action?: NotificationAction,
) => void;

/** A Notify that shows each notification through this store's notifyAtom. */
export function notifier(store: Store): Notify {
  return (kind, message, durationMs, action) =>
    store.set(notifyAtom, {
      kind,
      message,
      ...(durationMs ? { durationMs } : {}),
      ...(action ? { action } : {}),
    });
}
