import type { CsvImportKind } from './import-kind';
import { productCsv } from '../product-uploads/product-csv';

// Every kind of CSV upload; the background workers run one queue per kind.
export const CSV_IMPORT_KINDS: readonly CsvImportKind[] = [productCsv as CsvImportKind];
