import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { CARRIERS, pincodeDraw, unserviceable } from '../../src/domain/shipping/carriers';
import { zoneOf } from '../../src/domain/shipping/zones';
import { OUTCOME_WINDOW_DAYS } from '../../src/domain/shipping/courier-outcomes';
import { lookupPincode } from '../modules/pincodes/lookup';

// Past shipments of one seller, settled (delivered, returned, lost), written by two set-based
// statements: what the recommendation engine learns from in the demo and the benchmark. Each
// row draws a (courier, destination) pair the courier serves, and its outcome from the courier's
// sandbox profile (return, loss and failed-attempt rates, days in transit by zone), scaled per
// pair by a stable draw so the same courier does better in some places than in others.

export interface HistoryBatch {
  orgId: number;
  /** the seller's pickup place: the lanes' origin */
  origin: { pincode: string; city: string; state: string };
  destinations: readonly string[];
  /** destinations listed here get this many times their share (busy places with pincode-level data) */
  busy?: readonly string[];
  busyWeight?: number;
  count: number;
  /** order numbers are `${prefix}${n}`; a batch with a prefix already used adds nothing */
  prefix: string;
  now: Date;
}

interface Pair {
  carrier: string;
  pincode: string;
  city: string;
  state: string;
  zone: string;
  rto: number;
  loss: number;
  ndr: number;
  days: number;
  pickupHours: number;
}

function pairsOf(b: HistoryBatch): Pair[] {
  const pairs: Pair[] = [];
  const busy = new Set(b.busy ?? []);
  for (const pincode of b.destinations) {
    const to = lookupPincode(pincode);
    if (!to) continue;
    const zone = zoneOf(b.origin, { city: to.city, state: to.state });
    for (const c of CARRIERS) {
      const lane = {
        fromPincode: b.origin.pincode,
        toPincode: pincode,
        zone,
        paymentMethod: 'PPD' as const,
        weightKg: 0.5,
      };
      if (unserviceable(c, lane)) continue;
      // how this courier does at this place against its average: 0.4× to 1.6× the trouble
      const f = 0.4 + 1.2 * pincodeDraw(c.code, pincode, 'history');
      const pair: Pair = {
        carrier: c.code,
        pincode,
        city: to.city,
        state: to.state,
        zone,
        rto: Math.min(0.6, c.behaviour.rtoRate * f),
        loss: c.behaviour.lossRate,
        ndr: Math.min(0.8, c.behaviour.ndrRate * f),
        days: c.transitDays[zone] * (0.8 + 0.4 * f),
        pickupHours: c.behaviour.pickupDelayHours,
      };
      for (let i = 0; i < (busy.has(pincode) ? (b.busyWeight ?? 1) : 1); i++) pairs.push(pair);
    }
  }
  return pairs;
}

