import { sql } from 'drizzle-orm';
import { organisations } from '../server/db/schema';
import { queryRows } from '../server/db/rows';
import { freshProductDatabase } from './lib';
import { DASHBOARD_QUERIES, runDashboardQueries } from './dashboard-queries';
import { liveShipments, spanOf, topProductsQuery } from '../server/modules/dashboard/service';

// `node --import tsx bench/dashboard-explain.ts`: one seller with 300,000 forward orders (and
// 300,000 more for 29 others) on PostgreSQL, a shipment and an item for most of them; prints each
// dashboard query's plan for the 30 days and its times over a few runs (p95), per period.

const BIG = 300_000;
const TOTAL = Number(process.env.DASHBOARD_TOTAL ?? 600_000);
const NOW = new Date('2026-11-20T12:00:00+05:30');
const STATES = ['Karnataka', 'Maharashtra', 'Tamil Nadu', 'Delhi', 'Gujarat', 'West Bengal', 'Rajasthan'];
const CITIES = ['Bengaluru', 'Pune', 'Chennai', 'New Delhi', 'Ahmedabad', 'Kolkata', 'Jaipur'];

const db0 = await freshProductDatabase();
const db = db0.deps.db;
try {
  const orgs = await db
    .insert(organisations)
    .values(Array.from({ length: 30 }, (_, i) => ({ companyName: `Dashboard Seller ${i + 1}` })))
    .returning({ id: organisations.id });
  const big = orgs[0].id;
  const others = orgs.slice(1).map((o) => o.id);
  console.time('seed');
  await db.execute(sql`
    insert into orders (org_id, order_number, status, channel, payment_method, order_date, buyer_name, buyer_phone,
      shipping, billing, subtotal_paise, total_paise, cod_amount_paise, length_cm, breadth_cm, height_cm, dead_weight_kg,
      pickup, created_at, updated_at)
    select case when n < ${BIG} then ${big}::int else (${sql.param(others)}::int[])[1 + (n % ${others.length})] end,
      'D-' || n,
      (array['RTS','PKP_SCH','INT','NDR','DLV','DLV','DLV','DLV','RTO_DLV','CAN'])[1 + n % 10],
      (array['DAKIYA','SHOPIFY','AMAZON','FLIPKART','WOOCOMMERCE','API'])[1 + n % 6],
      case when n % 3 = 0 then 'COD' else 'PPD' end,
      date '2026-11-20' - (n % 365), 'Buyer ' || n, (9000000000 + n)::text,
      jsonb_build_object('line1', 'House', 'line2', '', 'pincode', '560038',
        'city', (${sql.param(CITIES)}::text[])[1 + n % 7], 'state', (${sql.param(STATES)}::text[])[1 + n % 7]),
      '{}'::jsonb, 90000, 90000, case when n % 3 = 0 then 90000 else 0 end, 20, 15, 10, 0.5, '{}'::jsonb,
      timestamptz '2026-11-20 12:00+05:30' - ((n % ${BIG}) * interval '105 seconds'),
      timestamptz '2026-11-20 12:00+05:30'
    from generate_series(0, ${TOTAL - 1}) n`);
  await db.execute(sql`
    insert into order_items (order_id, name, sku, quantity, unit_price_paise, tax_rate_percent)
    select id, 'Product ' || (id % 40), 'SKU-' || (id % 40), 1 + id % 3, 30000, 12 from orders`);
  await db.execute(sql`
    insert into shipments (org_id, order_id, carrier_code, awb, zone, charged_weight_kg, freight_paise, cod_charge_paise,
      gst_paise, total_paise, rto_charge_paise, quote_steps, short_code, booked_at, delivered_at, ndr_attempts, rto_initiated_at)
    select org_id, id, (array['DE','XB','EK','SF','UB'])[1 + id % 5], 'DA' || id, (array['A','B','C','D','E'])[1 + id % 5],
      0.5, 6000, 0, 1080, 7080, 6000, '[]'::jsonb, 'dc' || id, created_at + interval '2 hours',
      case when status = 'DLV' then created_at + interval '3 days' end, case when status = 'NDR' then 1 else 0 end,
      case when status = 'RTO_DLV' then created_at + interval '4 days' end
    from orders where status not in ('RTS', 'CAN')`);
  await db.execute(sql`vacuum analyze`);
  console.timeEnd('seed');

  const span = spanOf({ period: '30d' }, NOW);
  const plans = {
    summary: sql`select count(*) from (${liveShipments(big, span)}) s`,
    orders: sql`select count(*) from orders o where o.org_id = ${big} and o.order_type = 'FORWARD'
      and o.created_at >= ${span.from} and o.created_at < ${span.to}`,
    products: topProductsQuery(big, span),
  };
  for (const [name, q] of Object.entries(plans)) {
    const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers off) ${q}`);
    console.log(`\n## ${name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  for (const period of ['today', '7d', '30d', 'month'] as const) {
    const runs: Record<string, number[]> = {};
    for (let i = 0; i < 12; i++) {
      const ms = await runDashboardQueries(db, big, { period }, NOW);
      for (const k of DASHBOARD_QUERIES) (runs[k] ??= []).push(ms[k]);
    }
    const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
    console.log(period, Object.fromEntries(DASHBOARD_QUERIES.map((k) => [k, Math.round(p95(runs[k].slice(2)))])));
  }
} finally {
  await db0.drop();
}
