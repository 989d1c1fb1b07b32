import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { PlaceInfo } from '../../../src/domain/shipping-contract';
import { pickLaneQuality, type QualityCounts, type QualityLevel } from '../../../src/domain/quality/lane-quality';
import type { LaneQuality } from '../../../src/domain/quality/quality-contract';
import { zoneOf } from '../../../src/domain/shipping/zones';
import { lookupPincode } from '../pincodes/lookup';

// A lane's quality for every courier: the three levels' rows (origin pincode to the buyer's
// pincode, origin district to the buyer's district, the zone from anywhere) in one indexed read,
// each an equality on the primary key, OR-ed; then each courier's narrowest level with enough
// parcels (pickLaneQuality).

/** courier code → its quality on the lane */
export type LaneQualities = ReadonlyMap<string, LaneQuality>;

interface Row {
  level: QualityLevel;
  carrier_code: string;
  settled: number;
  delivered: number;
  rto: number;
  ndr: number;
  avg_days: number | null;
  pickups_due: number;
  pickups_on_time: number;
}

const districtKey = (pincode: string) => {
  const p = lookupPincode(pincode);
  return p ? `${p.city}|${p.state}` : '';
};

export async function laneQualities(db: Db, from: PlaceInfo, to: PlaceInfo): Promise<LaneQualities> {
  const rows = await queryRows<Row>(
    db,
    sql`select level, carrier_code, settled, delivered, rto, ndr, avg_days, pickups_due, pickups_on_time
        from lane_quality
        where (level = 'PINCODE' and origin_key = ${from.pincode} and place_key = ${to.pincode})
           or (level = 'DISTRICT' and origin_key = ${districtKey(from.pincode)} and place_key = ${districtKey(to.pincode)})
           or (level = 'ZONE' and origin_key = '' and place_key = ${zoneOf(from, to)})`,
  );
  const byCarrier = new Map<string, QualityCounts[]>();
  for (const r of rows) {
    const list = byCarrier.get(r.carrier_code) ?? [];
    list.push({
      level: r.level,
      settled: r.settled,
      delivered: r.delivered,
      rto: r.rto,
      ndr: r.ndr,
      avgDays: r.avg_days,
      pickupsDue: r.pickups_due,
      pickupsOnTime: r.pickups_on_time,
    });
    byCarrier.set(r.carrier_code, list);
  }
  return new Map([...byCarrier].map(([code, counts]) => [code, pickLaneQuality(counts)]));
}
