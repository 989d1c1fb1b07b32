import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { productCategories, productChannelMappings, products } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { containsPattern } from '../../http/paging';
import type { Paged } from '../../../src/domain/paging';
import type { ChannelMapping, ProductCategory, ProductRow } from '../../../src/domain/setup-contract';
import type { PRODUCT_SORT, ProductInput } from '../../../src/domain/schemas/product';
import { checkStockAlerts } from './stock-alert';
import { paiseOf, rupeesOf } from '../../../src/domain/money';

// A seller's product catalogue. Money is kept in paise and answered in rupees; every query is
// scoped by the organisation, so another seller's product is simply not found.

type Row = typeof products.$inferSelect;

export type ProductQuery = {
  pageNumber: number;
  recordsPerPage: number;
  searchPattern?: string;
  sortBy: (typeof PRODUCT_SORT)[number];
  sortOrder: 'ASC' | 'DESC';
};

export const skuTaken = (sku: string) => `SKU ${sku} already exists`;

export function toProductRow(r: Row, categoryName: string | null): ProductRow {
  return {
    productId: r.id,
    productName: r.productName,
    sku: r.sku,
    inventoryManagementEnabled: r.inventoryManaged,
    availableInventory: r.availableInventory,
    notifyThreshold: r.notifyThreshold,
    price: rupeesOf(r.pricePaise),
    enabled: r.enabled,
    categoryId: r.categoryId,
    categoryName: categoryName ?? '',
    weightKg: r.weightKg,
    lengthCm: r.lengthCm,
    breadthCm: r.breadthCm,
    heightCm: r.heightCm,
    hsnCode: r.hsnCode,
    taxRatePercent: r.taxRatePercent,
    lowStock: r.inventoryManaged && r.availableInventory <= r.notifyThreshold,
  };
}

/** The columns a product row writes, from validated input. */
export function productValues(input: ProductInput) {
  return {
    productName: input.productName,
    sku: input.sku,
    categoryId: input.categoryId,
    pricePaise: paiseOf(input.price),
    inventoryManaged: input.inventoryManagementEnabled,
    availableInventory: input.availableInventory,
    notifyThreshold: input.notifyThreshold,
    weightKg: input.weightKg,
    lengthCm: input.lengthCm,
    breadthCm: input.breadthCm,
    heightCm: input.heightCm,
    hsnCode: input.hsnCode,
    taxRatePercent: input.taxRatePercent,
  };
}

const selectRow = (db: Db) =>
  db
    .select({ p: products, categoryName: productCategories.name })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId));

export async function listProducts(db: Db, orgId: number, q: ProductQuery): Promise<Paged<ProductRow>> {
  const like = q.searchPattern ? containsPattern(q.searchPattern) : null;
  const where = and(
    eq(products.orgId, orgId),
    like ? or(ilike(products.productName, like), ilike(products.sku, like), ilike(products.hsnCode, like)) : undefined,
  );
  const column = {
    productName: sql`lower(${products.productName})`,
    sku: sql`lower(${products.sku})`,
    price: products.pricePaise,
    availableInventory: products.availableInventory,
    createdAt: products.createdAt,
  }[q.sortBy];
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await selectRow(db)
    .where(where)
    .orderBy(q.sortOrder === 'DESC' ? desc(column) : asc(column), asc(products.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return {
    items: rows.map((r) => toProductRow(r.p, r.categoryName)),
    total,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

export async function getProduct(db: Db, orgId: number, id: number): Promise<ProductRow> {
  const [row] = await selectRow(db).where(and(eq(products.id, id), eq(products.orgId, orgId)));
  if (!row) throw notFound('No such product');
  return toProductRow(row.p, row.categoryName);
}

export async function listCategories(db: Db): Promise<ProductCategory[]> {
  const rows = await db
    .select()
    .from(productCategories)
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.name));
  return rows.map((r) => ({ categoryId: r.id, categoryName: r.name }));
}

async function knownCategory(db: Db, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.id, categoryId));
  if (!row) throw badRequest('categoryId: no such category');
}

async function uniqueSku<T>(sku: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(skuTaken(sku));
    throw e;
  }
}

