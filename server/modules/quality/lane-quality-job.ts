import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { PICKUP_CUTOFF_HOUR_IST } from '../../../src/domain/promises/promise-calendar';
import { QUALITY_WINDOW_DAYS } from '../../../src/domain/quality/lane-quality';
import { placeTable } from '../pincodes/place-columns';

// The lane quality job: lane_quality rebuilt from the forward parcels booked in the last
// QUALITY_WINDOW_DAYS. Outcomes count the settled parcels (order Delivered, in or back from RTO,
// Lost, Damaged); pickups count every parcel whose grace day (the working day after the promised
// pickup day: its pickup request's day, else its dispatch day) is before today, IST, as
// lane-quality.ts's pickupGraceDay. Set-based: one INSERT … SELECT folds the parcels once into
// (courier, origin pincode, pincode, zone) lanes, whose GROUPING SETS make the three levels (pincode
// to pincode, district to district, zone) from the lanes alone; after one DELETE, in one
// transaction (quotes read the old table until it commits). Averages roll up as sums and counts.

export const LANE_QUALITY_QUEUE = 'lane-quality';
/** how often the table is rebuilt while workers run */
export const LANE_QUALITY_EVERY_SECONDS = 6 * 3600;

/** `day` moved off a Sunday to the Monday (SQL). */
const offSunday = (day: SQL) => sql`(${day} + case when extract(dow from ${day}) = 0 then 1 else 0 end)`;

export async function rebuildLaneQuality(db: Db, now: Date): Promise<{ rows: number; at: Date }> {
  const since = new Date(now.getTime() - QUALITY_WINDOW_DAYS * 86_400_000);
  const bookedDay = sql`((s.booked_at at time zone 'Asia/Kolkata')::date
    + case when extract(hour from s.booked_at at time zone 'Asia/Kolkata') >= ${PICKUP_CUTOFF_HOUR_IST} then 1 else 0 end)`;
  const promised = offSunday(sql`coalesce(pr.pickup_date, ${offSunday(bookedDay)})`);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from lane_quality`);
    const inserted = await tx.execute(sql`
      with parcel as (
        select s.carrier_code, s.zone,
               o.pickup ->> 'pincode' as origin_pincode,
               o.shipping ->> 'pincode' as pincode,
               o.status in ('DLV', 'RTO_INT', 'RTO_DLV', 'LST', 'DMG') as settled,
               o.status = 'DLV' as delivered,
               o.status in ('RTO_INT', 'RTO_DLV') as rto,
               s.ndr_attempts > 0 as ndr,
               case when o.status = 'DLV' and s.delivered_at is not null
                    then extract(epoch from s.delivered_at - coalesce(s.pickup_at, s.booked_at)) / 86400 end as days,
               ${offSunday(sql`(${promised} + 1)`)} as grace_day,
               (s.pickup_at at time zone 'Asia/Kolkata')::date as picked_day
        from shipments s
        join orders o on o.id = s.order_id
        left join pickup_requests pr on pr.id = s.pickup_request_id
        where s.state = 'BOOKED'
          and s.booked_at >= ${since.toISOString()}::timestamptz
          and o.order_type = ${ORDER_TYPE.FORWARD}
          and o.pickup ->> 'pincode' is not null
      ),
      lane as (
        select carrier_code, origin_pincode, pincode, zone,
               count(*) filter (where settled) as settled,
               count(*) filter (where settled and delivered) as delivered,
               count(*) filter (where settled and rto) as rto,
               count(*) filter (where settled and ndr) as ndr,
               sum(days) as day_sum,
               count(days) as day_count,
               count(*) filter (where grace_day < (${now.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date)
                 as pickups_due,
               count(*) filter (where grace_day < (${now.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date
                                  and picked_day <= grace_day) as pickups_on_time
        from parcel
        group by carrier_code, origin_pincode, pincode, zone
      ),
      place (pincode, district, state) as (${placeTable()}),
      grouped as (
        select case when grouping(l.pincode) = 0 then 'PINCODE'
                    when grouping(dest.district) = 0 then 'DISTRICT'
                    else 'ZONE' end as level,
               case when grouping(l.pincode) = 0 then l.origin_pincode
                    when grouping(dest.district) = 0 then origin.district || '|' || origin.state
                    else '' end as origin_key,
               case when grouping(l.pincode) = 0 then l.pincode
                    when grouping(dest.district) = 0 then dest.district || '|' || dest.state
                    else l.zone end as place_key,
               l.carrier_code,
               sum(l.settled)::int as settled,
               sum(l.delivered)::int as delivered,
               sum(l.rto)::int as rto,
               sum(l.ndr)::int as ndr,
               (sum(l.day_sum) / nullif(sum(l.day_count), 0))::real as avg_days,
               sum(l.pickups_due)::int as pickups_due,
               sum(l.pickups_on_time)::int as pickups_on_time
        from lane l
        left join place origin on origin.pincode = l.origin_pincode
        left join place dest on dest.pincode = l.pincode
        group by grouping sets ((l.carrier_code, l.origin_pincode, l.pincode),
                                (l.carrier_code, origin.district, origin.state, dest.district, dest.state),
                                (l.carrier_code, l.zone))
      )
      insert into lane_quality (level, origin_key, place_key, carrier_code, settled, delivered, rto, ndr, avg_days,
                                pickups_due, pickups_on_time, computed_at)
      select level, origin_key, place_key, carrier_code, settled, delivered, rto, ndr, avg_days,
             pickups_due, pickups_on_time, ${now.toISOString()}::timestamptz
      from grouped
      where place_key is not null and origin_key is not null`);
    return (
      (inserted as { rowCount?: number; affectedRows?: number }).rowCount ??
      (inserted as { affectedRows?: number }).affectedRows ??
      0
    );
  });
  return { rows, at: now };
}
