import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import { DATASETS, type ReportDefinition } from '../../src/domain/custom-reports';
import type { DatasetRow, ReportPreview, SavedReportRow } from '../../src/domain/custom-reports-contract';
import { definitionProblem, savedReportProblem } from '../../src/domain/schemas/custom-report';
import { draftOf, reportBuilderMachine, saveBody, type SaveInput } from '../../src/machines/report-builder.machine';
import { assertFullCoverage, buildModel, coverage, describePath, replayPath, type ModelOptions } from './model-harness';

// The report builder, model-based: every state and transition over two starts (a saved report
// asked for in the page's address, and none), each path
// replayed on a real actor with injected effects. Then checks on what the context holds.

const datasetRow = (key: 'SHIPMENTS' | 'WALLET'): DatasetRow => {
  const d = DATASETS[key];
  return {
    key,
    label: d.label,
    description: d.description,
    dateField: d.dateField,
    fields: d.fields.map((f) => ({ ...f, options: f.options ? [...f.options] : undefined })),
    starter: [...d.starter],
  };
};
const DATASET_ROWS = [datasetRow('SHIPMENTS'), datasetRow('WALLET')];

const SAVED: SavedReportRow = {
  reportId: 5,
  name: 'COD by courier',
  definition: {
    ...draftOf('SHIPMENTS').definition,
    columns: [],
    groupBy: 'courierName',
    aggregates: [{ field: 'codAmountRupees', fn: 'sum' }],
  },
  schedule: null,
  scheduleText: null,
  nextRunAt: null,
  lastRunAt: null,
  createdAt: '2026-11-20T06:30:00.000Z',
  updatedAt: '2026-11-20T06:30:00.000Z',
};

const PREVIEW: ReportPreview = {
  columns: [{ key: 'orderNumber', label: 'Order number', kind: 'text' }],
  rows: [['CR-1']],
  rowCount: 1,
  capped: false,
  fromDate: '2026-10-21',
  toDate: '2026-11-19',
};

type Ctx = {
  draft: { name: string; definition: ReportDefinition; schedule: unknown };
  saved: SavedReportRow[];
  reportId: number | null;
  deletingId: number | null;
};

/** What the model tells states apart by: what the guards read, not every keystroke. */
const serializeState = (x: { value: unknown; context: Ctx; status: string }) =>
  JSON.stringify({
    v: x.value,
    valid: definitionProblem(x.context.draft.definition) === null,
    savable: savedReportProblem(saveBody(x.context.draft as never)) === null,
    has5: x.context.saved.some((r) => r.reportId === 5),
    r: x.context.reportId,
  });

const events = () => [
  { type: 'SET_DATASET', dataset: 'WALLET' },
  { type: 'TOGGLE_COLUMN', key: 'awb' },
  { type: 'SET_PERIOD', period: { preset: 'CUSTOM', fromDate: '2026-11-10', toDate: '2026-11-01' } },
  { type: 'SET_PERIOD', period: { preset: 'LAST_7_DAYS' } },
  { type: 'ADD_FILTER', rule: { field: 'statusText', op: 'in', values: ['DLV'] } },
  { type: 'SET_GROUP', groupBy: 'courierName' },
  { type: 'TOGGLE_AGGREGATE', aggregate: { field: 'orderTotal', fn: 'sum' } },
  { type: 'SET_NAME', name: 'Weekly couriers' },
  { type: 'SET_NAME', name: 'ab' },
  {
    type: 'SET_SCHEDULE',
    schedule: {
      frequency: 'WEEKLY',
      hourIst: 9,
      weekday: 1,
      monthDay: 1,
      format: 'XLSX',
      recipients: ['owner@demo.test'],
      active: true,
    },
  },
  { type: 'PREVIEW' },
  { type: 'DOWNLOAD', format: 'XLSX' },
  { type: 'SAVE' },
  { type: 'OPEN', reportId: 5 },
  { type: 'NEW' },
  { type: 'DELETE', reportId: 5 },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.load', output: { datasets: DATASET_ROWS, saved: [SAVED] } },
  { type: 'xstate.error.actor.load', error: { message: 'No Internet Connection' } },
  { type: 'xstate.done.actor.preview', output: PREVIEW },
  { type: 'xstate.error.actor.preview', error: { status: 422, message: 'This report took too long to make.' } },
  { type: 'xstate.done.actor.download', output: undefined },
  { type: 'xstate.error.actor.download', error: { message: 'offline' } },
  { type: 'xstate.done.actor.save', output: { ...SAVED, reportId: 9, name: 'Weekly couriers' } },
  { type: 'xstate.error.actor.save', error: { status: 409, message: 'You already have a saved report named' } },
  { type: 'xstate.done.actor.remove', output: { deleted: true } },
  { type: 'xstate.error.actor.remove', error: { status: 404, message: 'No such saved report' } },
];

