import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { pickupRescheduleMachine, type PickupRescheduleInput } from '../machines/pickup-reschedule.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { API_PICKUPS } from '../domain/pickups-contract';
import { call } from './call';
import { useHttp } from './screen-services';

// The change-date dialog's one binding: the move goes to the pickups API, and a done move makes
// the pickups list stale.

export function usePickupReschedule(input: PickupRescheduleInput) {
  const http = useHttp();
  const [machine] = useState(() =>
    pickupRescheduleMachine.provide({
      actors: {
        move: fromPromise(({ input: move }) =>
          call(http, API_PICKUPS.move, {
            params: { pickupRequestId: move.pickupRequestId },
            body: { pickupDate: move.pickupDate },
          }),
        ),
      },
      actions: { moved: () => invalidate('pickups') },
    }),
  );
  return useMachine(machine, { input, inspect: inspector() });
}
