import { assign, fromPromise, setup } from 'xstate';
import type { DeliveryAddress, NdrActionKind, NdrBulkAnswer, NdrReason } from '../domain/ndr-contract';
import type { NdrActionRequest } from '../domain/schemas/ndr';
import {
  addressPrefill,
  ndrActionPayload,
  ndrActionProblems,
  MAX_EVIDENCE_IMAGES,
  type EvidenceId,
  type NdrTextField,
} from '../domain/ndr-forms';
import { reattemptDateRequired } from '../domain/ndr-rules';
import { failureText, takeFailure } from './failure';

// Acting on failed deliveries, one or a selection: the reason shows, the seller picks an action
// the reason (and every picked NDR) admits, fills what that action needs (a date within the
// courier's window; address, landmark and pincode; a phone; a confirmation to send it back;
// remarks and images for a fake attempt), sends it, and waits for the courier's answer to each:
// accepted, or refused with its reason. Refusals are per NDR: the others still go through.

export interface NdrActionTarget {
  ndrId: number;
  /** how the seller knows it: order number and AWB */
  label: string;
  reason: NdrReason;
  allowedActions: readonly NdrActionKind[];
  /** the address the courier has: a change of address for this one parcel starts from it */
  current?: DeliveryAddress;
}

export interface NdrActionInput {
  items: NdrActionTarget[];
  /** the re-attempt window (yyyy-mm-dd, IST) */
  dates: { min: string; max: string };
}

export type NdrItemState = 'ACCEPTED' | 'REFUSED' | 'AWAITING';
export interface NdrItemResult {
  ndrId: number;
  label: string;
  state: NdrItemState;
  message: string;
}

export interface NdrActionContext extends NdrActionInput {
  /** what every picked NDR admits */
  allowed: NdrActionKind[];
  action: NdrActionKind | null;
  values: Partial<Record<NdrTextField, string>>;
  evidenceFileIds: EvidenceId[];
  confirmed: boolean;
  errors: Record<string, string>;
  results: NdrItemResult[];
  error: string | null;
}

export type NdrActionEvent =
  | { type: 'CHOOSE'; action: NdrActionKind }
  | { type: 'SET'; field: NdrTextField; value: string }
  | { type: 'CONFIRM'; confirmed: boolean }
  | { type: 'ATTACH'; file: Blob }
  | { type: 'DETACH'; fileId: EvidenceId }
  | { type: 'SUBMIT' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export interface NdrSubmitInput {
  ndrIds: number[];
  request: NdrActionRequest;
}

/** What every item admits, in the order of the first. */
export function commonActions(items: readonly NdrActionTarget[]): NdrActionKind[] {
  if (!items.length) return [];
  return items[0].allowedActions.filter((a) => items.every((i) => i.allowedActions.includes(a)));
}

const MESSAGES: Record<NdrItemState, string> = {
  ACCEPTED: 'The courier accepted it',
  AWAITING: 'Sent to the courier; waiting for its answer',
  REFUSED: 'Refused',
};

function resultsOf(items: NdrActionTarget[], answer: NdrBulkAnswer): NdrItemResult[] {
  return items.map((item) => {
    const r = answer.results.find((x) => x.ndrId === item.ndrId);
    if (!r) return { ndrId: item.ndrId, label: item.label, state: 'REFUSED', message: 'No answer for this NDR' };
    if (!r.ok) return { ndrId: item.ndrId, label: item.label, state: 'REFUSED', message: r.errorMessage };
    const state: NdrItemState = r.outcome.courierRef ? 'ACCEPTED' : 'AWAITING';
    const message = r.outcome.courierRef ? `${MESSAGES.ACCEPTED} (ref ${r.outcome.courierRef})` : MESSAGES[state];
    return { ndrId: item.ndrId, label: item.label, state, message };
  });
}

/** One parcel's address as the courier has it (several parcels have no one address to start from). */
export const currentAddress = (items: readonly NdrActionTarget[]): DeliveryAddress | undefined =>
  items.length === 1 ? items[0].current : undefined;

const dateRequired = (ctx: NdrActionContext) =>
  ctx.action !== null && ctx.items.some((i) => reattemptDateRequired(i.reason, ctx.action!));

const problemsOf = (ctx: NdrActionContext) =>
  ctx.action
    ? ndrActionProblems(ctx.action, ctx.values, {
        dates: ctx.dates,
        dateRequired: dateRequired(ctx),
        confirmed: ctx.confirmed,
        current: currentAddress(ctx.items),
      })
    : { action: 'Choose an action' };

const withoutKey = (errors: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));

