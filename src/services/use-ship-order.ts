import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../domain/shipping-contract';
import { shipOrderMachine, type ShipCallInput } from '../machines/ship-order.machine';
import { call } from './call';
import { useHttp } from './screen-services';
import { inspector } from './inspector';
import { newIdempotencyKey as newKey } from './idempotency-key';

// Ship now (and a return's reverse pickup) bound to its calls: an order's by default, or the ones given.

/** The cover the seller chose in the dialog (shown when the quotes carry `cover`). */
export interface ShipCover {
  insured: boolean;
  delayProtection: boolean;
}

/** The two calls the ship-order machine makes; an order's by default. */
export interface ShipCalls {
  loadQuotes: (id: number) => Promise<RateAnswer>;
  ship: (id: number, carrierCode: string, idempotencyKey: string, cover: ShipCover) => Promise<ShipmentInfo>;
}

export function useShipOrder(orderId: number, calls?: ShipCalls) {
  const http = useHttp();
  const [machine] = useState(() =>
    shipOrderMachine.provide({
      actors: {
        loadQuotes: fromPromise<RateAnswer, { orderId: number }>(({ input }) =>
          calls
            ? calls.loadQuotes(input.orderId)
            : call(http, API_SHIPPING.courierQuotes, { params: { orderId: input.orderId } }),
        ),
        ship: fromPromise<ShipmentInfo, ShipCallInput>(({ input }) =>
          calls
            ? calls.ship(input.orderId, input.carrierCode, input.idempotencyKey, {
                insured: input.insured,
                delayProtection: input.delayProtection,
              })
            : call(http, API_SHIPPING.ship, {
                params: { orderId: input.orderId },
                body: {
                  carrierCode: input.carrierCode,
                  idempotencyKey: input.idempotencyKey,
                  ...(input.slotId ? { slotId: input.slotId } : {}),
                  insured: input.insured,
                  delayProtection: input.delayProtection,
                },
              }),
        ),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { orderId, idempotencyKey: newKey() } });
}
