import { assign, fromPromise, setup } from 'xstate';
import type { ReportRequestRow } from '../domain/reports-contract';
import { formProblem, type ReportForm } from '../domain/schemas/report';
import { takeFailure } from './failure';

// One report request, watched until its file is ready: the form is checked (the server's own
// rules, so the message names the field by its label), sent, then the request is read every
// couple of seconds: queued → generating with its progress → ready to download, or failed (try
// again sends the same form). A request made elsewhere (the emailed link, a row of the list) can
// be watched the same way. The send and the read are injected actors.

export type { ReportForm };

export interface ReportRequestContext {
  form: ReportForm | null;
  reportId: number | null;
  report: ReportRequestRow | null;
  error: string | null;
}

export type ReportRequestEvent =
  { type: 'SUBMIT'; form: ReportForm } | { type: 'WATCH'; reportId: number } | { type: 'RETRY' } | { type: 'RESET' };

// a request's answer: the report as it stands
const takeReport = {
  type: 'takeReport' as const,
  params: ({ event }: { event: { output: ReportRequestRow } }) => event.output,
};

export const reportRequestMachine = setup({
  types: {
    context: {} as ReportRequestContext,
    events: {} as ReportRequestEvent,
  },
  actors: {
    /** sends the request; resolves the queued request */
    submit: fromPromise<ReportRequestRow, ReportForm>(async () => {
      throw new Error('submit not provided');
    }),
    /** one read of the request */
    poll: fromPromise<ReportRequestRow, { reportId: number }>(async () => {
      throw new Error('poll not provided');
    }),
  },
  delays: { pollInterval: 1500 },
  guards: {
    formValid: ({ event }) => event.type === 'SUBMIT' && formProblem(event.form) === null,
    hasForm: ({ context }) => context.form !== null,
    isReady: (_, report: ReportRequestRow) => report.status === 'READY',
    isFailed: (_, report: ReportRequestRow) => ['FAILED', 'EXPIRED'].includes(report.status),
    isGenerating: (_, report: ReportRequestRow) => report.status === 'GENERATING',
    wasGenerating: ({ context }) => context.report?.status === 'GENERATING',
  },
  actions: {
    takeForm: assign(({ event }) =>
      event.type === 'SUBMIT' ? { form: event.form, error: null, report: null, reportId: null } : {},
    ),
    refuseForm: assign({
      error: ({ event }) => (event.type === 'SUBMIT' ? formProblem(event.form) : null),
    }),
    takeReport: assign((_, report: ReportRequestRow) => ({ report, reportId: report.reportId, error: report.error })),
    /** the list of requests should be read again (a request was added or finished) */
    changed: () => {},
  },
}).createMachine({
  id: 'reportRequest',
  context: { form: null, reportId: null, report: null, error: null },
  initial: 'idle',
  on: {
    WATCH: {
      target: '.polling',
      actions: assign(({ event }) => ({ reportId: event.reportId, report: null, error: null })),
    },
  },
  states: {
    idle: {
      on: {
        SUBMIT: [
          { guard: 'formValid', target: 'submitting', actions: 'takeForm' },
          { target: 'idle', actions: 'refuseForm' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.form!,
        onDone: { target: 'queued', actions: [takeReport, 'changed'] },
        onError: { target: 'idle', actions: assign(takeFailure) },
      },
    },
    queued: {
      after: { pollInterval: 'polling' },
    },
    generating: {
      after: { pollInterval: 'polling' },
    },
    polling: {
      invoke: {
        id: 'poll',
        src: 'poll',
        input: ({ context }) => ({ reportId: context.reportId! }),
        onDone: [
          {
            guard: { type: 'isReady', params: ({ event }) => event.output },
            target: 'ready',
            actions: [takeReport, 'changed'],
          },
          {
            guard: { type: 'isFailed', params: ({ event }) => event.output },
            target: 'failed',
            actions: [takeReport, 'changed'],
          },
          {
            guard: { type: 'isGenerating', params: ({ event }) => event.output },
            target: 'generating',
            actions: takeReport,
          },
          { target: 'queued', actions: takeReport },
        ],
        // a read that fails is tried again: the report is made on the server either way
        onError: [{ guard: 'wasGenerating', target: 'generating' }, { target: 'queued' }],
      },
    },
    ready: {
      on: {
        SUBMIT: [
          { guard: 'formValid', target: 'submitting', actions: 'takeForm' },
          { target: 'idle', actions: 'refuseForm' },
        ],
        RESET: { target: 'idle', actions: assign({ report: null, reportId: null, error: null }) },
      },
    },
    failed: {
      on: {
        RETRY: { guard: 'hasForm', target: 'submitting' },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting', actions: 'takeForm' },
          { target: 'idle', actions: 'refuseForm' },
        ],
        RESET: { target: 'idle', actions: assign({ report: null, reportId: null, error: null }) },
      },
    },
  },
});
