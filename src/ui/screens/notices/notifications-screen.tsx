import { NOTIFICATION_KIND_RULES } from '../../../domain/notices';
import { formatDateTime } from '../../../domain/format';
import { countOf } from '../../../domain/format';
import { useNotificationCentre } from '../../../services/use-notification-centre';
import { Alert, Badge, Button, Card, Spinner } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /notifications: what happened that the team should know (NDRs to act on, weight discrepancies,
// COD payouts, KYC decisions, ticket replies), the kinds this login's role may see, newest first.
// Opening one marks it read and goes to its page. Behaviour: the notification-centre machine.

export function NotificationsScreen() {
  const [state, send] = useNotificationCentre(true);
  const { items, unread, error, loaded } = state.context;
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head row">
          <div>
            <h1>Notifications</h1>
            <p>{unread ? `${countOf(unread, 'unread notifications')}` : 'All caught up'}</p>
          </div>
          <Button
            variant="secondary"
            disabled={!unread}
            busy={state.matches('marking')}
            onClick={() => send({ type: 'READ_ALL' })}
          >
            Mark all read
          </Button>
        </header>
        {error && <Alert>{error}</Alert>}
        {!loaded && <Spinner />}
        {loaded && !items.length && (
          <Card>Nothing yet. NDRs, weight discrepancies, COD payouts and KYC decisions show here.</Card>
        )}
        {items.length > 0 && (
          <ul className="stack notification-list" aria-label="Notifications">
            {items.map((n) => (
              <li key={n.notificationId}>
                <Card className={`notification-item${n.read ? '' : ' is-unread'}`}>
                  <div className="row">
                    <Badge tone={n.read ? 'brand' : 'warning'}>{NOTIFICATION_KIND_RULES[n.kind].label}</Badge>
                    <span className="muted small-print">{formatDateTime(n.createdAt)}</span>
                    {!n.read && <span className="sr-only">Unread</span>}
                  </div>
                  <h2 className="notification-title">
                    <a
                      href={n.link}
                      onClick={(e) => {
                        e.preventDefault();
                        send({ type: 'READ', notificationId: n.notificationId, open: n.link });
                      }}
                    >
                      {n.title}
                    </a>
                  </h2>
                  <p>{n.body}</p>
                  {!n.read && (
                    <Button
                      variant="ghost"
                      className="btn-small"
                      onClick={() => send({ type: 'READ', notificationId: n.notificationId })}
                      aria-label={`Mark read: ${n.title}`}
                    >
                      Mark read
                    </Button>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SellerShell>
  );
}
