import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { AppDeps } from '../../deps';
import { productCategories, productUploadErrors, productUploads, products } from '../../db/schema';
import type { ProductInput } from '../../../src/domain/schemas/product';
import { skuTaken } from '../products/service';
import { PRODUCT_CSV_COLUMNS, readHeader, rowToProduct, type ProductCsvColumn } from './csv-format';

// The import job. Rows go in chunks; each chunk's products, its rejected rows and the upload's
// progress commit in one transaction, so a crash or a retry resumes after the last whole chunk
// and never leaves half a row or counts a row twice. Each row is its own INSERT … ON CONFLICT
// target, so a bad row never blocks the good ones.

export const CHUNK_ROWS = 1000;

interface Rejected {
  rowNumber: number;
  columnName: string;
  reason: string;
  cells: string[];
}

/** Rows of one chunk as column arrays, for one INSERT … SELECT FROM unnest(...). */
function columnsOf(orgId: number, uploadId: number, rows: ProductInput[]) {
  return sql`insert into ${products} (org_id, upload_id, product_name, sku, category_id, price_paise, inventory_managed,
      available_inventory, notify_threshold, weight_kg, length_cm, breadth_cm, height_cm, hsn_code, tax_rate_percent)
    select ${orgId}, ${uploadId}, * from unnest(
      ${sql.param(rows.map((r) => r.productName))}::text[], ${sql.param(rows.map((r) => r.sku))}::text[],
      ${sql.param(rows.map((r) => r.categoryId))}::int[], ${sql.param(rows.map((r) => Math.round(r.price * 100)))}::bigint[],
      ${sql.param(rows.map((r) => r.inventoryManagementEnabled))}::boolean[], ${sql.param(rows.map((r) => r.availableInventory))}::int[],
      ${sql.param(rows.map((r) => r.notifyThreshold))}::int[], ${sql.param(rows.map((r) => r.weightKg))}::numeric[],
      ${sql.param(rows.map((r) => r.lengthCm))}::numeric[], ${sql.param(rows.map((r) => r.breadthCm))}::numeric[],
      ${sql.param(rows.map((r) => r.heightCm))}::numeric[], ${sql.param(rows.map((r) => r.hsnCode))}::text[],
      ${sql.param(rows.map((r) => r.taxRatePercent))}::numeric[])
    on conflict do nothing
    returning lower(sku) as sku`;
}

async function fail(deps: AppDeps, uploadId: number, error: string) {
  await deps.db.update(productUploads).set({ status: 'FAILED', error, content: null, finishedAt: deps.now() }).where(eq(productUploads.id, uploadId));
}

export async function runProductImport(deps: AppDeps, uploadId: number): Promise<void> {
  const [upload] = await deps.db.select().from(productUploads).where(eq(productUploads.id, uploadId));
  if (!upload || upload.status === 'DONE' || upload.status === 'FAILED' || upload.content === null) return;
  await deps.db.update(productUploads).set({ status: 'IN_PROGRESS' }).where(eq(productUploads.id, uploadId));

  let records: string[][];
  try {
    records = parse(upload.content, { bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }) as string[][];
  } catch (e) {
    await fail(deps, uploadId, `The file is not valid CSV: ${(e as Error).message.slice(0, 200)}`);
    return;
  }
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
        const inserted = await tx.execute<{ sku: string }>(columnsOf(upload.orgId, uploadId, good.map((g) => g.input)));
        const insertedRows = (inserted as unknown as { rows: { sku: string }[] }).rows;
        const done = new Set(insertedRows.map((r) => r.sku));
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
