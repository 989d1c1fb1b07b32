import { useSearchParams } from 'react-router-dom';
import {
  AGGREGATE_TEXT,
  DATASETS,
  DATASET_KEYS,
  PERIOD_PRESETS,
  PERIOD_TEXT,
  isGroupable,
  isNumericKind,
  outputColumns,
  type DatasetField,
  type DatasetKey,
  type PeriodPreset,
  type SortDirection,
} from '../../../domain/custom-reports';
import { API_CUSTOM_REPORTS, type DatasetRow, type ReportPreview } from '../../../domain/custom-reports-contract';
import { formatDay } from '../../../domain/format';
import { PLAN_TABLE, planAllowsFeature, planFeatureRefusal } from '../../../domain/plans';
import { useScreenSession } from '../../../services/screen-services';
import { useReportBuilder } from '../../../services/use-report-builder';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Button, Checkbox, DataTable, Loadable, SelectField, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { BuilderFilters } from './builder-filters';
import { BuilderSave } from './builder-save';
import { cellText } from './builder-cells';
import { PlanBadge, UpgradePanel } from '../../kit/plan-gate';

// /reports/builder: custom reports (Premium). A seller on another plan sees the builder, locked,
// with its plan badge and the way to upgrade. The view renders the builder machine's state and
// sends its events; nothing here decides what a report is.

const day = (d: string) => formatDay(d);

export function ReportBuilderScreen() {
  const session = useScreenSession();
  const allowed = planAllowsFeature(session.account?.subscriptionType ?? '', 'customReporting');
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>
            Custom reports <PlanBadge plan="PREMIUM" />
          </h1>
          <p>
            Build the report you reconcile with: choose the data, the columns, filters and grouping with totals; preview
            it, download Excel or CSV, save it and have it emailed to your team.
          </p>
        </header>
        {allowed ? <Builder /> : <LockedBuilder />}
      </div>
    </SellerShell>
  );
}

