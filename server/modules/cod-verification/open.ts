import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import type { Tx } from '../../db/client';
import { codVerificationEvents, codVerifications, orders } from '../../db/schema';
import { planAllows } from '../plans/plan-gate';
import { dueAt, verificationReasons, type PincodeHistory } from '../../../src/domain/cod-verification';
import { readSettings } from './settings';

// Every new COD order (from the form, a clone, a CSV upload) without a payment mode's advance is
// weighed against the seller's rules (value, pincode, past RTOs, RTO risk band) in the transaction
// that creates it; those that need their buyer's word get a PENDING verification. The buyer's messages go after commit (messages.ts).

/** The platform's finished shipments to each pincode, and how many came back. */
async function pincodeHistories(tx: Tx, pincodes: string[]): Promise<Map<string, PincodeHistory>> {
  const rows = await queryRows<{ pincode: string; finished: number; returned: number }>(
    tx,
    sql`select shipping->>'pincode' as pincode,
          count(*) filter (where status = 'DLV' or rto_at is not null)::int as finished,
          count(*) filter (where rto_at is not null)::int as returned
        from ${orders}
        where shipment_booked_at is not null and shipping->>'pincode' = any(${sql.param(pincodes)}::text[])
        group by 1`,
  );
  return new Map(rows.map((r) => [r.pincode, { finished: r.finished, returned: r.returned }]));
}

/** Each buyer's orders with this seller that came back to origin. */
async function pastRtos(tx: Tx, orgId: number, phones: string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ phone: string; n: number }>(
    tx,
    sql`select buyer_phone as phone, count(*)::int as n from ${orders}
        where org_id = ${orgId} and buyer_phone = any(${sql.param(phones)}::text[]) and rto_at is not null
        group by 1`,
  );
  return new Map(rows.map((r) => [r.phone, r.n]));
}

/** Opens the verifications the seller's rules ask for among these new orders; answers their ids. */
export async function openVerifications(tx: Tx, orgId: number, orderIds: number[], now: Date): Promise<number[]> {
  if (!orderIds.length) return [];
  const settings = await readSettings(tx, orgId);
  if (!settings.enabled || !(await planAllows(tx, orgId, 'codVerification'))) return [];
  const list = await tx
    .select({
      id: orders.id,
      totalPaise: orders.totalPaise,
      pincode: sql<string>`${orders.shipping}->>'pincode'`,
      phone: orders.buyerPhone,
      riskBand: orders.riskBand,
    })
    .from(orders)
    .where(
      and(
        eq(orders.orgId, orgId),
        inArray(orders.id, orderIds),
        eq(orders.paymentMethod, 'COD'),
        // a payment mode's advance paid online is the buyer's word already: such orders are not asked again
        eq(orders.advancePaise, 0),
      ),
    );
  if (!list.length) return [];
  const rules = settings.scope === 'RULES';
  const histories =
    rules && settings.riskyPincodes ? await pincodeHistories(tx, [...new Set(list.map((o) => o.pincode))]) : new Map();
  const rtos =
    rules && settings.minPastRtos !== null
      ? await pastRtos(tx, orgId, [...new Set(list.map((o) => o.phone))])
      : new Map();
  const due = dueAt(now, settings.waitHours);
  const rows = list
    .map((o) => ({
      o,
      reasons: verificationReasons(settings, {
        paymentMethod: 'COD',
        totalPaise: o.totalPaise,
        pincode: histories.get(o.pincode) ?? { finished: 0, returned: 0 },
        pastRtos: rtos.get(o.phone) ?? 0,
        // scored earlier in this transaction (scoreNewOrders), so the band rule reads it here
        riskBand: o.riskBand,
      }),
    }))
    .filter((r) => r.reasons.length > 0);
  if (!rows.length) return [];
  const made = await tx
    .insert(codVerifications)
    .values(
      rows.map(({ o, reasons }) => ({
        orgId,
        orderId: o.id,
        reasons,
        afterWait: settings.afterWait,
        offerPrepaid: settings.offerPrepaid,
        dueAt: due,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: codVerifications.id, orderId: codVerifications.orderId, reasons: codVerifications.reasons });
  if (!made.length) return [];
  await tx
    .update(orders)
    .set({ codVerification: 'PENDING' })
    .where(
      inArray(
        orders.id,
        made.map((m) => m.orderId),
      ),
    );
  await tx.insert(codVerificationEvents).values(
    made.map((m) => ({
      verificationId: m.id,
      kind: 'OPENED',
      note: `Needs the buyer’s confirmation: ${m.reasons.join('; ')}`,
      at: now,
    })),
  );
  return made.map((m) => m.id);
}
