import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { OUTCOME_WINDOW_DAYS } from '../../../src/domain/shipping/courier-outcomes';
import { placeTable } from '../pincodes/place-columns';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// The outcome job: courier_outcomes rebuilt from the settled shipments of the last
// OUTCOME_WINDOW_DAYS, by courier and destination pincode, district, state and zone. Set-based:
// one INSERT … SELECT that folds the shipments once into lanes (courier, pincode, zone: a hash
// aggregate of a few tens of thousands of groups), whose GROUPING SETS then make the four levels
// from the lanes alone, after one DELETE, in one transaction (readers see the old table until it
// commits). Averages roll up as sums and counts, so every level's is exact.
// A shipment is settled when its order is Delivered, in or back from RTO, Lost or Damaged.

export const OUTCOMES_QUEUE = 'courier-outcomes';
/** how often the tables are rebuilt while workers run */
export const OUTCOMES_EVERY_SECONDS = 6 * 3600;

export interface OutcomeRun {
  rows: number;
  at: Date;
}

export async function rebuildCourierOutcomes(db: Db, now: Date): Promise<OutcomeRun> {
  const since = new Date(now.getTime() - OUTCOME_WINDOW_DAYS * 86_400_000);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from courier_outcomes`);
    const inserted = await tx.execute(sql`
      with settled as (
        select s.carrier_code,
               o.shipping ->> 'pincode' as pincode,
               s.zone,
               o.status = 'DLV' as delivered,
               o.status in ('RTO_INT', 'RTO_DLV') as rto,
               s.ndr_attempts > 0 as ndr,
               case when o.status = 'DLV' and s.delivered_at is not null
                    then extract(epoch from s.delivered_at - coalesce(s.pickup_at, s.booked_at)) / 86400 end as days
        from shipments s
        join orders o on o.id = s.order_id
        where s.state = 'BOOKED'
          and s.booked_at >= ${since.toISOString()}::timestamptz
          and o.order_type = ${ORDER_TYPE.FORWARD}
          and o.status in ('DLV', 'RTO_INT', 'RTO_DLV', 'LST', 'DMG')
      ),
      lane as (
        select carrier_code, pincode, zone,
               count(*) as shipments,
               count(*) filter (where delivered) as delivered,
               count(*) filter (where rto) as rto,
               count(*) filter (where ndr) as ndr,
               sum(days) as day_sum,
               count(days) as day_count
        from settled
        group by carrier_code, pincode, zone
      ),
      place (pincode, district, state) as (${placeTable()}),
      grouped as (
        select case when grouping(l.pincode) = 0 then 'PINCODE'
                    when grouping(p.district) = 0 then 'DISTRICT'
                    when grouping(p.state) = 0 then 'STATE'
                    else 'ZONE' end as level,
               case when grouping(l.pincode) = 0 then l.pincode
                    when grouping(p.district) = 0 then p.district || '|' || p.state
                    when grouping(p.state) = 0 then p.state
                    else l.zone end as place_key,
               l.carrier_code,
               sum(l.shipments)::int as shipments,
               sum(l.delivered)::int as delivered,
               sum(l.rto)::int as rto,
               sum(l.ndr)::int as ndr,
               (sum(l.day_sum) / nullif(sum(l.day_count), 0))::real as avg_days
        from lane l
        left join place p on p.pincode = l.pincode
        group by grouping sets ((l.carrier_code, l.pincode), (l.carrier_code, p.district, p.state),
                                (l.carrier_code, p.state), (l.carrier_code, l.zone))
      )
      insert into courier_outcomes (level, place_key, carrier_code, shipments, delivered, rto, ndr, avg_days, computed_at)
      select level, place_key, carrier_code, shipments, delivered, rto, ndr, avg_days, ${now.toISOString()}::timestamptz
      from grouped
      where place_key is not null`);
    return (
      (inserted as { rowCount?: number; affectedRows?: number }).rowCount ??
      (inserted as { affectedRows?: number }).affectedRows ??
      0
    );
  });
  return { rows, at: now };
}
