import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { productChannelMappings, products } from '../../db/schema';
import type { ChannelProduct } from '../../channels/adapter';
import { createProduct } from '../products/service';
import { ProductBody } from '../../../src/domain/schemas/product';
import type { StoreRow } from './store-access';

// A store's products join the catalogue: a listing whose SKU the seller already has is mapped to
// that product; the rest are added (sized as a small parcel until the seller says otherwise) and
// mapped. Mappings are the products area's own (product_channel_mappings, storeId = the store's id).

export async function importProducts(
  deps: AppDeps,
  store: StoreRow,
  listed: ChannelProduct[],
): Promise<{ mapped: number; errors: string[] }> {
  let mapped = 0;
  const errors: string[] = [];
  for (const p of listed) {
    const [had] = await deps.db
      .select({ id: productChannelMappings.id })
      .from(productChannelMappings)
      .where(
        and(
          eq(productChannelMappings.orgId, store.orgId),
          eq(productChannelMappings.storeId, String(store.id)),
          eq(productChannelMappings.channelProductId, p.channelProductId),
        ),
      );
    if (had) continue;
    let [product] = await deps.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.orgId, store.orgId), sql`lower(${products.sku}) = lower(${p.sku})`));
    if (!product) {
      const input = v.safeParse(ProductBody, {
        productName: p.name.slice(0, 100).padEnd(3, '.'),
        sku: p.sku.replace(/[^A-Za-z0-9._/-]/g, '-').slice(0, 40),
        price: p.price,
        weightKg: Math.min(100, Math.max(0.01, p.weightKg)),
        lengthCm: 20,
        breadthCm: 15,
        heightCm: 10,
        taxRatePercent: 0,
      });
      if (!input.success) {
        errors.push(`${p.sku}: ${input.issues[0].message}`);
        continue;
      }
      try {
        product = { id: (await createProduct(deps, store.orgId, input.output)).productId };
      } catch (e) {
        errors.push(`${p.sku}: ${(e as Error).message}`);
        continue;
      }
    }
    const made = await deps.db
      .insert(productChannelMappings)
      .values({
        orgId: store.orgId,
        productId: product.id,
        channelProductId: p.channelProductId,
        storeId: String(store.id),
      })
      .onConflictDoNothing()
      .returning({ id: productChannelMappings.id });
    mapped += made.length;
  }
  return { mapped, errors };
}
