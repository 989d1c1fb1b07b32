import { assign, fromPromise, setup } from 'xstate';
import type { PayoutDetail } from '../domain/cod-contract';
import { UTR_PATTERN } from '../domain/cod-remittance';
import { takeFailure } from './failure';

// Staff on one COD payout (/dakiya/cod-remittance/:payoutId): load it; one waiting for bank
// transfer is marked paid with the bank's UTR (and comments), or held with a reason; one held by
// staff is released; one held for KYC or the bank account waits for the seller; a paid one is
// only shown. Each answer is the payout as it now stands and the view follows its stage; a refusal
// is said beside the form.

export type StaffCodAction = 'MARK_PAID' | 'HOLD' | 'RELEASE';

export interface StaffCodPayoutContext {
  payoutId: number;
  detail: PayoutDetail | null;
  utr: string;
  comments: string;
  holdReason: string;
  error: string | null;
}

export type StaffCodPayoutEvent =
  | { type: 'UTR'; value: string }
  | { type: 'COMMENTS'; value: string }
  | { type: 'HOLD_REASON'; value: string }
  | { type: 'MARK_PAID' }
  | { type: 'HOLD' }
  | { type: 'RELEASE' }
  | { type: 'RETRY' };

export interface StaffCodRequest {
  payoutId: number;
  action: StaffCodAction;
  utr?: string;
  comments?: string;
  holdReason?: string;
}

export const STAFF_COD_TEXT = {
  utr: 'UTR must be 12 to 22 letters and digits',
  holdReason: 'Hold reason must be 5 to 300 characters',
} as const;

type Stage = 'awaiting' | 'staffHold' | 'gateHold' | 'paid';

export function payoutStage(d: PayoutDetail | null): Stage {
  if (!d || d.payout.status === 'PAID') return 'paid';
  if (d.payout.status === 'AWAITING_TRANSFER') return 'awaiting';
  return d.payout.holdCode === 'STAFF' ? 'staffHold' : 'gateHold';
}

const STAGES: Stage[] = ['awaiting', 'staffHold', 'gateHold', 'paid'];
const outputOf = (event: unknown) => (event as { output: PayoutDetail }).output;
const byStage = (from: 'answer' | 'context', actions: 'takeDetail' | 'takeError', stages = STAGES) =>
  stages.map((stage) => ({
    guard: { type: 'stageIs' as const, params: { stage, from } },
    target: `#staffCodPayout.viewing.${stage}`,
    actions,
  }));

export const staffCodPayoutMachine = setup({
  types: {
    context: {} as StaffCodPayoutContext,
    events: {} as StaffCodPayoutEvent,
    input: {} as { payoutId: number },
  },
  actors: {
    loadPayout: fromPromise<PayoutDetail, { payoutId: number }>(async () => {
      throw new Error('not provided');
    }),
    act: fromPromise<PayoutDetail, StaffCodRequest>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    stageIs: ({ context, event }, p: { stage: Stage; from: 'answer' | 'context' }) =>
      payoutStage(p.from === 'answer' ? outputOf(event) : context.detail) === p.stage,
    utrValid: ({ context }) => UTR_PATTERN.test(context.utr.trim()),
    reasonValid: ({ context }) => {
      const n = context.holdReason.trim().length;
      return n >= 5 && n <= 300;
    },
  },
  actions: {
    takeDetail: assign({
      detail: ({ event }) => outputOf(event),
      error: null,
      utr: '',
      comments: '',
      holdReason: '',
    }),
    takeError: assign(takeFailure),
  },
}).createMachine({
  id: 'staffCodPayout',
  context: ({ input }) => ({
    payoutId: input.payoutId,
    detail: null,
    utr: '',
    comments: '',
    holdReason: '',
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPayout',
        src: 'loadPayout',
        input: ({ context }) => ({ payoutId: context.payoutId }),
        onDone: byStage('answer', 'takeDetail'),
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    viewing: {
      initial: 'paid',
      states: {
        awaiting: {
          on: {
            UTR: { actions: assign({ utr: ({ event }) => event.value.slice(0, 22), error: null }) },
            COMMENTS: { actions: assign({ comments: ({ event }) => event.value.slice(0, 500) }) },
            HOLD_REASON: { actions: assign({ holdReason: ({ event }) => event.value.slice(0, 300), error: null }) },
            MARK_PAID: [
              { guard: 'utrValid', target: '#staffCodPayout.working' },
              { actions: assign({ error: STAFF_COD_TEXT.utr }) },
            ],
            HOLD: [
              { guard: 'reasonValid', target: '#staffCodPayout.working' },
              { actions: assign({ error: STAFF_COD_TEXT.holdReason }) },
            ],
          },
        },
        staffHold: { on: { RELEASE: '#staffCodPayout.working' } },
        gateHold: {},
        paid: {},
      },
    },
    working: {
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context, event }) => {
          const base = { payoutId: context.payoutId };
          if (event.type === 'MARK_PAID')
            return {
              ...base,
              action: 'MARK_PAID' as const,
              utr: context.utr.trim(),
              comments: context.comments.trim(),
            };
          if (event.type === 'HOLD') return { ...base, action: 'HOLD' as const, holdReason: context.holdReason.trim() };
          return { ...base, action: 'RELEASE' as const };
        },
        onDone: byStage('answer', 'takeDetail'),
        // a refusal leaves the payout where it was: only these stages act
        onError: byStage('context', 'takeError', ['awaiting', 'staffHold']),
      },
    },
  },
});
