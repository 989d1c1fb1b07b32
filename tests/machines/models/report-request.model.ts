import { reportRequestMachine } from '../../../src/machines/report-request.machine';
import type { ReportRequestRow } from '../../../src/domain/reports-contract';
import type { MachineModel } from '../model-harness';

const row = (status: ReportRequestRow['status'], progress: number): ReportRequestRow => ({
  reportId: 7,
  type: 'ORDERS',
  typeLabel: 'Orders',
  format: 'CSV',
  fromDate: '2026-11-01',
  toDate: '2026-11-19',
  filters: {},
  status,
  statusText: status,
  progress,
  rowCount: status === 'READY' ? 120 : 40,
  fileName: status === 'READY' ? 'orders-2026-11-01-to-2026-11-19.csv' : null,
  byteSize: null,
  error: status === 'FAILED' ? 'The report could not be made. Please try again.' : null,
  scheduleId: null,
  createdAt: '2026-11-20T06:30:00.000Z',
  finishedAt: null,
  expiresAt: null,
});

const FORM = { reportType: 'ORDERS', format: 'CSV' as const, fromDate: '2026-11-01', toDate: '2026-11-19' };

export const model: MachineModel = {
  name: 'report-request',
  machine: reportRequestMachine,
  options: {
    promiseActors: ['submit', 'poll'],
    events: () => [
      { type: 'SUBMIT', form: FORM },
      { type: 'SUBMIT', form: { ...FORM, fromDate: '2026-11-20' } },
      { type: 'WATCH', reportId: 7 },
      { type: 'RETRY' },
      { type: 'RESET' },
      { type: 'xstate.done.actor.submit', output: row('QUEUED', 0) },
      { type: 'xstate.error.actor.submit', error: { message: 'No Internet Connection' } },
      { type: 'xstate.done.actor.poll', output: row('QUEUED', 0) },
      { type: 'xstate.done.actor.poll', output: row('GENERATING', 40) },
      { type: 'xstate.done.actor.poll', output: row('READY', 100) },
      { type: 'xstate.done.actor.poll', output: row('FAILED', 40) },
      { type: 'xstate.error.actor.poll', error: { message: 'offline' } },
    ],
  },
};