/** Seeds the batch; answers how many orders it wrote (0 when the prefix was seeded before). */
/** Whether a batch with this prefix was seeded for the seller already (its first order is there). */
export async function hasCourierHistory(db: Db, orgId: number, prefix: string): Promise<boolean> {
  const [seen] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from orders where org_id = ${orgId} and order_number = ${`${prefix}0`} limit 1`,
  );
  return Boolean(seen);
}

export async function seedCourierHistory(db: Db, b: HistoryBatch): Promise<number> {
  if (await hasCourierHistory(db, b.orgId, b.prefix)) return 0;
  const pairs = pairsOf(b);
  if (pairs.length === 0) return 0;
  const col = <K extends keyof Pair>(k: K) => sql.param(pairs.map((p) => p[k]));
  const origin = JSON.stringify({
    addressId: 0,
    entityName: 'Warehouse',
    phone: '9876543210',
    line1: 'Warehouse',
    line2: '',
    ...b.origin,
  });
  // u: the row's draws in [0, 1), from a multiplicative hash of n (cheap, stable, no random())
  await db.execute(sql`
    with p as (
      select * from unnest(${col('carrier')}::text[], ${col('pincode')}::text[], ${col('city')}::text[],
        ${col('state')}::text[], ${col('zone')}::text[], ${col('rto')}::float8[], ${col('loss')}::float8[],
        ${col('ndr')}::float8[], ${col('days')}::float8[], ${col('pickupHours')}::float8[])
        with ordinality as p(carrier, pincode, city, state, zone, rto, loss, ndr, days, pickup_hours, i)
    ),
    r as (
      select g.n,
        1 + (g.n * 2654435761 % 4294967291) % ${pairs.length} as i,
        (g.n * 40503 % 65521)::float8 / 65521 as u_outcome,
        (g.n * 48271 % 65537)::float8 / 65537 as u_ndr,
        (g.n * 69621 % 65519)::float8 / 65519 as u_days,
        ${b.now.toISOString()}::timestamptz - ((2 + (g.n * 7919 % ${OUTCOME_WINDOW_DAYS - 20})) || ' days')::interval as booked_at
      from generate_series(0::bigint, ${b.count - 1}::bigint) as g(n)
    ),
    plan as (
      select r.n, r.booked_at, p.carrier, p.pincode, p.city, p.state, p.zone,
        case when r.u_outcome < p.rto then 'RTO_DLV' when r.u_outcome < p.rto + p.loss then 'LST' else 'DLV' end as status,
        case when r.u_outcome < p.rto then 1 + (r.n % 3)::int when r.u_ndr < p.ndr then 1 else 0 end as ndr_attempts,
        r.booked_at + (p.pickup_hours || ' hours')::interval as pickup_at,
        greatest(0.5, p.days + (r.u_days - 0.5) * 2) as transit_days
      from r join p on p.i = r.i
    ),
    made as (
      insert into orders (org_id, order_number, status, payment_method, order_date, buyer_name, buyer_phone, shipping, billing,
        subtotal_paise, total_paise, length_cm, breadth_cm, height_cm, dead_weight_kg, pickup, awb, carrier_code,
        shipment_booked_at, created_at, updated_at)
      select ${b.orgId}, ${b.prefix} || plan.n, plan.status, 'PPD', plan.booked_at::date, 'Past buyer ' || plan.n, '9000000000',
        jsonb_build_object('line1', 'House ' || plan.n, 'line2', '', 'pincode', plan.pincode, 'city', plan.city, 'state', plan.state),
        jsonb_build_object('line1', 'House ' || plan.n, 'line2', '', 'pincode', plan.pincode, 'city', plan.city, 'state', plan.state),
        59900, 59900, 20, 15, 10, 0.5, ${origin}::jsonb,
        'HX' || ${b.orgId} || 'N' || plan.n, plan.carrier, plan.booked_at, plan.booked_at, plan.booked_at
      from plan
      returning id, org_id, order_number
    )
    insert into shipments (org_id, order_id, carrier_code, awb, zone, charged_weight_kg, freight_paise, cod_charge_paise,
      gst_paise, total_paise, rto_charge_paise, quote_steps, short_code, booked_at, pickup_at, delivered_at, ndr_attempts,
      rto_stage, rto_initiated_at, rto_delivered_at, last_scan_at)
    select made.org_id, made.id, plan.carrier, 'HX' || ${b.orgId} || 'N' || plan.n, plan.zone, 0.5, 5000, 0, 900, 5900, 5000,
      '[]'::jsonb, 'hx' || ${b.orgId} || 'n' || plan.n, plan.booked_at, plan.pickup_at,
      case when plan.status = 'DLV' then plan.pickup_at + (plan.transit_days || ' days')::interval end,
      plan.ndr_attempts,
      case when plan.status = 'RTO_DLV' then 'DELIVERED' end,
      case when plan.status = 'RTO_DLV' then plan.pickup_at + (plan.transit_days || ' days')::interval end,
      case when plan.status = 'RTO_DLV' then plan.pickup_at + (2 * plan.transit_days || ' days')::interval end,
      plan.pickup_at + (plan.transit_days || ' days')::interval
    from made join plan on ${b.prefix} || plan.n = made.order_number`);
  return b.count;
}
