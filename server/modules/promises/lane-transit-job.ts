import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { PICKUP_CUTOFF_HOUR_IST } from '../../../src/domain/promises/promise-calendar';
import { LANE_WINDOW_DAYS } from '../../../src/domain/promises/transit-quantile';
import { unnestSelect } from '../../db/unnest';
import { allPincodes, lookupPincode } from '../pincodes/lookup';

// The lane transit job: lane_transit rebuilt from the forward parcels delivered out of bookings of
// the last LANE_WINDOW_DAYS. Each parcel's working days run from its dispatch day (the booking's
// IST day, the next after the pickup cut-off, never a Sunday) to its delivered IST day, less the
// Sundays between (promise-calendar.ts, in SQL: Sundays in (a, b] are whole weeks past a Sunday
// reference). Set-based: one INSERT … SELECT folds the parcels into (lane, days) counts, GROUPING
// SETS make the three levels, and each lane's counts, zeros filled in, become one histogram array; after one DELETE,
// in one transaction (quotes read the old table until it commits).

export const LANE_TRANSIT_QUEUE = 'lane-transit';
/** how often the histograms are rebuilt while workers run */
export const LANE_TRANSIT_EVERY_SECONDS = 6 * 3600;

let districts: { pincodes: string[]; keys: string[] } | null = null;

/** Pincode → "district|state" from the bundled pincode data, as two parallel columns. */
function districtColumns() {
  if (districts) return districts;
  const pincodes = allPincodes();
  const keys = pincodes.map((p) => {
    const info = lookupPincode(p)!;
    return `${info.city}|${info.state}`;
  });
  districts = { pincodes, keys };
  return districts;
}

export async function rebuildLaneTransit(db: Db, now: Date): Promise<{ rows: number; at: Date }> {
  const since = new Date(now.getTime() - LANE_WINDOW_DAYS * 86_400_000);
  const { pincodes, keys } = districtColumns();
  const placeTable = unnestSelect([
    [pincodes, 'text'],
    [keys, 'text'],
  ]);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from lane_transit`);
    const inserted = await tx.execute(sql`
      with parcel as (
        select s.carrier_code, s.zone,
               o.pickup ->> 'pincode' as origin_pincode,
               o.shipping ->> 'pincode' as pincode,
               (s.booked_at at time zone 'Asia/Kolkata')::date
                 + case when extract(hour from s.booked_at at time zone 'Asia/Kolkata') >= ${PICKUP_CUTOFF_HOUR_IST}
                        then 1 else 0 end as after_cutoff,
               (s.delivered_at at time zone 'Asia/Kolkata')::date as delivered_day
        from shipments s
        join orders o on o.id = s.order_id
        where s.state = 'BOOKED' and s.delivered_at is not null and o.status = 'DLV'
          and s.booked_at >= ${since.toISOString()}::timestamptz
          and o.order_type = ${ORDER_TYPE.FORWARD}
          and o.pickup ->> 'pincode' is not null
      ),
      place (pincode, district) as (${placeTable}),
      dispatched as (
        select *, after_cutoff + case when extract(dow from after_cutoff) = 0 then 1 else 0 end as dispatch_day
        from parcel
      ),
      timed as (
        select d.carrier_code, d.zone, origin.district as origin_key, d.pincode,
               greatest(0, (d.delivered_day - d.dispatch_day)
                 - (floor((d.delivered_day - date '2000-01-02') / 7.0) - floor((d.dispatch_day - date '2000-01-02') / 7.0)))::int
                 as days
        from dispatched d
        join place origin on origin.pincode = d.origin_pincode
      ),
      counted as (
        select case when grouping(t.pincode) = 0 then 'PINCODE'
                    when grouping(p.district) = 0 then 'DISTRICT'
                    else 'ZONE' end as level,
               case when grouping(t.origin_key) = 0 then t.origin_key else '' end as origin_key,
               case when grouping(t.pincode) = 0 then t.pincode
                    when grouping(p.district) = 0 then p.district
                    else t.zone end as place_key,
               t.carrier_code, t.days, count(*)::int as n
        from timed t
        left join place p on p.pincode = t.pincode
        group by grouping sets ((t.carrier_code, t.origin_key, t.pincode, t.days),
                                (t.carrier_code, t.origin_key, p.district, t.days),
                                (t.carrier_code, t.zone, t.days))
      ),
      lanes as (
        select level, origin_key, place_key, carrier_code, max(days) as top
        from counted where place_key is not null
        group by level, origin_key, place_key, carrier_code
      ),
      dense as (
        select l.level, l.origin_key, l.place_key, l.carrier_code, d.day, coalesce(c.n, 0) as n
        from lanes l
        cross join lateral generate_series(0, l.top) as d(day)
        left join counted c on c.level = l.level and c.origin_key = l.origin_key and c.place_key = l.place_key
                           and c.carrier_code = l.carrier_code and c.days = d.day
      )
      insert into lane_transit (level, origin_key, place_key, carrier_code, counts, shipments, computed_at)
      select level, origin_key, place_key, carrier_code, array_agg(n order by day), sum(n)::int,
             ${now.toISOString()}::timestamptz
      from dense
      group by level, origin_key, place_key, carrier_code`);
    return (
      (inserted as { rowCount?: number; affectedRows?: number }).rowCount ??
      (inserted as { affectedRows?: number }).affectedRows ??
      0
    );
  });
  return { rows, at: now };
}
