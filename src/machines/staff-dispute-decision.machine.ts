import { assign, fromPromise, setup } from 'xstate';
import { DISPUTE_RULES, type DisputeRow } from '../domain/disputes-contract';
import { takeFailure } from './failure';

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

// Where the dispute a transition looks at comes from: a call's answer, or what the machine has.
const answered = ({ event }: { event: { output: DisputeRow } }) => event.output;
const known = ({ context }: { context: StaffDisputeDecisionContext }) => context.dispute;
const takeDispute = { type: 'takeDispute' as const, params: answered };

/** On to the view of the dispute's status (rowOf reads it): open, with the courier, or settled. */
const byStatus = <Args, Action>(rowOf: (args: Args) => DisputeRow | null, actions: readonly Action[]) => [
  {
    guard: { type: 'statusIs' as const, params: (args: Args) => ({ status: 'OPEN' as const, row: rowOf(args) }) },
    target: '#staffDisputeDecision.deciding.open',
    actions,
  },
  {
    guard: {
      type: 'statusIs' as const,
      params: (args: Args) => ({ status: 'WITH_COURIER' as const, row: rowOf(args) }),
    },
    target: '#staffDisputeDecision.deciding.withCourier',
    actions,
  },
  { target: '#staffDisputeDecision.deciding.settled', actions },
];

/** A decision's call: its answer is the dispute as it now stands, its refusal is said beside the form. */
const settling = (
  src: 'sendToCourier' | 'acceptDispute' | 'rejectDispute',
  done: 'withCourier' | 'settled',
  refused: ReturnType<typeof byStatus<{ context: StaffDisputeDecisionContext }, 'takeError'>> | 'open' | 'withCourier',
) => ({
  invoke: {
    id: src,
    src,
    input: ({ context }: { context: StaffDisputeDecisionContext }): DisputeDecision => ({
      disputeId: context.disputeId,
      amount: context.amount.trim() === '' ? NaN : Number(context.amount),
      note: context.note,
    }),
    onDone: { target: done, actions: [takeDispute, 'settled' as const] },
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
    takeDispute: assign({ dispute: (_, row: DisputeRow) => row, error: null }),
    takeError: assign(takeFailure),
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
    statusIs: (_, params: { status: DisputeRow['status']; row: DisputeRow | null }) =>
      params.row?.status === params.status,
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
        onDone: byStatus(answered, [takeDispute]),
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
        rejecting: settling('rejectDispute', 'settled', byStatus(known, ['takeError' as const]).slice(0, 2)),
        /** accepted or rejected: nothing more to decide */
        settled: { type: 'final' },
      },
    },
  },
});
