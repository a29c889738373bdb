import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from '../../ui/jotai.ts';
import { dismissNotificationAtom, notificationAtom } from '../../ui/notifications.ts';
import './NotificationBanner.css';
import { translate } from '../../i18n/translate-message.ts';
import { useT } from '../../i18n/use-t.ts';

export function NotificationBanner() {
  const notification = useAtomValue(notificationAtom);
  const dismiss = useSetAtom(dismissNotificationAtom);
  const t = useT();

  useEffect(() => {
    if (!notification) return;
    const timer = setTimeout(() => dismiss(notification.id), notification.durationMs);
    return () => clearTimeout(timer);
  }, [notification, dismiss]);

  if (!notification) return null;
  const urgent = notification.kind === 'error' || notification.kind === 'warning';
  return (
    <div
      className={`notification notification-${notification.kind}`}
      data-testid="notification"
      data-kind={notification.kind}
      role={urgent ? 'alert' : 'status'}
    >
      <span className="notification-message">{translate(notification.message)}</span>
      {notification.action && (
        <button
          type="button"
          className="button button-primary notification-action"
          data-testid="notification-action"
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
