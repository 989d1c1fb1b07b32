import { COD_UTR_FILES } from '../../../domain/cod-contract';
import { CsvUploadPanel, type CsvUploadKind } from '../uploads/csv-upload-panel';
import { StaffShell } from '../shell/staff-shell';
import { Breadcrumb } from '../../kit/breadcrumb';

// /dakiya/cod-remittance/upload: the bank's UTR file (payoutId, utr, comments) through the upload
// engine and its upload-progress machine; each row marks its payout paid, once.

const UTR_FILE: CsvUploadKind = {
  ops: COD_UTR_FILES,
  fileStem: 'cod-remittance-utr',
  fileLabel: 'Bank UTR file (CSV)',
  created: ['payout', 'payouts'],
  createdVerb: 'marked paid',
};

export function StaffCodUtrFileScreen() {
  return (
    <StaffShell>
      <div className="page stack">
        <Breadcrumb to="/dakiya/cod-remittance" label="COD remittance">
          Upload the bank&apos;s UTR file
        </Breadcrumb>
        <header className="page-head">
          <h1>Upload the bank&apos;s UTR file</h1>
          <p>
            Columns: payoutId, utr and, optionally, comments. Each row marks a payout waiting for bank transfer paid; a
            payout paid before or a UTR used before is reported on its row.
          </p>
        </header>
        <CsvUploadPanel kind={UTR_FILE} />
      </div>
    </StaffShell>
  );
}
