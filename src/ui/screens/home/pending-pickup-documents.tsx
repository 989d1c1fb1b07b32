import { useState } from 'react';
import { useDocumentDownload } from '../../../services/use-document-download';
import { Alert, Button, Card, SelectField } from '../../kit';

// Home: the labels or invoices of every shipment booked on one day that still waits for pickup.
// When there is nothing to download (or the download fails) the card says so under its buttons.

const DAYS = [0, 1, 2, 3, 4, 5, 6, 7].map((d) => ({
  value: String(d),
  label: d === 0 ? 'Booked today' : d === 1 ? 'Booked yesterday' : `Booked ${d} days ago`,
}));

export function PendingPickupDocuments() {
  const [day, setDay] = useState(0);
  const [state, send] = useDocumentDownload();
  const busy = state.matches('downloading');
  const get = (document: 'LABEL' | 'INVOICE') =>
    send({ type: 'DOWNLOAD', kind: 'PENDING_DOCUMENTS', params: { pendingDay: day, document } });
  return (
    <Card className="stack" aria-label="Waiting for pickup">
      <h2>Waiting for pickup</h2>
      <SelectField
        label="Shipments"
        value={String(day)}
        onChange={(e) => setDay(Number(e.target.value))}
        options={DAYS}
      />
      <div className="row">
        <Button variant="secondary" busy={busy} onClick={() => get('LABEL')}>
          Download labels
        </Button>
        <Button variant="secondary" busy={busy} onClick={() => get('INVOICE')}>
          Download invoices
        </Button>
      </div>
      {state.matches('failed') && <Alert tone="info">{state.context.error}</Alert>}
    </Card>
  );
}