export async function createProduct(deps: AppDeps, orgId: number, input: ProductInput): Promise<ProductRow> {
  await knownCategory(deps.db, input.categoryId);
  const row = await uniqueSku(
    input.sku,
    async () =>
      (
        await deps.db
          .insert(products)
          .values({ orgId, ...productValues(input) })
          .returning()
      )[0],
  );
  await checkStockAlerts(deps, orgId, [row.id]);
  return getProduct(deps.db, orgId, row.id);
}

export async function updateProduct(
  deps: AppDeps,
  orgId: number,
  id: number,
  input: ProductInput,
): Promise<ProductRow> {
  await knownCategory(deps.db, input.categoryId);
  await uniqueSku(input.sku, async () => {
    const [row] = await deps.db
      .update(products)
      .set({ ...productValues(input), updatedAt: deps.now() })
      .where(and(eq(products.id, id), eq(products.orgId, orgId)))
      .returning({ id: products.id });
    if (!row) throw notFound('No such product');
  });
  await checkStockAlerts(deps, orgId, [id]);
  return getProduct(deps.db, orgId, id);
}

/**
 * Moves stock of managed products by delta (negative for a sale), never below zero, and sends
 * a stock alert when one falls to its threshold. Orders call this.
 */
export async function adjustInventory(
  deps: AppDeps,
  orgId: number,
  productId: number,
  delta: number,
): Promise<ProductRow> {
  const [row] = await deps.db
    .update(products)
    .set({ availableInventory: sql`greatest(0, ${products.availableInventory} + ${delta})`, updatedAt: deps.now() })
    .where(and(eq(products.id, productId), eq(products.orgId, orgId), eq(products.inventoryManaged, true)))
    .returning({ id: products.id });
  if (!row) throw notFound('No such product with inventory management on');
  await checkStockAlerts(deps, orgId, [productId]);
  return getProduct(deps.db, orgId, productId);
}

export async function setProductEnabled(
  deps: AppDeps,
  orgId: number,
  id: number,
  enabled: boolean,
): Promise<ProductRow> {
  const [row] = await deps.db
    .update(products)
    .set({ enabled, updatedAt: deps.now() })
    .where(and(eq(products.id, id), eq(products.orgId, orgId)))
    .returning({ id: products.id });
  if (!row) throw notFound('No such product');
  return getProduct(deps.db, orgId, id);
}

export async function deleteProduct(db: Db, orgId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.orgId, orgId)))
    .returning({ id: products.id });
  if (!row) throw notFound('No such product');
}

async function ownProduct(db: Db, orgId: number, productId: number): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.orgId, orgId)));
  if (!row) throw notFound('No such product');
}

const toMapping = (r: typeof productChannelMappings.$inferSelect): ChannelMapping => ({
  mappingId: r.id,
  channelProductId: r.channelProductId,
  storeId: r.storeId,
});

export async function listMappings(db: Db, orgId: number, productId: number): Promise<ChannelMapping[]> {
  await ownProduct(db, orgId, productId);
  const rows = await db
    .select()
    .from(productChannelMappings)
    .where(and(eq(productChannelMappings.productId, productId), eq(productChannelMappings.orgId, orgId)))
    .orderBy(asc(productChannelMappings.id));
  return rows.map(toMapping);
}

export async function addMapping(
  db: Db,
  orgId: number,
  productId: number,
  input: { channelProductId: string; storeId: string },
): Promise<ChannelMapping> {
  await ownProduct(db, orgId, productId);
  try {
    const [row] = await db
      .insert(productChannelMappings)
      .values({ orgId, productId, ...input })
      .returning();
    return toMapping(row);
  } catch (e) {
    if (isUniqueViolation(e))
      throw conflict(`Channel product ${input.channelProductId} of store ${input.storeId} is already mapped`);
    throw e;
  }
}

export async function deleteMapping(db: Db, orgId: number, productId: number, mappingId: number): Promise<void> {
  const [row] = await db
    .delete(productChannelMappings)
    .where(
      and(
        eq(productChannelMappings.id, mappingId),
        eq(productChannelMappings.productId, productId),
        eq(productChannelMappings.orgId, orgId),
      ),
    )
    .returning({ id: productChannelMappings.id });
  if (!row) throw notFound('No such channel mapping');
}
