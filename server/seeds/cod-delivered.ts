import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { sellerPickupCopy } from './seller-pickup-copy';

// Delivered COD shipments written straight into the books, many in two statements: for the demo
// (a seller's COD page with data at once), the COD remittance tests and the cycle's benchmark.
// They stand for parcels the couriers delivered and collected cash on: the order is delivered (DLV),
// its shipment booked with a delivery time, and the order placed when it was booked (so a demo
// seller's newest orders stay the ones of today). Each order ships from the seller's pickup address.

export interface DeliveredCodBatch {
  orgIds: readonly number[];
  perOrg: number;
  /** order numbers and AWBs start with it: unique per batch */
  prefix: string;
  deliveredAt: Date;
  carrierCode: string;
  /** the COD amount of the n-th shipment (1-based) of a seller, in paise */
  amountPaise?: { base: number; step: number; spread: number };
  /** orders of a status other than DLV (an RTO, a cancellation) for tests of what is never remitted */
  status?: string;
}

export async function insertDeliveredCod(db: Db, b: DeliveredCodBatch): Promise<{ awbs: string[] }> {
  const a = b.amountPaise ?? { base: 49_900, step: 13_700, spread: 200_000 };
  const status = b.status ?? 'DLV';
  const address =
    '{"line1":"12, 4th Cross, Indiranagar","line2":"","pincode":"560038","city":"Bengaluru","state":"Karnataka"}';
  await db.execute(sql`
    insert into orders (org_id, order_number, status, channel, payment_method, order_date, buyer_name, buyer_phone,
      shipping, billing, subtotal_paise, total_paise, cod_amount_paise, length_cm, breadth_cm, height_cm, dead_weight_kg,
      pickup, awb, carrier_code, shipment_booked_at, created_at)
    select org, ${b.prefix} || '-' || org || '-' || n, ${status}, 'DAKIYA', 'COD', (${b.deliveredAt}::timestamptz - interval '3 days')::date,
      (array['Ritika Sen', 'Farhan Ali', 'Deepa Menon', 'Gurpreet Kaur', 'Sandeep Yadav', 'Ananya Bose', 'Vikram Rathore',
        'Lakshmi Iyer'])[1 + n % 8], (9000000000 + n)::text, ${address}::jsonb, ${address}::jsonb,
      ${a.base}::bigint + (n * ${a.step}::bigint) % ${a.spread}::bigint, ${a.base}::bigint + (n * ${a.step}::bigint) % ${a.spread}::bigint,
      ${a.base}::bigint + (n * ${a.step}::bigint) % ${a.spread}::bigint,
      20, 15, 10, 0.5, ${sellerPickupCopy(sql`org`)}, ${b.prefix} || org || 'N' || n, ${b.carrierCode}, ${b.deliveredAt}::timestamptz - interval '3 days',
      ${b.deliveredAt}::timestamptz - interval '3 days'
    from unnest(${sql.param([...b.orgIds])}::int[]) as org cross join generate_series(1, ${b.perOrg}::int) as n`);
  const rows = await queryRows<{ awb: string }>(
    db,
    sql`insert into shipments (org_id, order_id, carrier_code, awb, zone, charged_weight_kg, freight_paise, cod_charge_paise,
          gst_paise, total_paise, rto_charge_paise, quote_steps, short_code, booked_at, delivered_at, pickup_at)
        select o.org_id, o.id, o.carrier_code, o.awb, 'D', 0.5, 6000, 3600, 1728, 11328, 6000, '[]'::jsonb, 'c' || o.id,
          o.shipment_booked_at, ${b.deliveredAt}::timestamptz, o.shipment_booked_at + interval '1 day'
        from orders o
        where o.org_id = any(${sql.param([...b.orgIds])}::int[]) and o.order_number like ${`${b.prefix}-%`}
        returning awb`,
  );
  return { awbs: rows.map((r) => r.awb) };
}
