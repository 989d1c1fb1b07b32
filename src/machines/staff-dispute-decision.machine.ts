import { assign, fromPromise, setup } from 'xstate';
import { DISPUTE_RULES, type DisputeRow } from '../domain/disputes-contract';
import { failureText } from './failure';

// Staff on one delivery dispute (/dakiya/disputes/:disputeId): load it, send an open one to its
// courier, then accept one the courier has (an amount to credit and a note) or reject an open
// one or one with the courier (a note). Each answer is the dispute as it now stands, and the view
// follows its status; a refusal is said beside the form and the dispute stays as it was.

export interface StaffDisputeDecisionContext {
  disputeId: number;
  dispute: DisputeRow | null;
  /** the amount to credit in rupees, as typed */
  amount: string;
  note: string;
  error: string | null;
}

export type StaffDisputeDecisionEvent =
  | { type: 'AMOUNT'; value: string }
  | { type: 'NOTE'; value: string }
  | { type: 'SEND_TO_COURIER' }
  | { type: 'ACCEPT' }
  | { type: 'REJECT' }
  | { type: 'RETRY' };

export interface DisputeDecision {
  disputeId: number;
  /** rupees; NaN when nothing was typed (the server names the field) */
  amount: number;
  note: string;
}

const dispute = fromPromise<DisputeRow, { disputeId: number }>(async () => {
  throw new Error('not provided');
});
const decision = fromPromise<DisputeRow, DisputeDecision>(async () => {
  throw new Error('not provided');
});

type Taking = 'takeDispute' | 'takeError';

/** On to the view of the dispute's status (as the answer has it, or as it was): open, with the courier, or settled. */
const byStatus = (from: 'answer' | 'context', actions: readonly (Taking | 'settled')[]) => [
  {
    guard: { type: 'statusIs' as const, params: { status: 'OPEN' as const, from } },
    target: '#staffDisputeDecision.deciding.open',
    actions,
  },
  {
    guard: { type: 'statusIs' as const, params: { status: 'WITH_COURIER' as const, from } },
    target: '#staffDisputeDecision.deciding.withCourier',
    actions,
  },
  { target: '#staffDisputeDecision.deciding.settled', actions },
];

/** A decision's call: its answer is the dispute as it now stands, its refusal is said beside the form. */
const settling = (
  src: 'sendToCourier' | 'acceptDispute' | 'rejectDispute',
  done: 'withCourier' | 'settled',
  refused: ReturnType<typeof byStatus> | 'open' | 'withCourier',
) => ({
  invoke: {
    id: src,
    src,
    input: ({ context }: { context: StaffDisputeDecisionContext }): DisputeDecision => ({
      disputeId: context.disputeId,
      amount: context.amount.trim() === '' ? NaN : Number(context.amount),
      note: context.note,
    }),
    onDone: { target: done, actions: ['takeDispute', 'settled'] as const },
    onError: typeof refused === 'string' ? { target: refused, actions: 'takeError' as const } : refused,
  },
});

/** A decision goes out only with a note of the allowed length; otherwise the form says so. */
const decided = (target: 'accepting' | 'rejecting') => [
  { guard: 'noteFits' as const, target },
  { actions: 'noteRefused' as const },
];

export const staffDisputeDecisionMachine = setup({
  types: {
    context: {} as StaffDisputeDecisionContext,
    events: {} as StaffDisputeDecisionEvent,
    input: {} as { disputeId: number },
  },
  actors: {
    loadDispute: dispute,
    sendToCourier: decision,
    acceptDispute: decision,
    rejectDispute: decision,
  },
  actions: {
    takeDispute: assign({
      dispute: ({ event }) => (event as unknown as { output: DisputeRow }).output,
      error: null,
    }),
    takeError: assign({ error: ({ event }) => failureText((event as unknown as { error: unknown }).error) }),
    // the note is checked before the call: a refused request would only say the same after a round trip
    noteRefused: assign({
      error: `Note must be ${DISPUTE_RULES.noteMin} to ${DISPUTE_RULES.noteMax} characters`,
    }),
    /** the notice that the dispute moved on (supplied by the binding) */
    settled: () => {},
  },
  guards: {
    noteFits: ({ context }) => {
      const n = context.note.trim().length;
      return n >= DISPUTE_RULES.noteMin && n <= DISPUTE_RULES.noteMax;
    },
    statusIs: ({ context, event }, params: { status: DisputeRow['status']; from: 'answer' | 'context' }) =>
      (params.from === 'answer' ? (event as unknown as { output: DisputeRow }).output : context.dispute)?.status ===
      params.status,
  },
}).createMachine({
  id: 'staffDisputeDecision',
  context: ({ input }) => ({ disputeId: input.disputeId, dispute: null, amount: '', note: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDispute',
        src: 'loadDispute',
        input: ({ context }) => ({ disputeId: context.disputeId }),
        onDone: byStatus('answer', ['takeDispute']),
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    deciding: {
      initial: 'open',
      on: {
        AMOUNT: { actions: assign({ amount: ({ event }) => event.value }) },
        NOTE: { actions: assign({ note: ({ event }) => event.value }) },
      },
      states: {
        open: {
          on: { SEND_TO_COURIER: 'sending', REJECT: decided('rejecting') },
        },
        withCourier: {
          on: { ACCEPT: decided('accepting'), REJECT: decided('rejecting') },
        },
        sending: settling('sendToCourier', 'withCourier', 'open'),
        accepting: settling('acceptDispute', 'settled', 'withCourier'),
        // refused, the dispute is where it was: open or with the courier
        rejecting: settling('rejectDispute', 'settled', byStatus('context', ['takeError']).slice(0, 2)),
        /** accepted or rejected: nothing more to decide */
        settled: { type: 'final' },
      },
    },
  },
});
