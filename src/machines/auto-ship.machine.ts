import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { AutoShipAnswer } from '../domain/shipping-contract';
import type { AutoShipRule } from '../domain/schemas/shipping';
import { takeFailure } from './failure';

// Auto-ship of many selected orders: the seller confirms the rule, the server ships order by
// order, and the answer lists each order shipped with its AWB or the reason it was not. When any
// order shipped, the wallet was charged: 'walletChanged' lets the screen read the balance again.

export interface AutoShipInput {
  orderIds: number[];
  idempotencyKey: string;
}

export interface AutoShipContext extends AutoShipInput {
  rule: AutoShipRule | null;
  results: AutoShipAnswer['results'];
  error: string | null;
}

export type AutoShipEvent =
  { type: 'RULE'; rule: AutoShipRule | null } | { type: 'START' } | { type: 'RETRY' } | { type: 'CANCEL' };

export const autoShipMachine = setup({
  types: { context: {} as AutoShipContext, events: {} as AutoShipEvent, input: {} as AutoShipInput },
  actors: {
    autoShip: fromPromise<AutoShipAnswer, { orderIds: number[]; rule: AutoShipRule | null; idempotencyKey: string }>(
      async () => {
        throw new Error('autoShip not provided');
      },
    ),
  },
  actions: {
    walletChanged: () => {},
  },
}).createMachine({
  id: 'autoShip',
  context: ({ input }) => ({ ...input, rule: null, results: [], error: null }),
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        RULE: { actions: assign({ rule: ({ event }) => event.rule }) },
        START: 'shipping',
        CANCEL: 'cancelled',
      },
    },
    shipping: {
      invoke: {
        id: 'autoShip',
        src: 'autoShip',
        input: ({ context }) => ({
          orderIds: context.orderIds,
          rule: context.rule,
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ results: ({ event }) => event.output.results, error: null }),
            enqueueActions(({ context, enqueue }) => {
              if (context.results.some((r) => r.shipped)) enqueue('walletChanged');
            }),
          ],
        },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: { on: { RETRY: 'shipping', CANCEL: 'cancelled' } },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
