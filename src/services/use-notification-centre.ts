import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { notificationCentreMachine, type ReadRequest } from '../machines/notification-centre.machine';
import { inspector } from './inspector';
import { invalidate, useOnInvalidate } from './invalidate';
import { API_NOTICES } from '../domain/notices-contract';
import { call } from './call';
import { useHttp } from './screen-services';

// The notifications centre bound to the API: the bell (count only) or the page (with the list).
// Reading on one makes the other read again.

export function useNotificationCentre(withList: boolean) {
  const http = useHttp();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    notificationCentreMachine.provide({
      actors: {
        fetch: fromPromise(async ({ input }: { input: { withList: boolean } }) => {
          if (!input.withList) return call(http, API_NOTICES.unreadCount);
          const list = await call(http, API_NOTICES.notifications, { query: { recordsPerPage: 50 } });
          return { unread: list.unread, items: list.items };
        }),
        markRead: fromPromise<unknown, ReadRequest>(({ input }) =>
          'all' in input
            ? call(http, API_NOTICES.readAllNotifications)
            : call(http, API_NOTICES.readNotification, { params: { notificationId: input.notificationId } }),
        ),
      },
      actions: {
        announceRead: () => invalidate('notifications'),
        openPage: (_, link: string) => void navigate(link),
      },
    }),
  );
  const [state, send, actor] = useMachine(machine, { inspect: inspector(), input: { withList } });
  useOnInvalidate('notifications', () => send({ type: 'REFRESH' }));
  return [state, send, actor] as const;
}
