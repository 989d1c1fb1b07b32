import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files, pickupAddresses, productImages, products } from '../../db/schema';

// Catalogue images and addresses the documents print from: a product's image found by the SKU an
// order line carries (an order keeps its own copy of the item, not the product's id).

/** Images of the seller's products by lower-case SKU, for the SKUs asked. */
export async function productImagesBySku(db: Executor, orgId: number, skus: string[]): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(skus.map((s) => s.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ sku: products.sku, content: files.content })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .innerJoin(files, eq(files.id, productImages.fileId))
    .where(and(eq(productImages.orgId, orgId), inArray(sql`lower(${products.sku})`, wanted)));
  return new Map(rows.map((r) => [r.sku.toLowerCase(), Buffer.from(r.content, 'base64')]));
}

/** The seller's pickup addresses not deleted, primary first. */
export async function livePickupAddresses(db: Executor, orgId: number) {
  return db
    .select()
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.orgId, orgId), isNull(pickupAddresses.deletedAt)))
    .orderBy(sql`${pickupAddresses.isPrimary} desc`, pickupAddresses.id);
}
