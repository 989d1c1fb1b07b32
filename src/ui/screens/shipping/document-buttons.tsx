import type { DocumentKind } from '../../../machines/document-download.machine';
import { useDocumentDownload } from '../../../services/use-document-download';
import { Alert, Button } from '../../kit';

// Labels, invoices and manifests of the given orders, one download at a time (the
// document-download machine).

const LABELS: Record<DocumentKind, string> = {
  LABELS: 'Download label',
  INVOICES: 'Download invoice',
  MANIFEST: 'Download manifest',
};
const MANY: Record<DocumentKind, string> = { LABELS: 'Labels', INVOICES: 'Invoices', MANIFEST: 'Manifest' };

export function DocumentButtons({
  orderIds,
  kinds = ['LABELS', 'INVOICES'],
}: {
  orderIds: number[];
  kinds?: DocumentKind[];
}) {
  const [state, send] = useDocumentDownload();
  const busy = state.matches('downloading');
  return (
    <>
      {kinds.map((kind) => (
        <Button
          key={kind}
          variant="secondary"
          busy={busy && state.context.kind === kind}
          disabled={busy || orderIds.length === 0}
          onClick={() => send({ type: 'DOWNLOAD', kind, orderIds })}
        >
          {orderIds.length === 1 ? LABELS[kind] : MANY[kind]}
        </Button>
      ))}
      {state.matches('failed') && (
        <Alert>
          <span>{state.context.error}</span>
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
          <Button variant="ghost" onClick={() => send({ type: 'DISMISS' })}>
            Dismiss
          </Button>
        </Alert>
      )}
    </>
  );
}
