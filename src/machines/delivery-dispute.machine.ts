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
import { failureText } from './failure';

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

/** Where the dispute's status comes from for a transition: a call's answer, or what the machine has. */
type StatusSource = 'eligibility' | 'dispute' | 'context';

const TRACKED: [DisputeStatus, string][] = [
  ['OPEN', 'open'],
  ['WITH_COURIER', 'withCourier'],
  ['ACCEPTED', 'accepted'],
  ['REJECTED', 'rejected'],
];

type Taking = 'takeEligibility' | 'takeDispute' | 'takeError';

/** One transition per status into the tracking view that shows it. */
const toTracking = (from: StatusSource, action: Taking, only?: DisputeStatus[]) =>
  TRACKED.filter(([status]) => !only || only.includes(status)).map(([status, state]) => ({
    guard: { type: 'statusIs' as const, params: { status, from } },
    target: `#deliveryDispute.tracking.${state}`,
    actions: action,
  }));

const outputOf = <T>(event: unknown) => (event as { output: T }).output;

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
    eligible: ({ event }) => (event as unknown as { output: DisputeEligibility }).output.eligible,
    fileAcceptable: ({ context, event }) =>
      event.type === 'ADD_FILE' &&
      evidenceFileError(event.file, context.evidence.length, LIMITS.imageUploadMaxBytes) === null,
    draftComplete: ({ context }) =>
      disputeDraftError({
        category: context.category,
        description: context.description,
        evidenceCount: context.evidence.length,
      }) === null,
    statusIs: ({ context, event }, p: { status: DisputeStatus; from: StatusSource }) => {
      const output = (event as unknown as { output?: DisputeEligibility & DisputeRow }).output;
      const row = p.from === 'context' ? context.dispute : p.from === 'dispute' ? output : output?.dispute;
      return row?.status === p.status;
    },
  },
  actions: {
    clearDraft: assign({ category: null, description: '', evidence: [], error: null }),
    takeEligibility: assign(({ event }) => {
      const e = outputOf<DisputeEligibility>(event);
      return { eligibility: e, dispute: e.dispute };
    }),
    takeDispute: assign({ dispute: ({ event }) => outputOf<DisputeRow>(event) }),
    takeError: assign({ error: ({ event }) => failureText((event as unknown as { error: unknown }).error) }),
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
          { guard: 'eligible', target: 'ready', actions: 'takeEligibility' },
          ...toTracking('eligibility', 'takeEligibility'),
          { target: 'ineligible', actions: 'takeEligibility' },
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
          actions: assign({ error: ({ event }) => failureText(event.error), pending: null }),
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
        onDone: { target: 'tracking.open', actions: 'takeDispute' },
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
        onDone: toTracking('dispute', 'takeDispute'),
        // only an open dispute or one with the courier is refreshed
        onError: toTracking('context', 'takeError', ['OPEN', 'WITH_COURIER']),
      },
    },
  },
});
