import type { Shown } from '../i18n/msg.ts';
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
  /** Closes by itself after this long. */
  durationMs: number;
  action?: NotificationAction;
}

export const NOTIFICATION_DURATION_MS = 5000;

let nextId = 1;

export const notificationAtom = atom<Notification | null>(null);

export const notifyAtom = atom(
  null,
  (
    _get,
    set,
    note: { kind: NotificationKind; message: Shown; durationMs?: number; action?: NotificationAction },
  ) => {
    set(notificationAtom, { id: nextId++, durationMs: NOTIFICATION_DURATION_MS, ...note });
  },
);

export const dismissNotificationAtom = atom(null, (get, set, id: number) => {
  if (get(notificationAtom)?.id === id) set(notificationAtom, null);
});

/** How the editor's parts tell the user something: a notification, its duration and its action optional. */
export type Notify = (
  kind: NotificationKind,
  message: Shown,
  durationMs?: number,
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
