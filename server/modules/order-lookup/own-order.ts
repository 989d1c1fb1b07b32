import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import type { OrderType } from '../../../src/domain/order-type';

type Order = typeof orders.$inferSelect;

export interface OwnOrderOptions {
  /** only an order of this type is found (a return's id asked as a forward order is a 404) */
  type?: OrderType;
  /** take the order's row lock, for a transaction that changes it */
  lock?: boolean;
  /** the 404's words, where an area names its order otherwise */
  missing?: string;
}

/**
 * The one reader of "my order": a seller's own order by id, or 404 whether it is missing or
 * another seller's (never telling which).
 */
export async function ownOrder(db: Executor, orgId: number, id: number, opts: OwnOrderOptions = {}): Promise<Order> {
  const query = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.orgId, orgId),
        opts.type === undefined ? undefined : eq(orders.orderType, opts.type),
      ),
    );
  const [o] = opts.lock ? await query.for('update') : await query;
  if (!o) throw notFound(opts.missing ?? 'No such order');
  return o;
}
