import { sql } from 'drizzle-orm';
import { productCategories, products } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { queryRows } from '../../db/rows';
import { ProductBody, type ProductInput } from '../../../src/domain/schemas/product';
import { API_PRODUCTS } from '../../../src/domain/setup-contract';
import { flagCell, numberCell } from './csv-cells';
import type { Tx } from '../../db/client';
import { column, type CsvKind, type ImportContext, type RowProblem } from './kind';
import { skuTaken } from '../products/service';
import { paiseOf } from '../../../src/domain/money';

// The products CSV: its columns, the sample file, how one row's text becomes a product (checked
// by the product form's own schema), and how a chunk of products is written (one INSERT …
// SELECT FROM unnest per chunk).

export const PRODUCT_CSV_COLUMNS = [
  'productName',
  'sku',
  'category',
  'price',
  'inventoryManagementEnabled',
  'availableInventory',
  'notifyThreshold',
  'weightKg',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'hsnCode',
  'taxRatePercent',
] as const;
type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

const REQUIRED: ReadonlySet<ProductCsvColumn> = new Set([
  'productName',
  'sku',
  'price',
  'weightKg',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'taxRatePercent',
] as const);

const SAMPLE_ROWS: string[][] = [
  [
    'Cotton Kurta - Indigo, M',
    'KURTA-IND-M',
    'Apparel & Fashion',
    '799.00',
    'yes',
    '120',
    '10',
    '0.35',
    '30',
    '25',
    '4',
    '6211',
    '5',
  ],
  [
    'Brass Diya (set of 2)',
    'DIYA-BRS-2',
    'Handicrafts & Art',
    '449.50',
    'no',
    '',
    '',
    '0.6',
    '15',
    '15',
    '8',
    '7418',
    '12',
  ],
];

const NUMBER_COLUMNS = [
  'price',
  'availableInventory',
  'notifyThreshold',
  'weightKg',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'taxRatePercent',
] as const;

/** Text cells → the schema's input, with every problem of the cells themselves (a number that is not one, an unknown category). */
export function readProduct(
  cell: (column: string) => string,
  categoryIds: Map<string, number>,
): { candidate: unknown; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const numbers: Record<string, number | undefined> = {};
  for (const c of NUMBER_COLUMNS) {
    const n = numberCell(cell(c));
    if (Number.isNaN(n)) problems.push({ column: c, reason: `${c} must be a number, not "${cell(c).slice(0, 30)}"` });
    else numbers[c] = n;
  }
  const managed = flagCell(cell('inventoryManagementEnabled'));
  if (managed === undefined)
    problems.push({ column: 'inventoryManagementEnabled', reason: 'inventoryManagementEnabled must be yes or no' });
  const categoryName = cell('category').trim();
  let categoryId: number | null = null;
  if (categoryName) {
    const id = categoryIds.get(categoryName.toLowerCase());
    if (id === undefined)
      problems.push({ column: 'category', reason: `category: no category named "${categoryName.slice(0, 40)}"` });
    else categoryId = id;
  }
  const candidate = {
    productName: cell('productName'),
    sku: cell('sku').trim(),
    categoryId,
    price: numbers.price,
    inventoryManagementEnabled: managed ?? false,
    availableInventory: numbers.availableInventory,
    notifyThreshold: numbers.notifyThreshold,
    weightKg: numbers.weightKg,
    lengthCm: numbers.lengthCm,
    breadthCm: numbers.breadthCm,
    heightCm: numbers.heightCm,
    hsnCode: cell('hsnCode'),
    taxRatePercent: numbers.taxRatePercent,
  };
  return { candidate, problems };
}

