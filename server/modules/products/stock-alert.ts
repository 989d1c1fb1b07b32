import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { accounts, products } from '../../db/schema';
import { letter } from '../../messaging/letter';

// A stock alert goes out once each time a managed product's inventory falls to its threshold:
// the claim (stock_alert_sent_at from null to now) is one conditional UPDATE, so two concurrent
// sales never send it twice. Rising above the threshold re-arms it.

export async function checkStockAlerts(deps: AppDeps, orgId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql`${products.id} = any(${sql.param(productIds)}::int[])`;
  await deps.db
    .update(products)
    .set({ stockAlertSentAt: null })
    .where(
      and(
        eq(products.orgId, orgId),
        ids,
        isNotNull(products.stockAlertSentAt),
        gt(products.availableInventory, products.notifyThreshold),
      ),
    );
  const claimed = await deps.db
    .update(products)
    .set({ stockAlertSentAt: deps.now() })
    .where(
      and(
        eq(products.orgId, orgId),
        ids,
        eq(products.inventoryManaged, true),
        eq(products.enabled, true),
        isNull(products.stockAlertSentAt),
        lte(products.availableInventory, products.notifyThreshold),
      ),
    )
    .returning({
      name: products.productName,
      sku: products.sku,
      available: products.availableInventory,
      threshold: products.notifyThreshold,
    });
  if (claimed.length === 0) return;
  const owners = await deps.db
    .select({ email: accounts.email, firstName: accounts.firstName })
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), sql`${accounts.role} in ('OWNER', 'LOCKED_OWNER')`));
  for (const owner of owners) {
    for (const p of claimed) {
      await deps.messenger.send(
        letter(owner.email, `Low stock: ${p.name} (${p.sku})`, owner.firstName, [
          `${p.name} (SKU ${p.sku}) is down to ${p.available} unit${p.available === 1 ? '' : 's'}, at or below your stock alert of ${p.threshold}.`,
          'Restock it, or update its inventory under Setup → Products, so orders keep flowing.',
        ]),
      );
    }
  }
}
