import { assign, fromPromise, setup } from 'xstate';
import type { B2bOrderDetail } from '../domain/b2b-contract';
import { freightPickupDayError } from '../domain/b2b/freight-pickup';
import { B2bPickupBody, type B2bPickupInput } from '../domain/schemas/b2b';
import { checkForm, type FormCheck } from '../domain/schemas/form-check';
import { failureText } from './failure';

// The dialog that asks the carrier to collect a booked consignment's boxes: a day and the time
// the boxes are ready from. Checked before it is sent with the API's schema and the same day rule
// the server keeps (the coming week, no Sunday, today only before the cut-off and for a time
// still ahead), each error under its field by its label. The server's refusal (not booked, a
// pickup asked for already, the carrier's own words) shows in the dialog, which stays open.
// Done, it answers the order as the server now has it.

export interface B2bPickupDraft {
  pickupDate: string;
  readyAt: string;
}
export type B2bPickupField = keyof B2bPickupDraft;

export interface B2bPickupRequestInput {
  orderId: number;
  /** the moment the dialog opened (ms): today and the cut-off are read from it */
  now: number;
  draft: B2bPickupDraft;
}

/** The draft checked as the server will check it; errors keyed by the API's field names. */
export function checkPickup(draft: B2bPickupDraft, now: number): FormCheck<B2bPickupInput> {
  const r = checkForm(B2bPickupBody, draft);
  if (!r.ok) return r;
  const day = freightPickupDayError(r.output.pickupDate, r.output.readyAt, new Date(now));
  if (!day) return r;
  return { ok: false, errors: { [day.startsWith('Ready from') ? 'readyAt' : 'pickupDate']: day } };
}

export interface B2bPickupRequestContext extends B2bPickupRequestInput {
  errors: Record<string, string>;
  /** the server's refusal, in its words */
  refusal: string | null;
  order: B2bOrderDetail | null;
}

export type B2bPickupRequestEvent =
  { type: 'SET'; field: B2bPickupField; value: string } | { type: 'SAVE' } | { type: 'CANCEL' };

export const b2bPickupRequestMachine = setup({
  types: {
    context: {} as B2bPickupRequestContext,
    events: {} as B2bPickupRequestEvent,
    input: {} as B2bPickupRequestInput,
    output: {} as { order: B2bOrderDetail | null },
  },
  actors: {
    requestPickup: fromPromise<B2bOrderDetail, { orderId: number; body: B2bPickupInput }>(async () => {
      throw new Error('requestPickup not provided');
    }),
  },
  guards: {
    valid: ({ context }) => checkPickup(context.draft, context.now).ok,
  },
}).createMachine({
  id: 'b2bPickupRequest',
  context: ({ input }) => ({ ...input, errors: {}, refusal: null, order: null }),
  initial: 'editing',
  output: ({ context }) => ({ order: context.order }),
  states: {
    editing: {
      on: {
        SET: {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
            errors: {},
          }),
        },
        SAVE: [
          { guard: 'valid', target: 'saving', actions: assign({ errors: {}, refusal: null }) },
          {
            actions: assign({
              errors: ({ context }) => {
                const r = checkPickup(context.draft, context.now);
                return r.ok ? {} : r.errors;
              },
            }),
          },
        ],
        CANCEL: 'cancelled',
      },
    },
    saving: {
      invoke: {
        id: 'requestPickup',
        src: 'requestPickup',
        input: ({ context }) => {
          const r = checkPickup(context.draft, context.now);
          return { orderId: context.orderId, body: r.ok ? r.output : (context.draft as B2bPickupInput) };
        },
        onDone: { target: 'done', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ refusal: ({ event }) => failureText(event.error) }) },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
