import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { pickOutcome, type CourierOutcome, type OutcomeCounts } from '../../../src/domain/shipping/courier-outcomes';
import { lookupPincode } from '../pincodes/lookup';

// A lane's outcomes for every courier: the four levels' rows for the destination in one indexed
// read (each level-and-place pair an equality on the primary key's leading columns, OR-ed), then each courier's trusted level (pickOutcome).

interface Row {
  level: OutcomeCounts['level'];
  place_key: string;
  carrier_code: string;
  shipments: number;
  delivered: number;
  rto: number;
  ndr: number;
  avg_days: number | null;
}

export async function laneOutcomes(db: Db, toPincode: string, zone: string): Promise<Map<string, CourierOutcome>> {
  const place = lookupPincode(toPincode);
  const district = place ? `${place.city}|${place.state}` : '';
  const state = place?.state ?? '';
  const rows = await queryRows<Row>(
    db,
    sql`select level, place_key, carrier_code, shipments, delivered, rto, ndr, avg_days
        from courier_outcomes
        where (level = 'PINCODE' and place_key = ${toPincode}) or (level = 'DISTRICT' and place_key = ${district})
           or (level = 'STATE' and place_key = ${state}) or (level = 'ZONE' and place_key = ${zone})`,
  );
  const byCarrier = new Map<string, OutcomeCounts[]>();
  for (const r of rows) {
    const list = byCarrier.get(r.carrier_code) ?? [];
    list.push({
      level: r.level,
      key: r.place_key,
      shipments: r.shipments,
      delivered: r.delivered,
      rto: r.rto,
      ndr: r.ndr,
      avgDays: r.avg_days,
    });
    byCarrier.set(r.carrier_code, list);
  }
  const outcomes = new Map<string, CourierOutcome>();
  for (const [code, list] of byCarrier) {
    const o = pickOutcome(list);
    if (o) outcomes.set(code, o);
  }
  return outcomes;
}
