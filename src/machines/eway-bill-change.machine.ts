import { assign, fromPromise, setup } from 'xstate';
import type { B2bInvoiceRow } from '../domain/b2b-contract';
import {
  EwayBillExtendBody,
  EwayBillPartBBody,
  type EwayBillExtendInput,
  type EwayBillPartBInput,
} from '../domain/schemas/b2b';
import { checkForm } from '../domain/schemas/form-check';
import { failureText } from './failure';

// The dialog that changes an invoice's e-way bill after it is made: Part B (a new vehicle, or
// the transport document by rail, air or ship, from where the goods set off, with NIC's reason)
// or an extension of its validity (where the goods are now, how far they still go, NIC's reason).
// The fields are checked with the API's schema of the change before it is sent: NIC's reason is
// required, chosen by its name (the code goes to the API only), and Part B's "Others" needs
// remarks that say what happened; an error names the field by its label. The server decides the rest (the extension's window around expiry, the portal's own refusals) and its
// words are shown in the dialog, which stays open to change and send again. Done, it answers the
// invoice with its bill as the server now has it.

export type EwayBillChangeMode = 'PART_B' | 'EXTEND';

/** The dialog's fields, as typed (every one a string until checked). */
export interface EwayBillChangeDraft {
  transMode: string;
  vehicleNumber: string;
  transportDocNumber: string;
  transportDocDate: string;
  /** Part B: where the goods set off; extension: where they are now */
  place: string;
  state: string;
  pincode: string;
  reason: string;
  remarks: string;
  remainingDistance: string;
}
export type EwayBillChangeField = keyof EwayBillChangeDraft;

export interface EwayBillChangeInput {
  orderId: number;
  invoiceId: number;
  mode: EwayBillChangeMode;
  /** what the dialog starts with (the origin's place and state, the bill's vehicle) */
  draft: EwayBillChangeDraft;
}

export type EwayBillChangeRequest = { orderId: number; invoiceId: number } & (
  { mode: 'PART_B'; body: EwayBillPartBInput } | { mode: 'EXTEND'; body: EwayBillExtendInput }
);

const numberOrText = (s: string) => (s.trim() === '' || Number.isNaN(Number(s)) ? s : Number(s));

/** The draft checked with the API's schema of its mode; errors keyed by the API's field names. */
export function checkChange(mode: EwayBillChangeMode, d: EwayBillChangeDraft) {
  return mode === 'PART_B'
    ? checkForm(EwayBillPartBBody, {
        transMode: d.transMode,
        vehicleNumber: d.transMode === 'ROAD' ? d.vehicleNumber : '',
        transportDocNumber: d.transMode === 'ROAD' ? '' : d.transportDocNumber,
        transportDocDate: d.transMode === 'ROAD' ? '' : d.transportDocDate,
        fromPlace: d.place,
        fromState: d.state,
        currentPincode: d.pincode,
        vehicleReason: numberOrText(d.reason),
        vehicleRemarks: d.remarks,
      })
    : checkForm(EwayBillExtendBody, {
        extendReason: numberOrText(d.reason),
        extendRemarks: d.remarks,
        currentPlace: d.place,
        currentState: d.state,
        currentPincode: d.pincode,
        remainingDistance: numberOrText(d.remainingDistance),
        vehicleNumber: d.vehicleNumber,
      });
}

export interface EwayBillChangeContext extends EwayBillChangeInput {
  /** what is wrong, under the field it names (the API's field names) */
  errors: Record<string, string>;
  /** the server's refusal, in its words */
  refusal: string | null;
  invoice: B2bInvoiceRow | null;
}

export type EwayBillChangeEvent =
  { type: 'SET'; field: EwayBillChangeField; value: string } | { type: 'SAVE' } | { type: 'CANCEL' };

export const ewayBillChangeMachine = setup({
  types: {
    context: {} as EwayBillChangeContext,
    events: {} as EwayBillChangeEvent,
    input: {} as EwayBillChangeInput,
    output: {} as { invoice: B2bInvoiceRow | null },
  },
  actors: {
    saveChange: fromPromise<B2bInvoiceRow, EwayBillChangeRequest>(async () => {
      throw new Error('saveChange not provided');
    }),
  },
  guards: {
    valid: ({ context }) => checkChange(context.mode, context.draft).ok,
  },
}).createMachine({
  id: 'ewayBillChange',
  context: ({ input }) => ({ ...input, errors: {}, refusal: null, invoice: null }),
  initial: 'editing',
  output: ({ context }) => ({ invoice: context.invoice }),
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
                const r = checkChange(context.mode, context.draft);
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
        id: 'saveChange',
        src: 'saveChange',
        input: ({ context }) => {
          const r = checkChange(context.mode, context.draft);
          return {
            orderId: context.orderId,
            invoiceId: context.invoiceId,
            mode: context.mode,
            body: r.ok ? r.output : null,
          } as EwayBillChangeRequest;
        },
        onDone: { target: 'done', actions: assign({ invoice: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ refusal: ({ event }) => failureText(event.error) }) },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
