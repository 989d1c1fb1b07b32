import { assign, fromPromise, setup } from 'xstate';
import {
  DATASETS,
  type DatasetKey,
  type ReportAggregate,
  type ReportDefinition,
  type ReportFilterRule,
  type ReportPeriod,
  type ReportScheduleSpec,
  type SortDirection,
} from '../domain/custom-reports';
import type { DatasetRow, ReportPreview, SavedReportRow } from '../domain/custom-reports-contract';
import { definitionProblem, savedReportProblem, type SavedReportBodyInput } from '../domain/schemas/custom-report';
import { takeFailure } from './failure';

// The custom report builder (Premium; a seller on another plan sees the page locked with its plan
// and the way to upgrade, and this machine never starts). The data sets and saved reports load
// (and the saved report the page's address names opens, previewed); the seller edits a draft (data set, columns, period, filters, grouping with
// figures, sort, name and schedule), previews its first rows, downloads it, saves it under a name
// and opens or deletes saved ones. Every edit marks the preview out of date. The server's own
// checks run before anything is sent, so messages name the field by its label. Loading, preview,
// download, save and delete are injected actors.

export interface BuilderDraft {
  name: string;
  definition: ReportDefinition;
  schedule: ReportScheduleSpec | null;
}

export interface ReportBuilderContext {
  /** a saved report to open once loaded (the page's ?report=) */
  openId: number | null;
  datasets: DatasetRow[];
  saved: SavedReportRow[];
  draft: BuilderDraft;
  /** the saved report being edited, if any */
  reportId: number | null;
  /** the saved report being deleted */
  deletingId: number | null;
  preview: ReportPreview | null;
  /** an edit came after the preview */
  stale: boolean;
  error: string | null;
  notice: string | null;
}

export type ReportBuilderEvent =
  | { type: 'RETRY' }
  | { type: 'SET_DATASET'; dataset: DatasetKey }
  | { type: 'TOGGLE_COLUMN'; key: string }
  | { type: 'SET_PERIOD'; period: ReportPeriod }
  | { type: 'ADD_FILTER'; rule: ReportFilterRule }
  | { type: 'REMOVE_FILTER'; index: number }
  | { type: 'SET_GROUP'; groupBy: string | null }
  | { type: 'TOGGLE_AGGREGATE'; aggregate: ReportAggregate }
  | { type: 'SET_SORT'; key: string | null; direction: SortDirection }
  | { type: 'SET_NAME'; name: string }
  | { type: 'SET_SCHEDULE'; schedule: ReportScheduleSpec | null }
  | { type: 'PREVIEW' }
  | { type: 'DOWNLOAD'; format: 'XLSX' | 'CSV' }
  | { type: 'SAVE' }
  | { type: 'OPEN'; reportId: number }
  | { type: 'NEW' }
  | { type: 'DELETE'; reportId: number };

export interface SaveInput {
  reportId: number | null;
  body: SavedReportBodyInput;
}

/** A fresh draft of a data set: its starter columns over the last 30 days. */
export function draftOf(dataset: DatasetKey, name = ''): BuilderDraft {
  return {
    name,
    schedule: null,
    definition: {
      dataset,
      period: { preset: 'LAST_30_DAYS' },
      columns: [...DATASETS[dataset].starter],
      filters: [],
      groupBy: null,
      aggregates: [],
      sort: null,
    },
  };
}

/** What the server takes to save the draft. */
export const saveBody = (d: BuilderDraft): SavedReportBodyInput => ({
  name: d.name.trim(),
  ...d.definition,
  schedule: d.schedule,
});

const draftFromSaved = (r: SavedReportRow): BuilderDraft => ({
  name: r.name,
  definition: r.definition as ReportDefinition,
  schedule: r.schedule,
});

type Ctx = ReportBuilderContext;
const edit = (c: Ctx, change: Partial<ReportDefinition>): Partial<Ctx> => ({
  draft: { ...c.draft, definition: { ...c.draft.definition, ...change } },
  stale: c.preview !== null,
  error: null,
  notice: null,
});

/** The sort is kept only while it names a column the report still has. */
function withSortKept(c: Ctx, change: Partial<ReportDefinition>): Partial<ReportDefinition> {
  const next = { ...c.draft.definition, ...change };
  const keys = next.groupBy
    ? [next.groupBy, 'rowCount', ...next.aggregates.map((a) => `${a.fn}_${a.field}`)]
    : next.columns;
  return next.sort && !keys.includes(next.sort.key) ? { ...change, sort: null } : change;
}

