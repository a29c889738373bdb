import { atom } from '../editor-jotai.ts';

export type NotificationKind = 'error' | 'warning' | 'success' | 'info';

export interface Notification {
  id: number;
  kind: NotificationKind;
  message: string;
  /** Closes by itself after this long. */
  durationMs: number;
}

export const NOTIFICATION_DURATION_MS = 5000;

let nextId = 1;

export const notificationAtom = atom<Notification | null>(null);

export const notifyAtom = atom(
  null,
  (_get, set, note: { kind: NotificationKind; message: string; durationMs?: number }) => {
    set(notificationAtom, { id: nextId++, durationMs: NOTIFICATION_DURATION_MS, ...note });
  },
);

export const dismissNotificationAtom = atom(null, (get, set, id: number) => {
  if (get(notificationAtom)?.id === id) set(notificationAtom, null);
});
