import { and, asc, count, eq } from 'drizzle-orm';
import type { OrgCaller } from '../../http/router';
import type { Db } from '../../db/client';
import { orderViews } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../http/errors';
import { ORDER_VIEWS_MAX, type OrderView, type OrderViewInput } from '../../../src/domain/order-views';

// Saved views belong to one login of one seller: every query names both.

const toView = (r: typeof orderViews.$inferSelect): OrderView => ({
  viewId: r.id,
  viewName: r.name,
  filters: r.filters,
  createdAt: r.createdAt.toISOString(),
});

const mine = (caller: OrgCaller) => and(eq(orderViews.orgId, caller.orgId), eq(orderViews.accountId, caller.accountId));

export async function listViews(db: Db, caller: OrgCaller): Promise<OrderView[]> {
  const rows = await db.select().from(orderViews).where(mine(caller)).orderBy(asc(orderViews.id));
  return rows.map(toView);
}

export async function saveView(db: Db, caller: OrgCaller, body: OrderViewInput, now: Date): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(orderViews).where(mine(caller));
    if (n >= ORDER_VIEWS_MAX)
      throw conflict(`You have ${ORDER_VIEWS_MAX} saved views, the most a login keeps; delete one first`);
    try {
      const [row] = await tx
        .insert(orderViews)
        .values({
          orgId: caller.orgId,
          accountId: caller.accountId,
          name: body.viewName,
          filters: body.filters,
          createdAt: now,
        })
        .returning();
      return toView(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(`You already have a view named ${body.viewName}`);
      throw e;
    }
  });
}

export async function deleteView(db: Db, caller: OrgCaller, viewId: number): Promise<void> {
  const gone = await db
    .delete(orderViews)
    .where(and(mine(caller), eq(orderViews.id, viewId)))
    .returning({ id: orderViews.id });
  if (!gone.length) throw notFound('No such saved view of yours');
}
