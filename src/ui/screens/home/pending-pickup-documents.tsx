import { useState } from 'react';
import { saveBlob } from '../../../services/save-file';
import { downloadPendingDocuments } from '../../../services/shipping-client';
import { useHttp } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { Alert, Button, Card, SelectField } from '../../kit';

// Home: the labels or invoices of every shipment booked on one day that still waits for pickup.
// When there is nothing to download (or the download fails) the card says so under its buttons.

const DAYS = [0, 1, 2, 3, 4, 5, 6, 7].map((d) => ({
  value: String(d),
  label: d === 0 ? 'Booked today' : d === 1 ? 'Booked yesterday' : `Booked ${d} days ago`,
}));

export function PendingPickupDocuments() {
  const http = useHttp();
  const [day, setDay] = useState(0);
  const get = useRequest((document: 'LABEL' | 'INVOICE') =>
    downloadPendingDocuments(http, day, document).then((blob) =>
      saveBlob(blob, `${document === 'LABEL' ? 'labels' : 'invoices'}-pending-${day}d.pdf`),
    ),
  );
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
        <Button variant="secondary" busy={get.running} onClick={() => get.run('LABEL')}>
          Download labels
        </Button>
        <Button variant="secondary" busy={get.running} onClick={() => get.run('INVOICE')}>
          Download invoices
        </Button>
      </div>
      {get.failed && <Alert tone="info">{get.error}</Alert>}
    </Card>
  );
}
