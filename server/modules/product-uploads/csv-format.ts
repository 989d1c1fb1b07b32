import * as v from 'valibot';
import { ProductBody, type ProductInput } from '../../../src/domain/schemas/product';

// The products CSV: its columns, the sample file, and how one row's text becomes a product.
// Column names are the API's field names (category by name), so an error names the column the
// seller sees in the file.

export const PRODUCT_CSV_COLUMNS = [
  'productName', 'sku', 'category', 'price', 'inventoryManagementEnabled', 'availableInventory', 'notifyThreshold',
  'weightKg', 'lengthCm', 'breadthCm', 'heightCm', 'hsnCode', 'taxRatePercent',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

export const REQUIRED_CSV_COLUMNS: readonly ProductCsvColumn[] = ['productName', 'sku', 'price', 'weightKg', 'lengthCm', 'breadthCm', 'heightCm', 'taxRatePercent'];

export const SAMPLE_ROWS: string[][] = [
  ['Cotton Kurta - Indigo, M', 'KURTA-IND-M', 'Apparel & Fashion', '799.00', 'yes', '120', '10', '0.35', '30', '25', '4', '6211', '5'],
  ['Brass Diya (set of 2)', 'DIYA-BRS-2', 'Handicrafts & Art', '449.50', 'no', '', '', '0.6', '15', '15', '8', '7418', '12'],
];

export const MAX_UPLOAD_ROWS = 100_000;

/** Columns the error CSV adds after a row; ignored when that file is uploaded again. */
export const ERROR_COLUMNS = ['errorRow', 'errorColumn', 'errorReason'] as const;
const IGNORED = new Set(ERROR_COLUMNS.map((c) => c.toLowerCase()));

/** The header's problem, or null; the header maps each known column to its position. */
export function readHeader(cells: string[]): { index: Map<ProductCsvColumn, number> } | { problem: string } {
  const index = new Map<ProductCsvColumn, number>();
  const byLower = new Map(PRODUCT_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const unknown: string[] = [];
  cells.forEach((raw, i) => {
    const name = raw.trim();
    if (name === '' || IGNORED.has(name.toLowerCase())) return;
    const column = byLower.get(name.toLowerCase());
    if (!column) unknown.push(name);
    else if (index.has(column)) unknown.push(`${name} (twice)`);
    else index.set(column, i);
  });
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !index.has(c));
  const expected = `The first row must be the header: ${PRODUCT_CSV_COLUMNS.join(',')} (download the sample CSV)`;
  if (index.size === 0) return { problem: `The file has no header row. ${expected}` };
  if (unknown.length) return { problem: `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 5).join(', ')}. ${expected}` };
  if (missing.length) return { problem: `Missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ${expected}` };
  return { index };
}

export interface RowProblem {
  column: string;
  reason: string;
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

function toNumber(text: string): number | undefined | typeof NaN {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/** Text cells → product input, or the first problem with its column. */
export function rowToProduct(cells: string[], index: Map<ProductCsvColumn, number>, categoryIds: Map<string, number>): { input: ProductInput } | { problem: RowProblem } {
  const cell = (c: ProductCsvColumn) => {
    const i = index.get(c);
    return i === undefined ? '' : (cells[i] ?? '');
  };
  const numbers: Record<string, number | undefined> = {};
  for (const c of ['price', 'availableInventory', 'notifyThreshold', 'weightKg', 'lengthCm', 'breadthCm', 'heightCm', 'taxRatePercent'] as const) {
    const n = toNumber(cell(c));
    if (Number.isNaN(n)) return { problem: { column: c, reason: `${c} must be a number, not "${cell(c).slice(0, 30)}"` } };
    numbers[c] = n;
  }
  const flag = cell('inventoryManagementEnabled').trim().toLowerCase();
  if (!YES.has(flag) && !NO.has(flag)) return { problem: { column: 'inventoryManagementEnabled', reason: 'inventoryManagementEnabled must be yes or no' } };
  const categoryName = cell('category').trim();
  let categoryId: number | null = null;
  if (categoryName) {
    const id = categoryIds.get(categoryName.toLowerCase());
    if (id === undefined) return { problem: { column: 'category', reason: `Unknown category "${categoryName.slice(0, 40)}"` } };
    categoryId = id;
  }
  const candidate = {
    productName: cell('productName'),
    sku: cell('sku').trim(),
    categoryId,
    price: numbers.price,
    inventoryManagementEnabled: YES.has(flag),
    availableInventory: numbers.availableInventory,
    notifyThreshold: numbers.notifyThreshold,
    weightKg: numbers.weightKg,
    lengthCm: numbers.lengthCm,
    breadthCm: numbers.breadthCm,
    heightCm: numbers.heightCm,
    hsnCode: cell('hsnCode'),
    taxRatePercent: numbers.taxRatePercent,
  };
  const parsed = v.safeParse(ProductBody, candidate, { abortEarly: true });
  if (parsed.success) return { input: parsed.output };
  const issue = parsed.issues[0];
  const key = String(issue.path?.[0]?.key ?? 'row');
  return { problem: { column: key === 'categoryId' ? 'category' : key, reason: issue.message } };
}

/**
 * Records in a CSV text (a header counts as one), by scanning for line breaks outside quotes:
 * cheap enough to answer a too-long file at upload time without parsing it.
 */
export function countRecords(text: string): number {
  let records = 0;
  let inQuotes = false;
  let sawContent = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) inQuotes = !inQuotes;
    else if (ch === 10 && !inQuotes) {
      if (sawContent) records++;
      sawContent = false;
      continue;
    } else if (ch === 13 && !inQuotes) continue;
    sawContent = true;
  }
  return sawContent ? records + 1 : records;
}
