import { assign, fromPromise, setup } from 'xstate';
import { KYC_RULES, type KycDocumentKind, type StaffKycView } from '../domain/kyc-contract';
import { takeFailure } from './failure';

// Staff on one KYC application (/dakiya/kyc/:applicationId): load it with its documents and
// audit; one waiting for review is approved, or rejected with a remark on each document the
// seller must upload again (a rejection needs at least one; each remark 5 to 300 characters,
// checked here before the call). The answer is the application as decided; a refusal (another
// staff member decided first) is said beside the form.

export interface KycDecisionRequest {
  applicationId: number;
  status: 'APPROVED' | 'REJECTED';
  note: string;
  remarks: { document: KycDocumentKind; remark: string }[];
}

export interface StaffKycDecisionContext {
  applicationId: number;
  application: StaffKycView | null;
  /** the remark typed beside each document (empty: the document is fine) */
  remarks: Partial<Record<KycDocumentKind, string>>;
  note: string;
  error: string | null;
}

export type StaffKycDecisionEvent =
  | { type: 'REMARK'; document: KycDocumentKind; value: string }
  | { type: 'NOTE'; value: string }
  | { type: 'APPROVE' }
  | { type: 'REJECT' }
  | { type: 'RETRY' };

/** The remarks that will go with a rejection: the documents with something typed. */
export function remarksOf(remarks: StaffKycDecisionContext['remarks']): KycDecisionRequest['remarks'] {
  return Object.entries(remarks)
    .filter(([, r]) => (r ?? '').trim() !== '')
    .map(([document, remark]) => ({ document: document as KycDocumentKind, remark: (remark ?? '').trim() }));
}

/** Why these remarks cannot go with a rejection, or null. */
export function remarksProblem(remarks: StaffKycDecisionContext['remarks']): string | null {
  const list = remarksOf(remarks);
  if (list.length === 0) return 'Write a remark on each document the seller must upload again';
  if (list.some((r) => r.remark.length < KYC_RULES.remarkMin || r.remark.length > KYC_RULES.remarkMax))
    return `Remark must be ${KYC_RULES.remarkMin} to ${KYC_RULES.remarkMax} characters`;
  return null;
}

const decision = fromPromise<StaffKycView, KycDecisionRequest>(async () => {
  throw new Error('not provided');
});
// the application as a call answered it
const answered = ({ event }: { event: { output: StaffKycView } }) => event.output;
const take = { type: 'take' as const, params: answered };

const deciding = (status: 'APPROVED' | 'REJECTED') => ({
  invoke: {
    id: status === 'APPROVED' ? 'approveKyc' : 'rejectKyc',
    src: status === 'APPROVED' ? ('approveKyc' as const) : ('rejectKyc' as const),
    input: ({ context }: { context: StaffKycDecisionContext }): KycDecisionRequest => ({
      applicationId: context.applicationId,
      status,
      note: context.note,
      remarks: status === 'REJECTED' ? remarksOf(context.remarks) : [],
    }),
    onDone: { target: 'decided', actions: [take, 'decided' as const] },
    onError: { target: 'reviewing', actions: 'takeError' as const },
  },
});

export const staffKycDecisionMachine = setup({
  types: {
    context: {} as StaffKycDecisionContext,
    events: {} as StaffKycDecisionEvent,
    input: {} as { applicationId: number },
  },
  actors: {
    loadApplication: fromPromise<StaffKycView, { applicationId: number }>(async () => {
      throw new Error('not provided');
    }),
    approveKyc: decision,
    rejectKyc: decision,
  },
  guards: {
    waitingForReview: (_, view: StaffKycView) => view.status === 'SUBMITTED',
    remarksFit: ({ context }) => remarksProblem(context.remarks) === null,
  },
  actions: {
    take: assign({ application: (_, view: StaffKycView) => view, error: null }),
    takeError: assign(takeFailure),
    /** the notice that the application is decided (supplied by the binding) */
    decided: () => {},
  },
}).createMachine({
  id: 'staffKycDecision',
  context: ({ input }) => ({
    applicationId: input.applicationId,
    application: null,
    remarks: {},
    note: '',
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        input: ({ context }) => ({ applicationId: context.applicationId }),
        onDone: [
          { guard: { type: 'waitingForReview', params: answered }, target: 'review.reviewing', actions: take },
          { target: 'review.decided', actions: take },
        ],
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    review: {
      initial: 'reviewing',
      states: {
        reviewing: {
          on: {
            REMARK: {
              actions: assign({
                remarks: ({ context, event }) => ({ ...context.remarks, [event.document]: event.value }),
                error: null,
              }),
            },
            NOTE: { actions: assign({ note: ({ event }) => event.value }) },
            APPROVE: { target: 'approving' },
            REJECT: [
              { guard: 'remarksFit', target: 'rejecting' },
              { actions: assign({ error: ({ context }) => remarksProblem(context.remarks) }) },
            ],
          },
        },
        approving: deciding('APPROVED'),
        rejecting: deciding('REJECTED'),
        /** approved or rejected: nothing more to decide here */
        decided: { type: 'final' },
      },
    },
  },
});
