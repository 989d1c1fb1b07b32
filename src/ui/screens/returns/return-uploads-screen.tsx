import { Link } from 'react-router-dom';
import { API_RETURNS } from '../../../domain/returns-contract';
import { Button } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { CsvUploadPanel, useSampleDownload, type CsvUploadKind } from '../uploads/csv-upload-panel';

// /returns/upload: many returns from one CSV through the bulk upload engine (sample, progress,
// the error CSV of rejected rows, the history).

const RETURNS: CsvUploadKind = {
  ops: API_RETURNS.uploads,
  fileStem: 'returns',
  fileLabel: 'Returns CSV file',
  created: ['return', 'returns'],
  createdVerb: 'created',
};

export function ReturnUploadsScreen() {
  const sample = useSampleDownload(RETURNS);
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <p className="small-print">
            <Link to="/returns">Returns</Link> / Bulk upload
          </p>
          <h1>Bulk upload returns</h1>
          <p>
            One row per product coming back: the delivered order’s number, the SKU and quantity, the reason and
            sub-reason. Each bad row comes back with its row number and every problem in an error CSV you can fix and
            upload again.
          </p>
        </header>
        <div className="row">
          <Button variant="secondary" busy={sample.running} onClick={() => sample.run()}>
            Download sample CSV
          </Button>
        </div>
        <CsvUploadPanel kind={RETURNS} />
      </div>
    </SellerShell>
  );
}
