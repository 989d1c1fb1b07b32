import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { organisations } from '../server/db/schema';

// 1,000,000 orders across 50 sellers (one holding 300,000), written by set-based SQL: the orders
// list and reports benchmarks share them. Orders are placed over the year to 20 Nov 2026.

export const SELLERS = 50;
export const TOTAL = 1_000_000;
export const BIG = 300_000;
const STATUSES = ['RTS', 'PKP_SCH', 'PKD', 'INT', 'OFD', 'NDR', 'DLV', 'RTO_INT', 'RTO_DLV', 'CAN'];
const CHANNELS = ['DAKIYA', 'SHOPIFY', 'AMAZON', 'FLIPKART', 'WOOCOMMERCE', 'API'];
const CARRIERS = ['DE', 'XB', 'EK', 'SF', 'UB'];

/** The orders; answers the big seller's organisation id. */
export async function seedOrders(db: Db): Promise<number> {
  const orgs = await db
    .insert(organisations)
    .values(Array.from({ length: SELLERS }, (_, i) => ({ companyName: `Bench Seller ${i + 1}` })))
    .returning({ id: organisations.id });
  const big = orgs[0].id;
  const others = orgs.slice(1).map((o) => o.id);
  // row n belongs to the big seller for n < 300,000, else to one of the other 49
  await db.execute(sql`
    insert into orders (org_id, order_number, status, archived, channel, payment_method, fulfilment, order_date, buyer_name, buyer_phone, buyer_email,
      shipping, billing, subtotal_paise, total_paise, cod_amount_paise, length_cm, breadth_cm, height_cm, dead_weight_kg, pickup,
      awb, carrier_code, shipment_booked_at, in_transit_status, rto_at, created_at, updated_at)
    select
      case when n < ${BIG} then ${big}::int else (${sql.param(others)}::int[])[1 + (n % ${others.length})] end,
      'ORD-' || lpad(n::text, 7, '0'),
      (${sql.param(STATUSES)}::text[])[1 + (n % ${STATUSES.length})],
      n % 50 = 0,
      (${sql.param(CHANNELS)}::text[])[1 + (n % ${CHANNELS.length})],
      case when n % 3 = 0 then 'COD' else 'PPD' end,
      case when n % 7 = 0 then 'EASY' else 'SELF' end,
      date '2026-11-20' - (n % 365),
      (array['Aarav','Vivaan','Aditya','Diya','Ananya','Ishaan','Kavya','Rohan','Meera','Arjun'])[1 + (n % 10)] || ' ' || (array['Sharma','Iyer','Reddy','Gupta','Khan','Singh','Nair','Das'])[1 + (n / 10 % 8)] || ' ' || n,
      (9000000000 + n)::text,
      '',
      jsonb_build_object('line1', 'House ' || n, 'line2', '', 'pincode', '560038', 'city', 'Bengaluru', 'state', 'Karnataka'),
      jsonb_build_object('line1', 'House ' || n, 'line2', '', 'pincode', '560038', 'city', 'Bengaluru', 'state', 'Karnataka'),
      50000 + n % 100000, 50000 + n % 100000, case when n % 3 = 0 then 50000 + n % 100000 else 0 end,
      20, 15, 10, 0.5,
      jsonb_build_object('addressId', 1, 'entityName', 'Bench pickup', 'phone', '9876543210', 'line1', 'Plot 1', 'line2', '', 'pincode', '560058', 'city', 'Bengaluru', 'state', 'Karnataka'),
      case when n % 10 = 0 then null else 'AWB' || lpad(n::text, 10, '0') end,
      case when n % 10 = 0 then null else (${sql.param(CARRIERS)}::text[])[1 + (n % ${CARRIERS.length})] end,
      case when n % 10 = 0 then null else timestamptz '2026-11-20 10:00+05:30' - ((n % 300) || ' days')::interval end,
      case when n % 4 = 0 then 'REACHED_HUB' else null end,
      case when n % 17 = 0 then timestamptz '2026-11-20 10:00+05:30' - ((n % 200) || ' days')::interval else null end,
      timestamptz '2026-11-20 12:00+05:30' - (n || ' minutes')::interval,
      timestamptz '2026-11-20 12:00+05:30' - (n || ' minutes')::interval
    from generate_series(0, ${TOTAL - 1}) as n`);
  // as a live table would be: vacuumed (visibility map for index-only scans) and analysed
  await db.execute(sql`vacuum analyze orders`);
  return big;
}
