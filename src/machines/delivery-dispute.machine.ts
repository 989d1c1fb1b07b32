import { assign, fromPromise, setup } from 'xstate';
import { LIMITS } from '../domain/constants';
import {
  DISPUTE_RULES,
  disputeDraftError,
  evidenceFileError,
  type DisputeCategory,
  type DisputeEligibility,
  type DisputeEvidence,
  type DisputeRow,
  type DisputeStatus,
  type EvidenceFile,
} from '../domain/disputes-contract';
import { takeFailure } from './failure';

// "Raise dispute" on a delivered or returned order: is the shipment eligible, what went wrong,
// the description and photos (each uploaded as it is picked), the send, then the dispute's
// progress as staff and the courier handle it: open → with courier → accepted or rejected.

export interface DeliveryDisputeContext {
  orderId: number;
  eligibility: DisputeEligibility | null;
  category: DisputeCategory | null;
  description: string;
  evidence: DisputeEvidence[];
  /** the file being uploaded now */
  pending: EvidenceFile | null;
  dispute: DisputeRow | null;
  error: string | null;
}

export type DeliveryDisputeEvent =
  | { type: 'START' }
  | { type: 'CANCEL' }
  | { type: 'CHOOSE'; category: DisputeCategory }
  | { type: 'BACK' }
  | { type: 'TYPE'; value: string }
  | { type: 'ADD_FILE'; file: EvidenceFile }
  | { type: 'REMOVE_EVIDENCE'; fileId: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' };

export interface RaiseDisputeRequest {
  orderId: number;
  category: DisputeCategory;
  description: string;
  evidence: string[];
}

const TRACKED: [DisputeStatus, string][] = [
  ['OPEN', 'open'],
  ['WITH_COURIER', 'withCourier'],
  ['ACCEPTED', 'accepted'],
  ['REJECTED', 'rejected'],
];

// Where the dispute a transition looks at comes from: a call's answer, or what the machine has.
type EligibilityAnswer = { event: { output: DisputeEligibility } };
const eligibilityAnswer = ({ event }: EligibilityAnswer) => event.output;
const disputeAnswer = ({ event }: { event: { output: DisputeRow } }) => event.output;
const takeEligibility = { type: 'takeEligibility' as const, params: eligibilityAnswer };
const takeDispute = { type: 'takeDispute' as const, params: disputeAnswer };

/** One transition per status into the tracking view that shows it; rowOf reads the dispute whose status counts. */
const toTracking = <Args, Action>(rowOf: (args: Args) => DisputeRow | null, action: Action, only?: DisputeStatus[]) =>
  TRACKED.filter(([status]) => !only || only.includes(status)).map(([status, state]) => ({
    guard: { type: 'statusIs' as const, params: (args: Args) => ({ status, row: rowOf(args) }) },
    target: `#deliveryDispute.tracking.${state}`,
    actions: action,
  }));

export const deliveryDisputeMachine = setup({
  types: {
    context: {} as DeliveryDisputeContext,
    events: {} as DeliveryDisputeEvent,
    input: {} as { orderId: number },
  },
  actors: {
    loadEligibility: fromPromise<DisputeEligibility, { orderId: number }>(async () => {
      throw new Error('loadEligibility not provided');
    }),
    uploadEvidence: fromPromise<DisputeEvidence, { file: EvidenceFile }>(async () => {
      throw new Error('uploadEvidence not provided');
    }),
    raiseDispute: fromPromise<DisputeRow, RaiseDisputeRequest>(async () => {
      throw new Error('raiseDispute not provided');
    }),
    loadDispute: fromPromise<DisputeRow, { disputeId: number }>(async () => {
      throw new Error('loadDispute not provided');
    }),
  },
  guards: {
    eligible: (_, eligibility: DisputeEligibility) => eligibility.eligible,
    fileAcceptable: ({ context, event }) =>
      event.type === 'ADD_FILE' &&
      evidenceFileError(event.file, context.evidence.length, LIMITS.imageUploadMaxBytes) === null,
    draftComplete: ({ context }) =>
      disputeDraftError({
        category: context.category,
        description: context.description,
        evidenceCount: context.evidence.length,
      }) === null,
    statusIs: (_, p: { status: DisputeStatus; row: DisputeRow | null }) => p.row?.status === p.status,
  },
  actions: {
    clearDraft: assign({ category: null, description: '', evidence: [], error: null }),
    takeEligibility: assign((_, e: DisputeEligibility) => ({ eligibility: e, dispute: e.dispute })),
    takeDispute: assign({ dispute: (_, row: DisputeRow) => row }),
    takeError: assign(takeFailure),
  },
}).createMachine({
  id: 'deliveryDispute',
  context: ({ input }) => ({
    orderId: input.orderId,
    eligibility: null,
    category: null,
    description: '',
    evidence: [],
    pending: null,
    dispute: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadEligibility',
        src: 'loadEligibility',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          { guard: { type: 'eligible', params: eligibilityAnswer }, target: 'ready', actions: takeEligibility },
          ...toTracking((args: EligibilityAnswer) => eligibilityAnswer(args).dispute, takeEligibility),
          { target: 'ineligible', actions: takeEligibility },
        ],
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'checking', actions: assign({ error: null }) } },
    },
    /** nothing to offer: not delivered, or the window has closed */
    ineligible: {},
    /** the "Raise dispute" action is offered */
    ready: {
      on: { START: { target: 'category', actions: 'clearDraft' } },
    },
    category: {
      on: {
        CHOOSE: { target: 'details', actions: assign({ category: ({ event }) => event.category, error: null }) },
        CANCEL: { target: 'ready', actions: 'clearDraft' },
      },
    },
    details: {
      on: {
        TYPE: {
          actions: assign({ description: ({ event }) => event.value.slice(0, DISPUTE_RULES.descriptionMax + 1) }),
        },
        ADD_FILE: [
          { guard: 'fileAcceptable', target: 'uploading', actions: assign({ pending: ({ event }) => event.file }) },
          {
            actions: assign({
              error: ({ context, event }) =>
                evidenceFileError(event.file, context.evidence.length, LIMITS.imageUploadMaxBytes),
            }),
          },
        ],
        REMOVE_EVIDENCE: {
          actions: assign({
            evidence: ({ context, event }) => context.evidence.filter((e) => e.fileId !== event.fileId),
          }),
        },
        BACK: { target: 'category', actions: assign({ error: null }) },
        CANCEL: { target: 'ready', actions: 'clearDraft' },
        SUBMIT: [
          { guard: 'draftComplete', target: 'submitting' },
          {
            actions: assign({
              error: ({ context }) =>
                disputeDraftError({
                  category: context.category,
                  description: context.description,
                  evidenceCount: context.evidence.length,
                }),
            }),
          },
        ],
      },
    },
    uploading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'uploadEvidence',
        src: 'uploadEvidence',
        input: ({ context }) => ({ file: context.pending! }),
        onDone: {
          target: 'details',
          actions: assign({ evidence: ({ context, event }) => [...context.evidence, event.output], pending: null }),
        },
        onError: {
          target: 'details',
          actions: assign({ ...takeFailure, pending: null }),
        },
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'raiseDispute',
        src: 'raiseDispute',
        input: ({ context }) => ({
          orderId: context.orderId,
          category: context.category!,
          description: context.description.trim(),
          evidence: context.evidence.map((e) => e.fileId),
        }),
        // a new dispute is open
        onDone: { target: 'tracking.open', actions: takeDispute },
        onError: { target: 'details', actions: 'takeError' },
      },
    },
    /** the dispute as staff and the courier move it */
    tracking: {
      initial: 'open',
      states: {
        open: { on: { REFRESH: '#deliveryDispute.refreshing' } },
        withCourier: { on: { REFRESH: '#deliveryDispute.refreshing' } },
        accepted: {},
        rejected: {},
      },
    },
    refreshing: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadDispute',
        src: 'loadDispute',
        input: ({ context }) => ({ disputeId: context.dispute!.disputeId }),
        onDone: toTracking(disputeAnswer, takeDispute),
        // only an open dispute or one with the courier is refreshed
        onError: toTracking(
          ({ context }: { context: DeliveryDisputeContext }) => context.dispute,
          'takeError' as const,
          ['OPEN', 'WITH_COURIER'],
        ),
      },
    },
  },
});