export const ndrActionMachine = setup({
  types: {
    context: {} as NdrActionContext,
    events: {} as NdrActionEvent,
    input: {} as NdrActionInput,
    output: {} as { results: NdrItemResult[] },
  },
  actors: {
    submit: fromPromise<NdrBulkAnswer, NdrSubmitInput>(async () => {
      throw new Error('submit not provided');
    }),
    uploadEvidence: fromPromise<{ fileId: EvidenceId }, { file: Blob }>(async () => {
      throw new Error('uploadEvidence not provided');
    }),
    /** the courier's word on each NDR sent and not yet answered */
    awaitCourier: fromPromise<{ ndrId: number; accepted: boolean; message: string }[], { ndrIds: number[] }>(
      async () => {
        throw new Error('awaitCourier not provided');
      },
    ),
  },
  guards: {
    allowedAction: ({ context, event }) => event.type === 'CHOOSE' && context.allowed.includes(event.action),
    valid: ({ context }) => Object.keys(problemsOf(context)).length === 0,
    takesEvidence: ({ context }) =>
      context.action === 'FAKE_ATTEMPT' && context.evidenceFileIds.length < MAX_EVIDENCE_IMAGES,
    noneAwaiting: ({ context }) => !context.results.some((r) => r.state === 'AWAITING'),
  },
}).createMachine({
  id: 'ndrAction',
  context: ({ input }) => ({
    ...input,
    allowed: commonActions(input.items),
    action: null,
    values: {},
    evidenceFileIds: [],
    confirmed: false,
    errors: {},
    results: [],
    error: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        CHOOSE: {
          guard: 'allowedAction',
          target: 'filling',
          // another action asks for other fields: its form starts empty, a change of one parcel's
          // address from the address the courier has
          actions: assign({
            action: ({ event }) => event.action,
            values: ({ context, event }) => {
              const current = currentAddress(context.items);
              return event.action === 'CHANGE_ADDRESS' && current ? addressPrefill(current) : {};
            },
            evidenceFileIds: [],
            errors: {},
            confirmed: false,
          }),
        },
        CANCEL: 'cancelled',
      },
    },
    filling: {
      initial: 'editing',
      on: {
        SET: {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
            errors: ({ context, event }) => withoutKey(context.errors, event.field),
          }),
        },
        CONFIRM: {
          actions: assign({
            confirmed: ({ event }) => event.confirmed,
            errors: ({ context }) => withoutKey(context.errors, 'confirmed'),
          }),
        },
        DETACH: {
          actions: assign({
            evidenceFileIds: ({ context, event }) => context.evidenceFileIds.filter((id) => id !== event.fileId),
          }),
        },
        BACK: 'choosing',
        CANCEL: 'cancelled',
      },
      states: {
        editing: {
          on: {
            ATTACH: { guard: 'takesEvidence', target: 'uploading' },
            SUBMIT: [
              { guard: 'valid', target: '#ndrAction.submitting' },
              { actions: assign({ errors: ({ context }) => problemsOf(context) }) },
            ],
          },
        },
        uploading: {
          invoke: {
            id: 'uploadEvidence',
            src: 'uploadEvidence',
            input: ({ event }) => ({ file: (event as Extract<NdrActionEvent, { type: 'ATTACH' }>).file }),
            onDone: {
              target: 'editing',
              actions: assign({
                evidenceFileIds: ({ context, event }) => [...context.evidenceFileIds, event.output.fileId],
                errors: ({ context }) => withoutKey(context.errors, 'evidenceFileIds'),
              }),
            },
            onError: {
              target: 'editing',
              actions: assign({
                errors: ({ context, event }) => ({ ...context.errors, evidenceFileIds: failureText(event.error) }),
              }),
            },
          },
        },
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          ndrIds: context.items.map((i) => i.ndrId),
          request: {
            action: context.action!,
            ...ndrActionPayload(context.action!, context.values, context.evidenceFileIds),
          },
        }),
        onDone: {
          target: 'awaitingCourier',
          actions: assign({ results: ({ context, event }) => resultsOf(context.items, event.output) }),
        },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: { on: { RETRY: 'submitting', BACK: 'filling', CANCEL: 'cancelled' } },
    awaitingCourier: {
      always: { guard: 'noneAwaiting', target: 'done' },
      invoke: {
        id: 'awaitCourier',
        src: 'awaitCourier',
        input: ({ context }) => ({
          ndrIds: context.results.filter((r) => r.state === 'AWAITING').map((r) => r.ndrId),
        }),
        onDone: {
          target: 'done',
          actions: assign({
            results: ({ context, event }) =>
              context.results.map((r) => {
                const word = event.output.find((w) => w.ndrId === r.ndrId);
                if (r.state !== 'AWAITING' || !word) return r;
                return { ...r, state: word.accepted ? 'ACCEPTED' : 'REFUSED', message: word.message };
              }),
          }),
        },
        // no word yet: the NDR list shows the answer when it comes
        onError: 'done',
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ results: context.results }),
});
