import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { API_SHIPPING, type AutoShipAnswer } from '../domain/shipping-contract';
import type { AutoShipRule } from '../domain/schemas/shipping';
import { autoShipMachine } from '../machines/auto-ship.machine';
import { call } from './call';
import { useHttp, useScreenSession } from './screen-services';
import { inspector } from './inspector';
import { newIdempotencyKey as newKey } from './idempotency-key';

// Shipping a selection at once bound to its call; the header's wallet is read again once any order was charged.

export function useAutoShip(orderIds: number[]) {
  const http = useHttp();
  const session = useScreenSession();
  const [machine] = useState(() =>
    autoShipMachine.provide({
      // the header's wallet balance is read again as soon as any order was charged
      actions: { walletChanged: () => session.reloadAccount() },
      actors: {
        autoShip: fromPromise<
          AutoShipAnswer,
          { orderIds: number[]; rule: AutoShipRule | null; idempotencyKey: string }
        >(({ input }) =>
          call(http, API_SHIPPING.autoShip, {
            body: {
              orderIds: input.orderIds,
              idempotencyKey: input.idempotencyKey,
              ...(input.rule ? { rule: input.rule } : {}),
            },
          }),
        ),
      },
    }),
  );
  return useMachine(machine, {
    inspect: inspector(),
    input: { orderIds, idempotencyKey: newKey() },
  });
}
