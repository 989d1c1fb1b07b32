import { and, eq, gt, isNotNull, lte, notInArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { b2bInvoices, b2bOrders, orders } from '../../db/schema';
import { formatDateTime } from '../../../src/domain/format';
import { EXTEND_WINDOW_HOURS } from '../../../src/domain/b2b/eway-bill-lifecycle';
import { notify, type NotificationInput } from '../notices/notify';

// The e-way bills of consignments still on their way are watched: once a bill's extension window
// opens (8 hours before it lapses) the seller is told, once per bill and expiry (an extended bill
// warns again before its new end); a bill past its end is marked expired. Runs on the sweep beat.

/** Orders whose goods no longer move: their bills need no warning. */
const SETTLED = ['DLV', 'CAN', 'RTO_DLV', 'LST', 'DMG'];

export async function watchEwayBills(deps: AppDeps): Promise<{ warned: number; expired: number }> {
  const now = deps.now();
  const opens = new Date(now.getTime() + EXTEND_WINDOW_HOURS * 3600_000);
  return deps.db.transaction(async (tx) => {
    const expired = await tx
      .update(b2bInvoices)
      .set({ ewayBillStatus: 'EXP' })
      .where(and(eq(b2bInvoices.ewayBillStatus, 'ACT'), lte(b2bInvoices.ewayBillExpiresAt, now)))
      .returning({ id: b2bInvoices.id });
    const soon = await tx
      .select({
        invoiceId: b2bInvoices.id,
        invoiceNumber: b2bInvoices.invoiceNumber,
        ewayBillNumber: b2bInvoices.ewayBillNumber,
        expiresAt: b2bInvoices.ewayBillExpiresAt,
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        orgId: orders.orgId,
      })
      .from(b2bInvoices)
      .innerJoin(b2bOrders, eq(b2bOrders.orderId, b2bInvoices.orderId))
      .innerJoin(orders, eq(orders.id, b2bOrders.orderId))
      .where(
        and(
          eq(b2bInvoices.ewayBillStatus, 'ACT'),
          isNotNull(b2bInvoices.ewayBillExpiresAt),
          gt(b2bInvoices.ewayBillExpiresAt, now),
          lte(b2bInvoices.ewayBillExpiresAt, opens),
          notInArray(orders.status, SETTLED),
        ),
      );
    const list: NotificationInput[] = soon.map((b) => ({
      orgId: b.orgId,
      kind: 'EWAY_BILL_EXPIRY',
      ref: `${b.invoiceId}:${b.expiresAt!.getTime()}`,
      title: `E-way bill ${b.ewayBillNumber} expires soon`,
      body: `The e-way bill of invoice ${b.invoiceNumber} (order ${b.orderNumber}) lapses at ${formatDateTime(b.expiresAt!)} IST. Extend it now if the goods will still be on the road.`,
      link: `/b2b/orders/${b.orderId}`,
    }));
    await notify(tx, list, now);
    return { warned: list.length, expired: expired.length };
  });
}
