import { useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from '../../ui/jotai.ts';
import {
  dismissNotificationAtom,
  notificationsAtom,
  SHOWN_AT_ONCE,
  userActedAtom,
  type Notification,
} from '../../ui/notifications.ts';
import './NotificationBanner.css';
import { translate } from '../../i18n/translate-message.ts';
import { useT } from '../../i18n/use-t.ts';

/** Keys that move about or only modify: pressing them is not acting again. */
const NOT_AN_ACT = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/**
 * The notifications on screen: the newest on top (`notification`), the ones before it under it
 * (`notification-earlier`), each closing on its own time; an error stays until it is closed or the user
 * acts again (a press or a key outside the notifications).
 */
export function NotificationBanner() {
  const list = useAtomValue(notificationsAtom);
  const acted = useSetAtom(userActedAtom);
  const stack = useRef<HTMLDivElement>(null);
  const shown = list.slice(-SHOWN_AT_ONCE).reverse();
  const waitsForAct = shown.some((n) => n.durationMs === null);

  useEffect(() => {
    if (!waitsForAct) return;
    const inside = (event: Event) =>
      event.target instanceof Node && (stack.current?.contains(event.target) ?? false);
    const pointer = (event: PointerEvent) => {
      if (!inside(event)) acted();
    };
    const key = (event: KeyboardEvent) => {
      if (!inside(event) && !NOT_AN_ACT.has(event.key)) acted();
    };
    document.addEventListener('pointerdown', pointer, true);
    document.addEventListener('keydown', key, true);
    return () => {
      document.removeEventListener('pointerdown', pointer, true);
      document.removeEventListener('keydown', key, true);
    };
  }, [waitsForAct, acted]);

  if (shown.length === 0) return null;
  return (
    <div className="notifications" ref={stack}>
      {shown.map((notification, index) => (
        <NotificationItem key={notification.id} notification={notification} newest={index === 0} />
      ))}
    </div>
  );
}

function NotificationItem({ notification, newest }: { notification: Notification; newest: boolean }) {
  const dismiss = useSetAtom(dismissNotificationAtom);
  const t = useT();

  // Its time counts from when it is first on screen.
  useEffect(() => {
    if (notification.durationMs === null) return;
    const timer = setTimeout(() => dismiss(notification.id), notification.durationMs);
    return () => clearTimeout(timer);
  }, [notification, dismiss]);

  const urgent = notification.kind === 'error' || notification.kind === 'warning';
  return (
    <div
      className={`notification notification-${notification.kind}`}
      data-testid={newest ? 'notification' : 'notification-earlier'}
      data-kind={notification.kind}
      role={urgent ? 'alert' : 'status'}
    >
      <span className="notification-message">{translate(notification.message)}</span>
      {notification.action && (
        <button
          type="button"
          className="button button-primary notification-action"
          data-testid={newest ? 'notification-action' : undefined}
          onClick={() => {
            // Runs inside the tap, so that what needs a user activation (the share sheet) gets one.
            notification.action?.run();
            dismiss(notification.id);
          }}
        >
          {translate(notification.action.label)}
        </button>
      )}
      <button
        type="button"
        className="notification-close"
        aria-label={t('Close notification')}
        onClick={() => dismiss(notification.id)}
      >
        ×
      </button>
    </div>
  );
}
