import { assign, fromPromise, setup } from 'xstate';
import { WEIGHT_RULES, WEIGHT_TEXT, type DiscrepancyDetail, type Outcome } from '../domain/weight-contract';
import { takeFailure } from './failure';

// Staff on one weight discrepancy (/dakiya/weight-discrepancies/:id): load it; send a disputed
// one (or one the platform bears) to its courier; decide one the courier has for the seller or
// against, with a note; decide an escalation for good. Each answer is the discrepancy as it now
// stands and the view follows its stage; a refusal is said beside the form.

export type StaffWeightAction = 'COURIER' | 'DECIDE' | 'ESCALATION';

export interface StaffWeightDecisionContext {
  discrepancyId: number;
  discrepancy: DiscrepancyDetail | null;
  note: string;
  error: string | null;
}

export type StaffWeightDecisionEvent =
  | { type: 'NOTE'; value: string }
  | { type: 'SEND_TO_COURIER' }
  | { type: 'DECIDE'; outcome: Outcome }
  | { type: 'RETRY' };

export interface StaffWeightRequest {
  discrepancyId: number;
  action: StaffWeightAction;
  outcome?: Outcome;
  note?: string;
}

type Stage = 'toCourier' | 'withCourier' | 'escalated' | 'settled';

/** What staff may do at the discrepancy's status. */
export function stageOf(d: DiscrepancyDetail | null): Stage {
  if (!d) return 'settled';
  if (d.status === 'DISPUTED' || (d.platformBorne && d.status === 'NEW')) return 'toCourier';
  if (d.status === 'WITH_COURIER') return 'withCourier';
  if (d.status === 'ESCALATED') return 'escalated';
  return 'settled';
}

const STAGES: Stage[] = ['toCourier', 'withCourier', 'escalated', 'settled'];
const byStage = (from: 'answer' | 'context', actions: 'takeDetail' | 'takeError', stages = STAGES) =>
  stages.map((stage) => ({
    guard: { type: 'stageIs' as const, params: { stage, from } },
    target: `#staffWeightDecision.deciding.${stage}`,
    actions,
  }));

const outputOf = (event: unknown) => (event as { output: DiscrepancyDetail }).output;

export const staffWeightDecisionMachine = setup({
  types: {
    context: {} as StaffWeightDecisionContext,
    events: {} as StaffWeightDecisionEvent,
    input: {} as { discrepancyId: number },
  },
  actors: {
    loadDiscrepancy: fromPromise<DiscrepancyDetail, { discrepancyId: number }>(async () => {
      throw new Error('not provided');
    }),
    act: fromPromise<DiscrepancyDetail, StaffWeightRequest>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    stageIs: ({ context, event }, p: { stage: Stage; from: 'answer' | 'context' }) =>
      stageOf(p.from === 'answer' ? outputOf(event) : context.discrepancy) === p.stage,
    noteComplete: ({ context }) => context.note.trim().length >= WEIGHT_RULES.noteMin,
  },
  actions: {
    takeDetail: assign({ discrepancy: ({ event }) => outputOf(event), error: null, note: '' }),
    takeError: assign(takeFailure),
    noteMissing: assign({ error: WEIGHT_TEXT.note }),
  },
}).createMachine({
  id: 'staffWeightDecision',
  context: ({ input }) => ({ discrepancyId: input.discrepancyId, discrepancy: null, note: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDiscrepancy',
        src: 'loadDiscrepancy',
        input: ({ context }) => ({ discrepancyId: context.discrepancyId }),
        onDone: byStage('answer', 'takeDetail'),
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    deciding: {
      on: { NOTE: { actions: assign({ note: ({ event }) => event.value.slice(0, WEIGHT_RULES.noteMax) }) } },
      initial: 'settled',
      states: {
        toCourier: {
          on: { SEND_TO_COURIER: { target: '#staffWeightDecision.working', actions: assign({ error: null }) } },
        },
        withCourier: {
          on: {
            DECIDE: [{ guard: 'noteComplete', target: '#staffWeightDecision.working' }, { actions: 'noteMissing' }],
          },
        },
        escalated: {
          on: {
            DECIDE: [{ guard: 'noteComplete', target: '#staffWeightDecision.working' }, { actions: 'noteMissing' }],
          },
        },
        settled: {},
      },
    },
    working: {
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context, event }) => {
          const stage = stageOf(context.discrepancy);
          if (event.type !== 'DECIDE') return { discrepancyId: context.discrepancyId, action: 'COURIER' as const };
          return {
            discrepancyId: context.discrepancyId,
            action: stage === 'escalated' ? ('ESCALATION' as const) : ('DECIDE' as const),
            outcome: event.outcome,
            note: context.note.trim(),
          };
        },
        onDone: byStage('answer', 'takeDetail'),
        // a refusal leaves staff where they were (working is only entered from a stage with an action)
        onError: byStage('context', 'takeError', ['toCourier', 'withCourier', 'escalated']),
      },
    },
  },
});
