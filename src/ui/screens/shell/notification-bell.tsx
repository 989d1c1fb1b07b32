import { useNotificationCentre } from '../../../services/use-notification-centre';

// The bell in the seller header: the unread count, read again every minute (the
// notification-centre machine); it leads to /notifications.

export function NotificationBell() {
  const [state] = useNotificationCentre(false);
  const unread = state.context.unread;
  return (
    <span className="notification-bell" data-testid="notification-bell">
      <span aria-hidden="true">🔔</span>
      <span className="sr-only">Notifications</span>
      {unread > 0 && (
        <span className="badge badge-danger" aria-label={`${unread} unread`}>
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </span>
  );
}
