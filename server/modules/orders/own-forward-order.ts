import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../http/errors';

type Order = typeof orders.$inferSelect;

/**
 * A seller's own forward order, or 404 whether it is missing or another seller's (never telling
 * which). `lock` takes the order's row lock for a transaction that changes it.
 */
export async function ownForwardOrder(db: Executor, orgId: number, orderId: number, lock = false): Promise<Order> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.orgId, orgId), eq(orders.orderType, 'FORWARD')));
  const [o] = lock ? await query.for('update') : await query;
  if (!o) throw notFound('No such order');
  return o;
}
