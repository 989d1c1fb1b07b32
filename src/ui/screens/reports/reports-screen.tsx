import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { countOf, formatDay, formatDateTime, istDay } from '../../../domain/format';
import {
  API_REPORTS,
  type ReportRequestRow,
  type ReportStats,
  type ReportTypeRow,
} from '../../../domain/reports-contract';
import { useOnInvalidate } from '../../../services/invalidate';
import { useScreenSession } from '../../../services/screen-services';
import { useOperation } from '../../hooks/use-operation';
import { Badge, Button, Card, Loadable } from '../../kit';
import { DateRangeFields, dayRangeText } from '../../lists/date-range-fields';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';
import type { ReportChoice } from './report-form-fields';
import { ReportRequestPanel, useReportDownload } from './report-request-panel';
import { ReportSchedules } from './report-schedules';
import { PlanBadge } from '../../kit/plan-gate';

// /reports ("reports v2"): each report as a card with its figures for the period beside it
// (rows, when last made), the request form with live progress, the reports asked for with their
// downloads (kept 30 days), and scheduled reports.

const STATUS_TONE = {
  QUEUED: 'brand',
  GENERATING: 'warning',
  READY: 'success',
  FAILED: 'danger',
  EXPIRED: 'danger',
} as const;

const day = (d: string) => formatDay(d);

export function ReportsScreen() {
  const session = useScreenSession();
  const [params] = useSearchParams();
  const today = istDay();
  const [period, setPeriod] = useState({ fromDate: `${today.slice(0, 8)}01`, toDate: today });
  const periodError = dayRangeText('fromDate', period.fromDate, 'toDate', period.toDate);
  const types = useOperation(API_REPORTS.types, {}, { load: true });
  const stats = useOperation(API_REPORTS.stats, (query: { fromDate: string; toDate: string }) => ({ query }));
  const [choice, setChoice] = useState<ReportChoice>({ reportType: 'ORDERS', format: 'CSV' });
  const download = useReportDownload();
  const { run: loadStats } = stats;
  useEffect(() => {
    if (!periodError) loadStats(period);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when the period changes
  }, [period.fromDate, period.toDate, periodError]);
  useOnInvalidate('reports', () => !periodError && loadStats(period));
  const watch = Number(params.get('report')) || null;

  const columns: ListColumn<ReportRequestRow>[] = [
    { header: 'Report', cell: (r) => `${r.typeLabel} (${r.format})${r.scheduleId ? ' · scheduled' : ''}` },
    {
      header: 'Period',
      cell: (r) => (r.fromDate === r.toDate ? day(r.fromDate) : `${day(r.fromDate)} – ${day(r.toDate)}`),
    },
    {
      header: 'Status',
      cell: (r) => (
        <Badge tone={STATUS_TONE[r.status]}>
          {r.statusText}
          {r.status === 'GENERATING' ? ` ${r.progress}%` : ''}
        </Badge>
      ),
    },
    {
      header: 'Rows',
      cell: (r) => (r.status === 'READY' || r.status === 'EXPIRED' ? r.rowCount.toLocaleString('en-IN') : '—'),
    },
    { header: 'Asked for', cell: (r) => formatDateTime(r.createdAt) },
    {
      header: 'File',
      cell: (r) =>
        r.status === 'READY' ? (
          <Button
            variant="ghost"
            busy={download.busy}
            aria-label={`Download ${r.fileName}`}
            onClick={() => download.get(r)}
          >
            Download
          </Button>
        ) : r.status === 'EXPIRED' ? (
          'Expired'
        ) : (
          '—'
        ),
    },
  ];

  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Reports</h1>
          <p>
            Reports of your orders, shipments, NDR, returns, COD and wallet as CSV or Excel, with the same rows as their
            lists. Files are kept for 30 days.
          </p>
          <p>
            <Link to="/reports/builder">Build a custom report</Link> of the columns, filters and totals you choose,
            saved and emailed on a schedule <PlanBadge plan="PREMIUM" />
          </p>
        </header>
        <div className="grid-filters">
          <DateRangeFields
            fromKey="fromDate"
            toKey="toDate"
            from={period.fromDate}
            to={period.toDate}
            onFromChange={(fromDate) => setPeriod((p) => ({ ...p, fromDate }))}
            onToChange={(toDate) => setPeriod((p) => ({ ...p, toDate }))}
            error={periodError}
          />
        </div>
        <Loadable loading={types.loading} error={types.error} onRetry={types.retry}>
          {() => (
            <>
              <ReportCards
                types={types.data!}
                stats={stats.data}
                onChoose={(reportType) => {
                  setChoice({ reportType, format: choice.format });
                  document.getElementById('request-report')?.scrollIntoView({ behavior: 'smooth' });
                }}
              />
              <ReportRequestPanel
                types={types.data!}
                period={period}
                choice={choice}
                onChoice={setChoice}
                watch={watch}
              />
              <h2>Your reports</h2>
              <ListView
                caption="Your reports"
                noun="reports"
                path={API_REPORTS.list.path}
                columns={columns}
                rowKey={(r) => r.reportId}
                sortBy="createdAt"
                sortOrder="DESC"
                refreshOn="reports"
              />
              <ReportSchedules types={types.data!} email={session.account?.email ?? ''} />
            </>
          )}
        </Loadable>
      </div>
    </SellerShell>
  );
}

function ReportCards({
  types,
  stats,
  onChoose,
}: {
  types: ReportTypeRow[];
  stats: ReportStats | null;
  onChoose: (type: string) => void;
}) {
  return (
    <ul className="grid-cards report-list" aria-label="Report types">
      {types.map((t) => {
        const s = stats?.types.find((x) => x.type === t.type);
        return (
          <li key={t.type}>
            <Card className="stack report-card" aria-labelledby={`report-${t.type}`}>
              <h2 id={`report-${t.type}`} className="card-title">
                {t.label}
              </h2>
              <p className="small-print">{t.description}</p>
              <dl className="report-stats">
                <div>
                  <dt>In the period</dt>
                  <dd>{!s ? '…' : s.rows === null ? 'Counted when made' : countOf(s.rows, 'rows')}</dd>
                </div>
                <div>
                  <dt>Last made</dt>
                  <dd>{s?.lastGeneratedAt ? formatDateTime(s.lastGeneratedAt) : 'Never'}</dd>
                </div>
              </dl>
              <Button variant="secondary" aria-label={`Choose the ${t.label} report`} onClick={() => onChoose(t.type)}>
                Choose
              </Button>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
