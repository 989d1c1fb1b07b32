import { useEffect } from 'react';
import { useNoticedDownload } from '../../hooks/use-noticed-download';
import { countOf } from '../../../domain/format';
import type { ReportRequestRow, ReportTypeRow } from '../../../domain/reports-contract';
import { useReportRequest } from '../../../services/use-report-request';
import { Alert, Button, Card, ProgressBar } from '../../kit';
import { ReportFormFields, type ReportChoice } from './report-form-fields';

// Ask for a report over the page's period, then watch it: queued, its progress while it is
// made, and Download once ready (or why it failed, with Try again). A report opened from the
// emailed link is watched the same way.

export function useReportDownload() {
  const [download, send] = useNoticedDownload();
  return {
    busy: download.matches('downloading'),
    get: (r: Pick<ReportRequestRow, 'reportId' | 'fileName'>) =>
      send({ type: 'DOWNLOAD', kind: 'REPORT', params: { reportId: r.reportId, fileName: r.fileName ?? 'report' } }),
  };
}

export function ReportRequestPanel({
  types,
  period,
  choice,
  onChoice,
  watch,
}: {
  types: ReportTypeRow[];
  period: { fromDate: string; toDate: string };
  choice: ReportChoice;
  onChoice: (c: ReportChoice) => void;
  /** a report to watch on arrival (the emailed link's ?report=) */
  watch: number | null;
}) {
  const [state, send] = useReportRequest();
  const download = useReportDownload();
  useEffect(() => {
    if (watch) send({ type: 'WATCH', reportId: watch });
  }, [watch, send]);
  const { report, error } = state.context;
  const busy = state.matches('submitting');
  const watching = state.matches('queued') || state.matches('generating') || state.matches('polling');
  return (
    <Card className="stack" id="request-report" aria-labelledby="request-report-title">
      <h2 id="request-report-title">Request a report</h2>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT', form: { ...choice, ...period } });
        }}
      >
        <div className="grid-filters">
          <ReportFormFields types={types} value={choice} onChange={onChoice} />
        </div>
        {state.matches('idle') && error && <Alert>{error}</Alert>}
        <div className="row">
          <Button type="submit" busy={busy} disabled={busy || watching}>
            Request report
          </Button>
        </div>
      </form>
      {report && (watching || state.matches('ready') || state.matches('failed')) && (
        <div className="stack" role="status" aria-label="Report progress">
          <strong>
            {report.typeLabel} report, {report.format}
          </strong>
          {watching &&
            (report.status === 'GENERATING' ? (
              <ProgressBar label="Making your report" value={report.progress} />
            ) : (
              <span className="small-print">Queued: it starts in a moment.</span>
            ))}
          {state.matches('ready') && (
            <div className="row">
              <span>Ready: {countOf(report.rowCount, 'rows')}.</span>
              <Button variant="secondary" busy={download.busy} onClick={() => download.get(report)}>
                Download {report.fileName}
              </Button>
            </div>
          )}
          {state.matches('failed') && (
            <Alert>
              <span>{report.status === 'EXPIRED' ? 'This report has expired. Ask for it again.' : report.error}</span>{' '}
              {state.can({ type: 'RETRY' }) && (
                <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                  Try again
                </Button>
              )}
            </Alert>
          )}
        </div>
      )}
    </Card>
  );
}
