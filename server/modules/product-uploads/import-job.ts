import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { productCategories, productUploadErrors, productUploads, products } from '../../db/schema';
import type { ProductInput } from '../../../src/domain/schemas/product';
import { skuTaken } from '../products/service';
import { isUniqueViolation } from '../../db/unique-violation';
import { queryRows } from '../../db/rows';
import { parseCsv } from './csv-records';
import { PRODUCT_CSV_COLUMNS, readHeader, rowToProduct, type ProductCsvColumn } from './csv-format';

// The import job. Rows go in chunks; each chunk's products, its rejected rows and the upload's
// progress commit in one transaction, so a crash or a retry resumes after the last whole chunk
// and never leaves half a row or counts a row twice. Each row is its own INSERT … ON CONFLICT
// target, so a bad row never blocks the good ones.

export const CHUNK_ROWS = 2500;

interface Rejected {
  rowNumber: number;
  columnName: string;
  reason: string;
  cells: string[];
}

/** Rows of one chunk as column arrays, for one INSERT … SELECT FROM unnest(...). */
function insertRows(orgId: number, uploadId: number, rows: ProductInput[], onConflict: boolean) {
  const insert = sql`insert into ${products} (org_id, upload_id, product_name, sku, category_id, price_paise, inventory_managed,
      available_inventory, notify_threshold, weight_kg, length_cm, breadth_cm, height_cm, hsn_code, tax_rate_percent)
    select ${orgId}, ${uploadId}, * from unnest(
      ${sql.param(rows.map((r) => r.productName))}::text[], ${sql.param(rows.map((r) => r.sku))}::text[],
      ${sql.param(rows.map((r) => r.categoryId))}::int[], ${sql.param(rows.map((r) => Math.round(r.price * 100)))}::bigint[],
      ${sql.param(rows.map((r) => r.inventoryManagementEnabled))}::boolean[], ${sql.param(rows.map((r) => r.availableInventory))}::int[],
      ${sql.param(rows.map((r) => r.notifyThreshold))}::int[], ${sql.param(rows.map((r) => r.weightKg))}::numeric[],
      ${sql.param(rows.map((r) => r.lengthCm))}::numeric[], ${sql.param(rows.map((r) => r.breadthCm))}::numeric[],
      ${sql.param(rows.map((r) => r.heightCm))}::numeric[], ${sql.param(rows.map((r) => r.hsnCode))}::text[],
      ${sql.param(rows.map((r) => r.taxRatePercent))}::numeric[])`;
  return onConflict ? sql`${insert} on conflict do nothing returning lower(sku) as sku` : insert;
}

type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

/**
 * Inserts the chunk's valid rows and answers the lower-cased SKUs that went in. SKUs the seller
 * already has are sorted out first, so the insert is a plain one (speculative ON CONFLICT
 * insertion costs a third more); only when another writer races in between does it fall back to
 * ON CONFLICT DO NOTHING, inside a savepoint.
 */
async function insertNew(tx: Tx, orgId: number, uploadId: number, rows: ProductInput[]): Promise<Set<string>> {
  const lowers = rows.map((r) => r.sku.toLowerCase());
  const taken = new Set(
    (await queryRows<{ sku: string }>(tx, sql`select lower(sku) as sku from ${products} where org_id = ${orgId} and lower(sku) = any(${sql.param(lowers)}::text[])`)).map((r) => r.sku),
  );
  const fresh = rows.filter((r) => !taken.has(r.sku.toLowerCase()));
  if (fresh.length === 0) return new Set();
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(insertRows(orgId, uploadId, fresh, false));
    });
    return new Set(fresh.map((r) => r.sku.toLowerCase()));
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    return new Set((await queryRows<{ sku: string }>(tx, insertRows(orgId, uploadId, fresh, true))).map((r) => r.sku));
  }
}

async function fail(deps: AppDeps, uploadId: number, error: string) {
  await deps.db.update(productUploads).set({ status: 'FAILED', error, content: null, finishedAt: deps.now() }).where(eq(productUploads.id, uploadId));
}

export async function runProductImport(deps: AppDeps, uploadId: number): Promise<void> {
  const [upload] = await deps.db.select().from(productUploads).where(eq(productUploads.id, uploadId));
  if (!upload || upload.status === 'DONE' || upload.status === 'FAILED' || upload.content === null) return;
  await deps.db.update(productUploads).set({ status: 'IN_PROGRESS' }).where(eq(productUploads.id, uploadId));

  const records = parseCsv(upload.content);
  const header = readHeader(records[0] ?? []);
  if ('problem' in header) return fail(deps, uploadId, header.problem);
  // a row of only empty cells (a spreadsheet's trailing lines) is not a product
  const rows = records
    .map((cells, i) => ({ cells, rowNumber: i + 1 }))
    .slice(1)
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length !== upload.totalRows) {
    await deps.db.update(productUploads).set({ totalRows: rows.length }).where(eq(productUploads.id, uploadId));
  }
  const categories = await deps.db.select().from(productCategories);
  const categoryIds = new Map(categories.map((c) => [c.name.toLowerCase(), c.id]));
  const canonical = (cells: string[]) => PRODUCT_CSV_COLUMNS.map((c: ProductCsvColumn) => cells[header.index.get(c) ?? -1] ?? '');
  // first row of each SKU in the file, so a repeat says where the first one is
  const firstRowOfSku = new Map<string, number>();

  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const good: { rowNumber: number; cells: string[]; input: ProductInput }[] = [];
    const rejected: Rejected[] = [];
    for (const row of chunk) {
      const result = rowToProduct(row.cells, header.index, categoryIds);
      if ('problem' in result) {
        rejected.push({ rowNumber: row.rowNumber, columnName: result.problem.column, reason: result.problem.reason, cells: canonical(row.cells) });
        continue;
      }
      const key = result.input.sku.toLowerCase();
      const first = firstRowOfSku.get(key);
      if (first !== undefined) {
        rejected.push({ rowNumber: row.rowNumber, columnName: 'sku', reason: `SKU ${result.input.sku} appears earlier in this file (row ${first})`, cells: canonical(row.cells) });
        continue;
      }
      firstRowOfSku.set(key, row.rowNumber);
      good.push({ rowNumber: row.rowNumber, cells: row.cells, input: result.input });
    }
    // chunks before processedRows committed already (a retried job): only remember their SKUs
    if (start + chunk.length <= upload.processedRows) continue;

    await deps.db.transaction(async (tx) => {
      let created = 0;
      if (good.length) {
        const done = await insertNew(tx, upload.orgId, uploadId, good.map((g) => g.input));
        created = done.size;
        for (const g of good) {
          if (!done.has(g.input.sku.toLowerCase())) {
            rejected.push({ rowNumber: g.rowNumber, columnName: 'sku', reason: skuTaken(g.input.sku), cells: canonical(g.cells) });
          }
        }
      }
      if (rejected.length) await tx.insert(productUploadErrors).values(rejected.map((r) => ({ uploadId, ...r })));
      await tx
        .update(productUploads)
        .set({
          processedRows: start + chunk.length,
          createdRows: sql`${productUploads.createdRows} + ${created}`,
          rejectedRows: sql`${productUploads.rejectedRows} + ${rejected.length}`,
        })
        .where(eq(productUploads.id, uploadId));
    });
  }
  await deps.db
    .update(productUploads)
    .set({ status: 'DONE', content: null, processedRows: rows.length, totalRows: rows.length, finishedAt: deps.now() })
    .where(eq(productUploads.id, uploadId));
}
