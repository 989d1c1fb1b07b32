import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { noticeText, notificationMachine, type Notice } from '../machines/notification.machine';

// The one global notification banner (spec section 2): a single actor of notificationMachine for
// the whole app. Anything may call notify(); <NotificationBanner/> (mounted once, near the root)
// renders what the machine holds. The 5-second auto-hide lives in the machine, not here.

const banner = createActor(notificationMachine).start();

export function notify(notice: Notice): void {
  banner.send({ type: 'SHOW', ...notice });
}

/** Closes the banner (the close button; tests reset with it). */
export function dismissNotice(): void {
  banner.send({ type: 'DISMISS' });
}

export function NotificationBanner() {
  const notice = useSelector(banner, (s) => s.context.notice);
  return (
    <div className="banner-region">
      {notice && (
        <div
          className={`banner banner-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="notification"
        >
          <span>{noticeText(notice)}</span>
          <button type="button" aria-label="Close notification" onClick={dismissNotice}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