export const reportBuilderMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as ReportBuilderEvent,
    input: {} as { openId?: number | null },
  },
  actors: {
    load: fromPromise<{ datasets: DatasetRow[]; saved: SavedReportRow[] }>(async () => {
      throw new Error('load not provided');
    }),
    preview: fromPromise<ReportPreview, ReportDefinition>(async () => {
      throw new Error('preview not provided');
    }),
    download: fromPromise<void, { definition: ReportDefinition; format: 'XLSX' | 'CSV' }>(async () => {
      throw new Error('download not provided');
    }),
    save: fromPromise<SavedReportRow, SaveInput>(async () => {
      throw new Error('save not provided');
    }),
    remove: fromPromise<{ deleted: boolean }, { reportId: number }>(async () => {
      throw new Error('remove not provided');
    }),
  },
  guards: {
    definitionValid: ({ context }) => definitionProblem(context.draft.definition) === null,
    savable: ({ context }) => savedReportProblem(saveBody(context.draft)) === null,
    opensAsked: ({ context }, load: { saved: SavedReportRow[] }) =>
      context.openId !== null && load.saved.some((r) => r.reportId === context.openId),
    knownReport: ({ context, event }) =>
      event.type === 'OPEN' && context.saved.some((r) => r.reportId === event.reportId),
    knownDelete: ({ context, event }) =>
      event.type === 'DELETE' && context.saved.some((r) => r.reportId === event.reportId),
    knownDataset: ({ context, event }) =>
      event.type === 'SET_DATASET' && context.datasets.some((d) => d.key === event.dataset),
  },
  actions: {
    takeLoad: assign(({ context }, { datasets, saved }: { datasets: DatasetRow[]; saved: SavedReportRow[] }) => {
      const first = datasets[0]?.key ?? context.draft.definition.dataset;
      return { datasets, saved, draft: draftOf(first), error: null };
    }),
    openRequested: assign(({ context }) => {
      const r = context.saved.find((x) => x.reportId === context.openId)!;
      return { draft: draftFromSaved(r), reportId: r.reportId, preview: null, stale: false, openId: null };
    }),
    openReport: assign(({ context, event }) => {
      if (event.type !== 'OPEN') return {};
      const r = context.saved.find((x) => x.reportId === event.reportId)!;
      return { draft: draftFromSaved(r), reportId: r.reportId, preview: null, stale: false, error: null, notice: null };
    }),
    newReport: assign(({ context }) => ({
      draft: draftOf(context.draft.definition.dataset),
      reportId: null,
      preview: null,
      stale: false,
      error: null,
      notice: null,
    })),
    setDataset: assign(({ context, event }) =>
      event.type === 'SET_DATASET'
        ? {
            draft: { ...draftOf(event.dataset, context.draft.name), schedule: context.draft.schedule },
            preview: null,
            stale: false,
            error: null,
            notice: null,
          }
        : {},
    ),
    toggleColumn: assign(({ context, event }) => {
      if (event.type !== 'TOGGLE_COLUMN') return {};
      const cols = context.draft.definition.columns;
      const columns = cols.includes(event.key) ? cols.filter((k) => k !== event.key) : [...cols, event.key];
      return edit(context, withSortKept(context, { columns }));
    }),
    setPeriod: assign(({ context, event }) =>
      event.type === 'SET_PERIOD' ? edit(context, { period: event.period }) : {},
    ),
    addFilter: assign(({ context, event }) =>
      event.type === 'ADD_FILTER' ? edit(context, { filters: [...context.draft.definition.filters, event.rule] }) : {},
    ),
    removeFilter: assign(({ context, event }) =>
      event.type === 'REMOVE_FILTER'
        ? edit(context, { filters: context.draft.definition.filters.filter((_, i) => i !== event.index) })
        : {},
    ),
    setGroup: assign(({ context, event }) =>
      event.type === 'SET_GROUP'
        ? edit(
            context,
            withSortKept(context, {
              groupBy: event.groupBy,
              aggregates: event.groupBy ? context.draft.definition.aggregates : [],
            }),
          )
        : {},
    ),
    toggleAggregate: assign(({ context, event }) => {
      if (event.type !== 'TOGGLE_AGGREGATE') return {};
      const list = context.draft.definition.aggregates;
      const same = (a: ReportAggregate) => a.field === event.aggregate.field && a.fn === event.aggregate.fn;
      const aggregates = list.some(same) ? list.filter((a) => !same(a)) : [...list, event.aggregate];
      return edit(context, withSortKept(context, { aggregates }));
    }),
    setSort: assign(({ context, event }) =>
      event.type === 'SET_SORT'
        ? edit(context, { sort: event.key ? { key: event.key, direction: event.direction } : null })
        : {},
    ),
    setName: assign(({ context, event }) =>
      event.type === 'SET_NAME' ? { draft: { ...context.draft, name: event.name }, error: null, notice: null } : {},
    ),
    setSchedule: assign(({ context, event }) =>
      event.type === 'SET_SCHEDULE'
        ? { draft: { ...context.draft, schedule: event.schedule }, error: null, notice: null }
        : {},
    ),
    refuseDefinition: assign({ error: ({ context }) => definitionProblem(context.draft.definition), notice: null }),
    refuseSave: assign({ error: ({ context }) => savedReportProblem(saveBody(context.draft)), notice: null }),
    takePreview: assign((_, preview: ReportPreview) => ({
      preview,
      stale: false,
      error: null,
    })),
    takeSaved: assign(({ context }, row: SavedReportRow) => {
      const others = context.saved.filter((r) => r.reportId !== row.reportId);
      const saved = [...others, row].sort((a, b) => a.name.localeCompare(b.name));
      return { saved, reportId: row.reportId, error: null, notice: `Saved “${row.name}”` };
    }),
    /** the deleted report leaves the list; the draft it was stays on screen as a new, unsaved one */
    takeDeleted: assign(({ context }) => ({
      saved: context.saved.filter((r) => r.reportId !== context.deletingId),
      reportId: context.reportId === context.deletingId ? null : context.reportId,
      deletingId: null,
      error: null,
      notice: 'Saved report deleted',
    })),
    failed: assign({ ...takeFailure, notice: null }),
    /** the page's address names the report being edited (so a reload opens it again) */
    savedChanged: () => {},
  },
}).createMachine({
  id: 'reportBuilder',
  context: ({ input }) => ({
    openId: input.openId ?? null,
    datasets: [],
    saved: [],
    draft: draftOf('SHIPMENTS'),
    reportId: null,
    deletingId: null,
    preview: null,
    stale: false,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: { type: 'opensAsked', params: ({ event }) => event.output },
            target: 'previewing',
            actions: [{ type: 'takeLoad', params: ({ event }) => event.output }, 'openRequested'],
          },
          { target: 'editing', actions: { type: 'takeLoad', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: 'failed' },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      on: {
        SET_DATASET: { guard: 'knownDataset', actions: 'setDataset' },
        TOGGLE_COLUMN: { actions: 'toggleColumn' },
        SET_PERIOD: { actions: 'setPeriod' },
        ADD_FILTER: { actions: 'addFilter' },
        REMOVE_FILTER: { actions: 'removeFilter' },
        SET_GROUP: { actions: 'setGroup' },
        TOGGLE_AGGREGATE: { actions: 'toggleAggregate' },
        SET_SORT: { actions: 'setSort' },
        SET_NAME: { actions: 'setName' },
        SET_SCHEDULE: { actions: 'setSchedule' },
        PREVIEW: [{ guard: 'definitionValid', target: 'previewing' }, { actions: 'refuseDefinition' }],
        DOWNLOAD: [{ guard: 'definitionValid', target: 'downloading' }, { actions: 'refuseDefinition' }],
        SAVE: [{ guard: 'savable', target: 'saving' }, { actions: 'refuseSave' }],
        OPEN: { guard: 'knownReport', target: 'previewing', actions: ['openReport', 'savedChanged'] },
        NEW: { actions: ['newReport', 'savedChanged'] },
        DELETE: {
          guard: 'knownDelete',
          target: 'deleting',
          actions: assign(({ event }) => ({ deletingId: event.reportId, error: null, notice: null })),
        },
      },
    },
    previewing: {
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => context.draft.definition,
        onDone: { target: 'editing', actions: { type: 'takePreview', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: 'failed' },
      },
    },
    downloading: {
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context, event }) => ({
          definition: context.draft.definition,
          format: event.type === 'DOWNLOAD' ? event.format : 'XLSX',
        }),
        onDone: { target: 'editing', actions: assign({ error: null, notice: 'Your file is downloading' }) },
        onError: { target: 'editing', actions: 'failed' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ reportId: context.reportId, body: saveBody(context.draft) }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'takeSaved', params: ({ event }) => event.output }, 'savedChanged'],
        },
        onError: { target: 'editing', actions: 'failed' },
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ reportId: context.deletingId! }),
        onDone: { target: 'editing', actions: ['takeDeleted', 'savedChanged'] },
        onError: { target: 'editing', actions: ['failed', assign({ deletingId: null })] },
      },
    },
  },
});
