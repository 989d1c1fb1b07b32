import { WEIGHT_COURIER_FILES } from '../../../domain/weight-contract';
import { CsvUploadPanel, type CsvUploadKind } from '../uploads/csv-upload-panel';
import { StaffShell } from '../shell/staff-shell';
import { Breadcrumb } from '../../kit/breadcrumb';

// /dakiya/weight-discrepancies/upload: a courier's weight-discrepancy file (AWB, charged weight,
// length, breadth, height, hub photo URL) through the upload engine; each row raises a
// discrepancy as the courier's hub scan would, once per shipment.

const COURIER_FILE: CsvUploadKind = {
  ops: WEIGHT_COURIER_FILES,
  fileStem: 'weight-discrepancies',
  fileLabel: 'Courier weight file (CSV)',
  created: ['discrepancy', 'discrepancies'],
  createdVerb: 'raised',
};

export function StaffWeightFileScreen() {
  return (
    <StaffShell>
      <div className="page stack">
        <Breadcrumb to="/dakiya/weight-discrepancies" label="Weight discrepancies">
          Import a courier file
        </Breadcrumb>
        <header className="page-head">
          <h1>Import a courier weight file</h1>
          <p>
            Columns: awb, chargedWeightKg, lengthCm, breadthCm, heightCm and, optionally, hubPhotoUrl. A row raises a
            discrepancy when the courier&apos;s slab is above the seller&apos;s; a row seen before changes nothing.
          </p>
        </header>
        <CsvUploadPanel kind={COURIER_FILE} />
      </div>
    </StaffShell>
  );
}