/** The builder as a Premium seller would see it, inert, under the way to upgrade. */
function LockedBuilder() {
  return (
    <>
      <p className="m-0">{planFeatureRefusal('customReporting')}</p>
      <UpgradePanel
        plan="PREMIUM"
        feature="Custom reports"
        headingLevel={2}
        monthlyPrice={PLAN_TABLE.PREMIUM.monthlyPrice}
        features={[
          'Choose columns, filters and grouping over orders, shipments, wallet, COD remittances, weight disputes and NDR',
          'Download Excel or CSV',
          'Save reports and have them emailed to your team every day, week or month',
        ]}
      />
      <section className="card stack builder-locked" aria-labelledby="builder-sample">
        <h2 id="builder-sample" className="card-title">
          What you can build
        </h2>
        <ul className="builder-sample-list">
          {DATASET_KEYS.map((k) => (
            <li key={k}>
              <strong>{DATASETS[k].label}</strong>: {DATASETS[k].fields.map((x) => x.label).join(', ')}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function Builder() {
  const session = useScreenSession();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('report')) || null;
  const [state, send] = useReportBuilder({
    openId,
    onReportChange: (reportId) => setParams(reportId ? { report: String(reportId) } : {}, { replace: true }),
  });
  const recipients = useOperation(API_CUSTOM_REPORTS.recipients, {}, { load: true });
  const c = state.context;
  const dataset = c.datasets.find((d) => d.key === c.draft.definition.dataset);

  if (state.matches('loading'))
    return (
      <Loadable loading error={null} onRetry={() => undefined}>
        {() => null}
      </Loadable>
    );
  if (state.matches('loadFailed'))
    return (
      <Loadable loading={false} error={c.error ?? 'Could not load'} onRetry={() => send({ type: 'RETRY' })}>
        {() => null}
      </Loadable>
    );
  if (!dataset) return <Alert tone="info">Your role has none of the data custom reports are built from.</Alert>;

  const d = c.draft.definition;
  const fields = dataset.fields as DatasetField[];
  const busy = !state.matches('editing');
  const outputs = outputColumns(d);

  return (
    <div className="builder-layout">
      <aside className="card stack builder-saved" aria-labelledby="builder-saved">
        <h2 id="builder-saved" className="card-title">
          Saved reports
        </h2>
        {c.saved.length ? (
          <ul className="builder-saved-list">
            {c.saved.map((r) => (
              <li key={r.reportId} aria-current={r.reportId === c.reportId ? 'true' : undefined}>
                <Button variant="ghost" onClick={() => send({ type: 'OPEN', reportId: r.reportId })} disabled={busy}>
                  {r.name}
                </Button>
                <span className="small-print">{r.scheduleText ?? 'Not scheduled'}</span>
                <Button
                  variant="ghost"
                  aria-label={`Delete ${r.name}`}
                  disabled={busy}
                  onClick={() => send({ type: 'DELETE', reportId: r.reportId })}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="small-print">None yet. Build a report and save it to see it here.</p>
        )}
        <Button variant="secondary" onClick={() => send({ type: 'NEW' })} disabled={busy}>
          New report
        </Button>
      </aside>

      <div className="stack builder-main">
        <section className="card stack" aria-labelledby="builder-what">
          <h2 id="builder-what" className="card-title">
            {c.reportId ? `Editing “${c.draft.name}”` : 'New report'}
          </h2>
          <div className="grid-filters">
            <SelectField
              label="Data set"
              value={d.dataset}
              options={c.datasets.map((x: DatasetRow) => ({ value: x.key, label: x.label }))}
              onChange={(e) => send({ type: 'SET_DATASET', dataset: e.target.value as DatasetKey })}
            />
            <SelectField
              label="Period"
              value={d.period.preset}
              options={PERIOD_PRESETS.map((p) => ({ value: p, label: PERIOD_TEXT[p] }))}
              onChange={(e) => {
                const preset = e.target.value as PeriodPreset;
                send({
                  type: 'SET_PERIOD',
                  period: preset === 'CUSTOM' ? { preset, fromDate: '', toDate: '' } : { preset },
                });
              }}
            />
            {d.period.preset === 'CUSTOM' && (
              <>
                <TextField
                  label="From date"
                  type="date"
                  value={d.period.fromDate ?? ''}
                  onChange={(e) => send({ type: 'SET_PERIOD', period: { ...d.period, fromDate: e.target.value } })}
                />
                <TextField
                  label="To date"
                  type="date"
                  value={d.period.toDate ?? ''}
                  onChange={(e) => send({ type: 'SET_PERIOD', period: { ...d.period, toDate: e.target.value } })}
                />
              </>
            )}
          </div>
          <p className="small-print">{dataset.description} The period is in IST days.</p>
          <fieldset className="builder-box">
            <legend>Columns</legend>
            <div className="builder-columns">
              {fields.map((x) => (
                <Checkbox
                  key={x.key}
                  label={x.label}
                  checked={d.columns.includes(x.key)}
                  disabled={d.groupBy !== null}
                  onChange={() => send({ type: 'TOGGLE_COLUMN', key: x.key })}
                />
              ))}
            </div>
            {d.groupBy && <p className="small-print">A grouped report shows the group and its totals.</p>}
          </fieldset>
          <BuilderFilters
            key={d.dataset}
            dataset={dataset}
            filters={d.filters}
            onAdd={(rule) => send({ type: 'ADD_FILTER', rule })}
            onRemove={(index) => send({ type: 'REMOVE_FILTER', index })}
          />
          <fieldset className="stack builder-box">
            <legend>Group and total</legend>
            <SelectField
              label="Group by"
              value={d.groupBy ?? ''}
              placeholder="No grouping (one row each)"
              options={fields.filter(isGroupable).map((x) => ({ value: x.key, label: x.label }))}
              onChange={(e) => send({ type: 'SET_GROUP', groupBy: e.target.value || null })}
            />
            {d.groupBy && (
              <div className="builder-columns" role="group" aria-label="Totals">
                {fields
                  .filter((x) => isNumericKind(x.kind))
                  .flatMap((x) =>
                    (['sum', 'avg'] as const).map((fn) => (
                      <Checkbox
                        key={`${fn}-${x.key}`}
                        label={`${AGGREGATE_TEXT[fn]} of ${x.label}`}
                        checked={d.aggregates.some((a) => a.field === x.key && a.fn === fn)}
                        onChange={() => send({ type: 'TOGGLE_AGGREGATE', aggregate: { field: x.key, fn } })}
                      />
                    )),
                  )}
              </div>
            )}
          </fieldset>
          <div className="grid-filters">
            <SelectField
              label="Sort by"
              value={d.sort?.key ?? ''}
              placeholder={
                d.groupBy ? 'The group' : `${fields.find((x) => x.key === dataset.dateField)?.label}, newest first`
              }
              options={outputs.map((o) => ({ value: o.key, label: o.label }))}
              onChange={(e) =>
                send({ type: 'SET_SORT', key: e.target.value || null, direction: d.sort?.direction ?? 'DESC' })
              }
            />
            <SelectField
              label="Order"
              value={d.sort?.direction ?? 'DESC'}
              disabled={!d.sort}
              options={[
                { value: 'ASC', label: 'Smallest or earliest first' },
                { value: 'DESC', label: 'Largest or latest first' },
              ]}
              onChange={(e) =>
                d.sort && send({ type: 'SET_SORT', key: d.sort.key, direction: e.target.value as SortDirection })
              }
            />
          </div>
          {c.error && <Alert>{c.error}</Alert>}
          {c.notice && (
            <p role="status" className="builder-notice">
              {c.notice}
            </p>
          )}
          <div className="builder-actions">
            <Button busy={state.matches('previewing')} disabled={busy} onClick={() => send({ type: 'PREVIEW' })}>
              Preview
            </Button>
            <Button
              variant="secondary"
              busy={state.matches('downloading')}
              disabled={busy}
              onClick={() => send({ type: 'DOWNLOAD', format: 'XLSX' })}
            >
              Download Excel
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'DOWNLOAD', format: 'CSV' })}>
              Download CSV
            </Button>
          </div>
        </section>

        {c.preview && <PreviewTable preview={c.preview} stale={c.stale} />}

        <BuilderSave
          name={c.draft.name}
          schedule={c.draft.schedule}
          recipients={recipients.data ?? []}
          defaultRecipient={session.account?.email?.toLowerCase() ?? ''}
          busy={state.matches('saving')}
          editing={c.reportId !== null}
          onName={(name) => send({ type: 'SET_NAME', name })}
          onSchedule={(schedule) => send({ type: 'SET_SCHEDULE', schedule })}
          onSave={() => send({ type: 'SAVE' })}
        />
      </div>
    </div>
  );
}

function PreviewTable({ preview, stale }: { preview: ReportPreview; stale: boolean }) {
  const shown = preview.rows.length;
  const rows = preview.rows.map((cells, i) => ({ i, cells }));
  return (
    <section className="card stack" aria-labelledby="builder-preview">
      <h2 id="builder-preview" className="card-title">
        Preview
      </h2>
      <p className="small-print">
        {preview.rowCount.toLocaleString('en-IN')} rows from {day(preview.fromDate)} to {day(preview.toDate)}
        {shown < preview.rowCount ? `; the first ${shown} are shown here` : ''}
        {preview.capped ? '. The report has more rows than a file holds (50,000); add filters to narrow it.' : '.'}
      </p>
      {stale && (
        <Alert tone="warning">You changed the report after this preview. Preview again to see the change.</Alert>
      )}
      <DataTable
        caption="Report preview"
        columns={preview.columns.map((col, ci) => ({
          header: col.label,
          cell: (r: { cells: (string | number | null)[] }) => cellText(col.kind, r.cells[ci]),
        }))}
        rows={rows}
        rowKey={(r) => r.i}
        empty="No rows in this period with these filters"
      />
    </section>
  );
}
