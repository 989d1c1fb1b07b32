import type { DocumentKind } from '../../../machines/document-download.machine';
import { useDocumentDownload } from '../../../services/use-document-download';
import { Alert, Button } from '../../kit';

// Labels, invoices and manifests of the given orders, and a delivered order's proof of delivery,
// one download at a time (the
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
  proofOfDelivery,
}: {
  orderIds: number[];
  kinds?: DocumentKind[];
  /** a delivered order's proof of delivery, by its number for the file's name */
  proofOfDelivery?: { orderId: number; orderNumber: string } | null;
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
      {proofOfDelivery && (
        <Button
          variant="secondary"
          busy={busy && state.context.kind === 'PROOF_OF_DELIVERY'}
          disabled={busy}
          onClick={() => send({ type: 'DOWNLOAD', kind: 'PROOF_OF_DELIVERY', params: proofOfDelivery })}
        >
          Download proof of delivery
        </Button>
      )}
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