const base = (input: unknown): ModelOptions<EventObject> => ({
  input,
  events,
  serializeState,
  promiseActors: ['load', 'preview', 'download', 'save', 'remove'],
  limit: 20_000,
});
const STARTS = [
  { name: 'a saved report asked for', options: base({ openId: 5 }) },
  { name: 'nothing asked', options: base({ openId: null }) },
];

describe('report-builder machine (model-based)', () => {
  const runs = STARTS.map((s) => ({ ...s, paths: buildModel(reportBuilderMachine, s.options).paths }));
  it('reaches every state and transition over its starts', () => {
    assertFullCoverage(
      'report-builder',
      coverage(
        reportBuilderMachine,
        runs.flatMap((r) => r.paths),
      ),
    );
  });
  for (const run of runs)
    for (const path of run.paths)
      it(`${run.name}: ${describePath(path)}`, async () => {
        await replayPath(reportBuilderMachine, path, run.options);
      });
});

describe('report builder context', () => {
  const started = (openId: number | null = null) => {
    const saves: unknown[] = [];
    const actor = createActor(
      reportBuilderMachine.provide({
        actors: {
          load: fromPromise(async () => ({ datasets: DATASET_ROWS, saved: [SAVED] })),
          preview: fromPromise(async () => PREVIEW),
          save: fromPromise(async ({ input }: { input: SaveInput }) => {
            saves.push(input);
            return { ...SAVED, reportId: 9, name: 'Weekly couriers' };
          }),
        },
      }),
      { input: { openId } },
    );
    actor.start();
    return { actor, saves };
  };

  it('starts a data set with its starter columns, and opens the saved report the address names, previewed', async () => {
    const { actor } = started(5);
    const s = await waitFor(actor, (x) => x.matches('editing') && x.context.preview !== null);
    expect(s.context.reportId).toBe(5);
    expect(s.context.draft.name).toBe('COD by courier');
    expect(s.context.draft.definition.groupBy).toBe('courierName');
    const fresh = started();
    const f = await waitFor(fresh.actor, (x) => x.matches('editing'));
    expect(f.context.draft.definition.columns).toEqual(DATASETS.SHIPMENTS.starter);
  });

  it('an edit after a preview marks it out of date; grouping drops a sort on a column it no longer has', async () => {
    const { actor } = started();
    await waitFor(actor, (x) => x.matches('editing'));
    actor.send({ type: 'SET_SORT', key: 'orderNumber', direction: 'ASC' });
    actor.send({ type: 'PREVIEW' });
    await waitFor(actor, (x) => x.matches('editing') && x.context.preview !== null);
    actor.send({ type: 'SET_GROUP', groupBy: 'courierName' });
    const s = actor.getSnapshot();
    expect(s.context.stale).toBe(true);
    expect(s.context.draft.definition.sort).toBeNull();
  });

  it('refuses to preview or save what the server would refuse, in the same words', async () => {
    const { actor, saves } = started();
    await waitFor(actor, (x) => x.matches('editing'));
    actor.send({ type: 'TOGGLE_AGGREGATE', aggregate: { field: 'orderTotal', fn: 'sum' } });
    actor.send({ type: 'PREVIEW' });
    expect(actor.getSnapshot().context.error).toBe('Totals: choose a field to group by first');
    actor.send({ type: 'NEW' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.error).toBe('Name must be 3 to 60 characters');
    actor.send({ type: 'SET_NAME', name: 'Weekly couriers' });
    actor.send({ type: 'SAVE' });
    const s = await waitFor(actor, (x) => x.matches('editing') && x.context.reportId === 9);
    expect(s.context.notice).toBe('Saved “Weekly couriers”');
    expect(s.context.saved.map((r) => r.name)).toEqual(['COD by courier', 'Weekly couriers']);
    expect(saves).toEqual([
      { reportId: null, body: { name: 'Weekly couriers', ...draftOf('SHIPMENTS').definition, schedule: null } },
    ]);
  });
});
