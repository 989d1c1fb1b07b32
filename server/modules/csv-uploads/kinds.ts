import type { CsvImportKind } from './import-kind';
import { productCsv } from '../product-uploads/product-csv';
import { orderCsv } from '../order-uploads/order-csv';
import { orderUpdateCsv } from '../order-uploads/order-update-csv';

// Every kind of CSV upload; the background workers run one queue per kind.
export const CSV_IMPORT_KINDS: readonly CsvImportKind[] = [productCsv, orderCsv, orderUpdateCsv] as CsvImportKind[];
