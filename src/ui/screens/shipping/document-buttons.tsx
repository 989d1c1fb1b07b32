import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { documentDownloadMachine, type DocumentKind } from '../../../machines/document-download.machine';
import { saveBlob } from '../../../services/save-file';
import { DOCUMENT_NAMES, downloadDocuments } from '../../../services/shipping-client';
import { useHttp } from '../../../services/screen-services';
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
  const http = useHttp();
  const [machine] = useState(() =>
    documentDownloadMachine.provide({
      actors: {
        download: fromPromise<void, { kind: DocumentKind; orderIds: number[] }>(async ({ input }) => {
          const blob = await downloadDocuments(http, input.kind, input.orderIds);
          saveBlob(
            blob,
            `${DOCUMENT_NAMES[input.kind]}-${input.orderIds.length === 1 ? input.orderIds[0] : `${input.orderIds.length}-orders`}.pdf`,
          );
        }),
      },
    }),
  );
  const [state, send] = useMachine(machine);
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
