import { useEffect } from 'react';
import type { CsvUploadRow, UploadOperations } from '../../../domain/uploads-contract';
import { countOf, formatDateTime } from '../../../domain/format';
import { invalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useDocumentDownload, type UploadFileParams } from '../../../services/use-document-download';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Card, DropZone, ProgressBar } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { useCsvUpload } from '../../../services/use-csv-upload';
import { labelOf } from '../../../domain/display-labels';

// One kind of CSV bulk upload (spec section 4: PENDING, IN_PROGRESS, DONE with a percent):
// sample file, the file picker, byte and server progress, the result with its error CSV, the
// previous upload and the history. Behaviour is the upload-progress machine; the panel feeds it
// the chosen file and the browser's byte progress.

export interface CsvUploadKind {
  ops: UploadOperations;
  /** download names: dakiya-<stem>-sample.csv, <stem>-upload-<id>-errors.csv */
  fileStem: string;
  /** the file field's label, e.g. "Orders CSV file" */
  fileLabel: string;
  /** what `result.created` counts, singular and plural: ["order", "orders"] */
  created: [string, string];
  /** what the result's created count is called: "created" or "updated" */
  createdVerb: string;
}

const count = (n: number, [one, many]: [string, string]) => countOf(n, many, one);

const STATUS_TONE = { PENDING: 'brand', IN_PROGRESS: 'warning', DONE: 'success', FAILED: 'danger' } as const;

/** A bulk upload's files (sample CSV, error CSV) through the document-download machine; a failure is said once. */
function useUploadFiles(kind: CsvUploadKind) {
  const [download, send] = useDocumentDownload();
  const failure = download.matches('failed') ? download.context.error : null;
  useEffect(() => {
    if (!failure) return;
    notify({ kind: 'error', message: failure });
    send({ type: 'DISMISS' });
  }, [failure, send]);
  const params = (uploadId?: number): UploadFileParams => ({ ops: kind.ops, fileStem: kind.fileStem, uploadId });
  return {
    running: download.matches('downloading'),
    sample: () => send({ type: 'DOWNLOAD', kind: 'UPLOAD_SAMPLE', params: { ...params() } }),
    errors: (uploadId: number) => send({ type: 'DOWNLOAD', kind: 'UPLOAD_ERRORS', params: { ...params(uploadId) } }),
  };
}

export function useSampleDownload(kind: CsvUploadKind) {
  const files = useUploadFiles(kind);
  return { running: files.running, run: files.sample };
}

export function CsvUploadPanel({ kind }: { kind: CsvUploadKind }) {
  const [state, send, choose] = useCsvUpload(kind.ops);
  const latest = useOperation(kind.ops.latest, {}, { load: true });
  const files = useUploadFiles(kind);
  const ctx = state.context;
  const finished = state.matches('done');
  const bytePercent = ctx.totalBytes ? Math.floor((ctx.loadedBytes / ctx.totalBytes) * 100) : 0;
  const reloadLatest = latest.run;
  useEffect(() => {
    // a finished import shows in the upload lists (this history, the order batches) and as the previous upload
    if (!finished) return;
    invalidate('uploads');
    reloadLatest();
  }, [finished]); // eslint-disable-line react-hooks/exhaustive-deps

  const historyColumns: ListColumn<CsvUploadRow>[] = [
    { header: 'Uploaded', cell: (r) => formatDateTime(r.createdAt) },
    { header: 'File', cell: (r) => r.fileName },
    {
      header: 'Status',
      cell: (r) => (
        <Badge tone={STATUS_TONE[r.status]}>
          {r.status === 'IN_PROGRESS' ? `In progress ${r.percent}%` : labelOf('uploadState', r.status)}
        </Badge>
      ),
    },
    { header: 'Rows', cell: (r) => r.totalRows.toLocaleString('en-IN') },
    {
      header: kind.createdVerb[0].toUpperCase() + kind.createdVerb.slice(1),
      cell: (r) => r.result?.created.toLocaleString('en-IN') ?? '—',
    },
    { header: 'Rejected rows', cell: (r) => r.result?.rejected.toLocaleString('en-IN') ?? '—' },
    {
      header: 'Errors',
      cell: (r) =>
        r.result && r.result.rejected > 0 ? (
          <Button
            className="btn-small"
            variant="secondary"
            disabled={files.running}
            onClick={() => files.errors(r.uploadId)}
            aria-label={`Error CSV of upload ${r.uploadId}`}
          >
            Error CSV
          </Button>
        ) : (
          (r.error ?? '—')
        ),
    },
  ];

  return (
    <div className="stack">
      {latest.data && String(latest.data.uploadId) !== ctx.uploadId && (
        <Alert tone="info">
          Previous upload: {latest.data.fileName}, {formatDateTime(latest.data.createdAt)} —{' '}
          {labelOf('uploadState', latest.data.status)}
          {latest.data.result
            ? `: ${count(latest.data.result.created, kind.created)} ${kind.createdVerb}, ${count(latest.data.result.rejected, ['row', 'rows'])} rejected`
            : latest.data.error
              ? `: ${latest.data.error}`
              : ` ${latest.data.percent}%`}
        </Alert>
      )}
      <Card className="stack">
        <DropZone
          label={kind.fileLabel}
          hint="Drop the CSV file here, or click to choose it. It uploads at once."
          accept=".csv,text/csv"
          disabled={state.matches('uploading') || state.matches('processing')}
          chosen={
            ctx.file &&
            `${ctx.file.name} · ${(ctx.file.size / 1024).toLocaleString('en-IN', { maximumFractionDigits: 1 })} KB`
          }
          // one step, as everywhere: a good file starts uploading when chosen
          onFile={choose}
        />
        {state.matches('idle') && ctx.error && <Alert>{ctx.error}</Alert>}
        {state.matches('uploading') && (
          <>
            <ProgressBar label="Uploading" value={bytePercent} />
            <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
              Cancel
            </Button>
          </>
        )}
        {state.matches('processing') && (
          <>
            <ProgressBar label="Processing" value={ctx.percent} />
            <p className="small-print">
              You can leave this page: the import carries on and shows in the history below.
            </p>
            <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
              Stop watching
            </Button>
          </>
        )}
        {finished && ctx.result && (
          <Alert tone={ctx.result.rejected ? 'warning' : 'info'}>
            <span role="status">
              {count(ctx.result.created, kind.created)} {kind.createdVerb},{' '}
              {count(ctx.result.rejected, ['row', 'rows'])} rejected
            </span>
            {ctx.result.rejected > 0 && ctx.uploadId && (
              <Button variant="secondary" busy={files.running} onClick={() => files.errors(Number(ctx.uploadId))}>
                Download error CSV
              </Button>
            )}
          </Alert>
        )}
        {(state.matches('failed') || state.matches('cancelled')) && (
          <Alert>
            <span>{state.matches('cancelled') ? 'The upload was cancelled' : ctx.error}</span>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              Retry
            </Button>
          </Alert>
        )}
      </Card>
      <h2>Upload history</h2>
      <ListView
        caption="Upload history"
        noun="uploads"
        path={kind.ops.history.path}
        columns={historyColumns}
        rowKey={(r) => r.uploadId}
        sortBy="createdAt"
        refreshOn="uploads"
      />
    </div>
  );
}
