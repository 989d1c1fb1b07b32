import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import type { RiskFacts } from '../../../src/domain/risk/facts';

// What the risk score reads for new orders: each order's own payment, value and address, and the
// settled parcels before it (delivered, or back to origin) as counts only: COD parcels to its
// pincode and its sorting district (the pincode's first three digits) on the whole platform, the
// buyer's with this seller, and the buyer's with every seller. No other seller's order is ever
// returned, only its count.

const SETTLED = sql`(o.status = 'DLV' or o.rto_at is not null) and o.order_type = ${ORDER_TYPE.FORWARD}`;

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

const counted = (where: SQL) => sql`(select count(*)::int as f, count(*) filter (where o.rto_at is not null)::int as r
    from orders o where ${SETTLED} and ${where})`;

export async function riskFactsOf(
  db: Parameters<typeof queryRows>[0],
  orgId: number,
  ids: number[],
): Promise<Map<number, RiskFacts>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<FactRow & { id: number }>(
    db,
    sql`with new as (
          select id, payment_method, total_paise, buyer_phone, org_id,
                 shipping ->> 'pincode' as pin,
                 concat_ws(', ', nullif(shipping ->> 'line1', ''), nullif(shipping ->> 'line2', '')) as address
          from orders where org_id = ${orgId} and id = any(${sql.param(ids)}::int[]))
        select n.id, n.payment_method, n.total_paise, n.address,
               pin.f as pin_f, pin.r as pin_r, dist.f as dist_f, dist.r as dist_r,
               own.f as own_f, own.r as own_r, every.f as all_f, every.r as all_r
        from new n
        cross join lateral ${counted(sql`o.payment_method = 'COD' and o.shipping ->> 'pincode' = n.pin`)} pin
        cross join lateral ${counted(sql`o.payment_method = 'COD' and o.shipping ->> 'pincode' like left(n.pin, 3) || '%'`)} dist
        cross join lateral ${counted(sql`o.buyer_phone = n.buyer_phone and o.org_id = n.org_id`)} own
        cross join lateral ${counted(sql`o.buyer_phone = n.buyer_phone`)} every`,
  );
  return new Map(rows.map((r) => [r.id, factsOfRow(r)]));
}
