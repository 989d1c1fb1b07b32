import { API_PRODUCTS } from '../../../domain/setup-contract';
import { Button } from '../../kit';
import { CsvUploadPanel, useSampleDownload, type CsvUploadKind } from '../uploads/csv-upload-panel';
import { SetupPage } from './setup-screen';

// /setup/products/upload: the products CSV upload.

const PRODUCTS_UPLOAD: CsvUploadKind = {
  ops: API_PRODUCTS.uploads,
  fileStem: 'products',
  fileLabel: 'Products CSV file',
  created: ['row', 'rows'],
  createdVerb: 'created',
};

export function ProductUploadScreen() {
  const sample = useSampleDownload(PRODUCTS_UPLOAD);
  return (
    <SetupPage
      title="Bulk upload products"
      intro="Add many products at once from a CSV file (UTF-8, up to 50 MB and 1,00,000 rows). Good rows go in; each bad row comes back with its row number and every problem, column by column."
      action={
        <Button variant="secondary" busy={sample.running} onClick={() => sample.run()}>
          Download sample CSV
        </Button>
      }
    >
      <CsvUploadPanel kind={PRODUCTS_UPLOAD} />
    </SetupPage>
  );
}