/** Rows of one chunk as column arrays, for one INSERT … SELECT FROM unnest(...). */
function insertRows(orgId: number, uploadId: number, rows: ProductInput[], onConflict: boolean) {
  const insert = sql`insert into ${products} (org_id, upload_id, product_name, sku, category_id, price_paise, inventory_managed,
      available_inventory, notify_threshold, weight_kg, length_cm, breadth_cm, height_cm, hsn_code, tax_rate_percent)
    select ${orgId}, ${uploadId}, * from unnest(
      ${sql.param(rows.map((r) => r.productName))}::text[], ${sql.param(rows.map((r) => r.sku))}::text[],
      ${sql.param(rows.map((r) => r.categoryId))}::int[], ${sql.param(rows.map((r) => paiseOf(r.price)))}::bigint[],
      ${sql.param(rows.map((r) => r.inventoryManagementEnabled))}::boolean[], ${sql.param(rows.map((r) => r.availableInventory))}::int[],
      ${sql.param(rows.map((r) => r.notifyThreshold))}::int[], ${sql.param(rows.map((r) => r.weightKg))}::numeric[],
      ${sql.param(rows.map((r) => r.lengthCm))}::numeric[], ${sql.param(rows.map((r) => r.breadthCm))}::numeric[],
      ${sql.param(rows.map((r) => r.heightCm))}::numeric[], ${sql.param(rows.map((r) => r.hsnCode))}::text[],
      ${sql.param(rows.map((r) => r.taxRatePercent))}::numeric[])`;
  return onConflict ? sql`${insert} on conflict do nothing returning lower(sku) as sku` : insert;
}

/**
 * Inserts the chunk's valid rows and answers the lower-cased SKUs that went in. SKUs the seller
 * already has are sorted out first, so the insert is a plain one (speculative ON CONFLICT
 * insertion costs a third more); only when another writer races in between does it fall back to
 * ON CONFLICT DO NOTHING, inside a savepoint.
 */
async function insertNew(tx: Tx, ctx: ImportContext, rows: ProductInput[]): Promise<Set<string>> {
  const lowers = rows.map((r) => r.sku.toLowerCase());
  const taken = new Set(
    (
      await queryRows<{ sku: string }>(
        tx,
        sql`select lower(sku) as sku from ${products} where org_id = ${ctx.orgId} and lower(sku) = any(${sql.param(lowers)}::text[])`,
      )
    ).map((r) => r.sku),
  );
  const fresh = rows.filter((r) => !taken.has(r.sku.toLowerCase()));
  if (fresh.length === 0) return new Set();
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(insertRows(ctx.orgId, ctx.uploadId, fresh, false));
    });
    return new Set(fresh.map((r) => r.sku.toLowerCase()));
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    return new Set(
      (await queryRows<{ sku: string }>(tx, insertRows(ctx.orgId, ctx.uploadId, fresh, true))).map((r) => r.sku),
    );
  }
}

export const productUploads: CsvKind<ProductInput, ProductInput> = {
  kind: 'PRODUCTS',
  ops: API_PRODUCTS.uploads,
  queue: 'products-import',
  permissions: { view: 'setup.view', upload: 'setup.manage' },
  columns: PRODUCT_CSV_COLUMNS.map((c) => column(c, REQUIRED.has(c))),
  sampleRows: SAMPLE_ROWS,
  fileStem: 'products',
  rowNoun: 'product rows',
  rowSchema: ProductBody,
  issueAt: (path) => ({ at: 0, column: path[0] === 'categoryId' ? 'category' : String(path[0] ?? 'productName') }),
  async open(deps, ctx) {
    const categories = await deps.db.select().from(productCategories);
    const categoryIds = new Map(categories.map((c) => [c.name.toLowerCase(), c.id]));
    return {
      read: ([row]) => readProduct(row.cell, categoryIds),
      build: (product) => product,
      unique: {
        key: (p) => p.sku.toLowerCase(),
        repeated: (p, first) => ({ column: 'sku', reason: `SKU ${p.sku} appears earlier in this file (row ${first})` }),
      },
      async write(tx, records) {
        const done = await insertNew(
          tx,
          ctx,
          records.map((r) => r.input),
        );
        const refused = records.flatMap((r, at) =>
          done.has(r.input.sku.toLowerCase())
            ? []
            : [{ at, problem: { column: 'sku', reason: skuTaken(r.input.sku) } }],
        );
        return { written: done.size, refused };
      },
    };
  },
};
