import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { SETTLED_FORWARD_ORDER } from '../../db/schema';
import type { RiskFacts } from '../../../src/domain/risk/facts';

// What the risk score reads for new orders: each order's own payment, value and address, and the
// settled parcels before it (delivered, or back to origin) as counts only: COD parcels to its
// pincode and its sorting district (the pincode's first three digits) on the whole platform, the
// buyer's with this seller, and the buyer's with every seller. No other seller's order is ever
// returned, only its count.

// the same words as the partial indexes' predicate, so the counts read those indexes alone
const SETTLED = sql.raw(SETTLED_FORWARD_ORDER);

/** An order's facts as the statements here and in train-job.ts select them. */
export interface FactRow {
  payment_method: 'PPD' | 'COD';
  total_paise: number;
  address: string;
  pin_f: number;
  pin_r: number;
  dist_f: number;
  dist_r: number;
  own_f: number;
  own_r: number;
  all_f: number;
  all_r: number;
}

export const factsOfRow = (r: FactRow): RiskFacts => ({
  paymentMethod: r.payment_method,
  totalPaise: Number(r.total_paise),
  address: r.address,
  pincodeCod: { finished: r.pin_f, returned: r.pin_r },
  districtCod: { finished: r.dist_f, returned: r.dist_r },
  buyerWithSeller: { finished: r.own_f, returned: r.own_r },
  buyerAcrossSellers: { finished: r.all_f, returned: r.all_r },
});

/** What the score needs of an order not yet inserted: its payment, total, address, pincode and buyer. */
export interface NewOrderFacts {
  paymentMethod: 'PPD' | 'COD';
  totalPaise: number;
  /** the address lines as one text (line 1, line 2) */
  address: string;
  pincode: string;
  buyerPhone: string;
}

interface CountRow {
  key: string;
  f: number;
  r: number;
  own_f: number;
  own_r: number;
}

/**
 * Each new order's facts, before it is inserted (so its row is written once, score included).
 * Settled parcels are counted once per distinct pincode, area and phone of the batch (a CSV of
 * thousands of orders to four pincodes counts four pincodes, not thousands of times).
 */
export async function riskFactsOf(
  db: Parameters<typeof queryRows>[0],
  orgId: number,
  list: readonly NewOrderFacts[],
): Promise<RiskFacts[]> {
  if (!list.length) return [];
  const pins = [...new Set(list.map((o) => o.pincode))];
  const areas = [...new Set(list.map((o) => o.pincode.slice(0, 3)))];
  const phones = [...new Set(list.map((o) => o.buyerPhone))];
  const rows = await queryRows<CountRow & { kind: 'pin' | 'area' | 'phone' }>(
    db,
    sql`select 'pin' as kind, o.shipping ->> 'pincode' as key, count(*)::int as f, count(o.rto_at)::int as r, 0 as own_f, 0 as own_r
          from orders o
          where ${SETTLED} and o.payment_method = 'COD' and o.shipping ->> 'pincode' = any(${sql.param(pins)}::text[])
          group by 2
        union all
        select 'area', a.key, c.f, c.r, 0, 0
          from unnest(${sql.param(areas)}::text[]) as a(key)
          cross join lateral (
            select count(*)::int as f, count(o.rto_at)::int as r
            from orders o
            where ${SETTLED} and o.payment_method = 'COD' and o.shipping ->> 'pincode' like a.key || '%') c
        union all
        select 'phone', o.buyer_phone, count(*)::int, count(o.rto_at)::int,
               (count(*) filter (where o.org_id = ${orgId}))::int, (count(o.rto_at) filter (where o.org_id = ${orgId}))::int
          from orders o
          where ${SETTLED} and o.buyer_phone = any(${sql.param(phones)}::text[])
          group by 2`,
  );
  const counts = new Map(rows.map((r) => [`${r.kind}:${r.key}`, r]));
  const none: CountRow = { key: '', f: 0, r: 0, own_f: 0, own_r: 0 };
  return list.map((o) => {
    const pin = counts.get(`pin:${o.pincode}`) ?? none;
    const area = counts.get(`area:${o.pincode.slice(0, 3)}`) ?? none;
    const phone = counts.get(`phone:${o.buyerPhone}`) ?? none;
    return factsOfRow({
      payment_method: o.paymentMethod,
      total_paise: o.totalPaise,
      address: o.address,
      pin_f: pin.f,
      pin_r: pin.r,
      dist_f: area.f,
      dist_r: area.r,
      own_f: phone.own_f,
      own_r: phone.own_r,
      all_f: phone.f,
      all_r: phone.r,
    });
  });
}
