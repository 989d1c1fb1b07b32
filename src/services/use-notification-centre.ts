import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { notificationCentreMachine, type ReadRequest } from '../machines/notification-centre.machine';
import { inspector } from './inspector';
import { invalidate, useOnInvalidate } from './invalidate';
import { fetchNotifications, readNotifications } from './notices-client';
import { useHttp } from './screen-services';

// The notifications centre bound to the API: the bell (count only) or the page (with the list).
// Reading on one makes the other read again.

export function useNotificationCentre(withList: boolean) {
  const http = useHttp();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    notificationCentreMachine.provide({
      actors: {
        fetch: fromPromise(({ input }: { input: { withList: boolean } }) => fetchNotifications(http, input.withList)),
        markRead: fromPromise(({ input }: { input: ReadRequest }) => readNotifications(http, input)),
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
