import { Link, useLocation } from 'react-router-dom';
import { useNotificationCentre } from '../../../services/use-notification-centre';

// The bell in the seller header, at every width: the unread count, read again every minute (the
// notification-centre machine); it leads to /notifications.

export function NotificationBell() {
  const [state] = useNotificationCentre(false);
  const here = useLocation().pathname === '/notifications';
  const unread = state.context.unread;
  return (
    <Link
      to="/notifications"
      className={`nav-link notification-bell${here ? ' is-active' : ''}`}
      aria-current={here ? 'page' : undefined}
      aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      data-testid="notification-bell"
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread > 0 && (
        <span className="badge badge-danger" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
