import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { HistoryLevel, LaneHistogram } from '../../../src/domain/promises/lane-promise';
import { zoneOf } from '../../../src/domain/shipping/zones';
import { lookupPincode } from '../pincodes/lookup';

// A lane's transit histories for every courier: the three levels' rows (from the origin's
// district to the buyer's pincode and district, and the zone from anywhere) in one indexed read,
// each an equality on the primary key's leading columns, OR-ed.

/** courier code → its histograms on the lane */
export type LaneHistories = ReadonlyMap<string, readonly LaneHistogram[]>;
export const NO_LANE_HISTORY: LaneHistories = new Map();

interface Row {
  level: HistoryLevel;
  carrier_code: string;
  counts: number[];
}

const districtKey = (pincode: string) => {
  const p = lookupPincode(pincode);
  return p ? `${p.city}|${p.state}` : '';
};

export async function laneHistories(
  db: Db,
  from: { pincode: string; city: string; state: string },
  to: { pincode: string; city: string; state: string },
): Promise<LaneHistories> {
  const origin = districtKey(from.pincode);
  const zone = zoneOf(from, to);
  const rows = await queryRows<Row>(
    db,
    sql`select level, carrier_code, counts from lane_transit
        where (level = 'PINCODE' and origin_key = ${origin} and place_key = ${to.pincode})
           or (level = 'DISTRICT' and origin_key = ${origin} and place_key = ${districtKey(to.pincode)})
           or (level = 'ZONE' and origin_key = '' and place_key = ${zone})`,
  );
  const byCarrier = new Map<string, LaneHistogram[]>();
  for (const r of rows) {
    const list = byCarrier.get(r.carrier_code) ?? [];
    list.push({ level: r.level, counts: r.counts });
    byCarrier.set(r.carrier_code, list);
  }
  return byCarrier;
}
