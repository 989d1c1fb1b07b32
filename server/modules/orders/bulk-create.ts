import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { customers, orderEvents, orderItems, orders, organisations, products, type AddressCopy, type PickupCopy } from '../../db/schema';
import type { Db } from '../../db/client';
import { orderTotalPaise, type OrderInput } from '../../../src/domain/schemas/order';
import { numberTaken } from './service';

// Many new orders in one go (a CSV upload's chunk): a few set-based statements for the whole
// batch instead of a dozen round trips per order. The caller has resolved every lookup
// (pincodes, pickup address, package) already; numbers are checked and generated here.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ResolvedOrder {
  input: OrderInput;
  shipping: AddressCopy;
  billing: AddressCopy;
  pickup: PickupCopy;
  packageTypeId: number | null;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface BatchContext {
  orgId: number;
  accountId: number;
  uploadBatchId: number | null;
  /** history note of each new order, e.g. "Uploaded from orders.csv" */
  note: string;
  now: Date;
}

export interface BatchResult {
  /** positions of the orders that went in */
  created: number[];
  refused: { at: number; column: string; reason: string }[];
  /** catalogue products whose stock went down (for stock alerts after commit) */
  productIds: number[];
}

const lowerNumbers = async (tx: Tx, orgId: number, numbers: string[]) =>
  new Set(
    numbers.length === 0
      ? []
      : (await queryRows<{ n: string }>(tx, sql`select lower(order_number) as n from ${orders} where org_id = ${orgId} and lower(order_number) = any(${sql.param(numbers.map((n) => n.toLowerCase()))}::text[])`)).map((r) => r.n),
  );

/** `count` fresh ORD-000123 numbers from the seller's sequence, skipping any typed by hand. */
async function generateNumbers(tx: Tx, orgId: number, count: number, typed: Set<string>): Promise<string[]> {
  const out: string[] = [];
  while (out.length < count) {
    const need = count - out.length;
    const [{ seq }] = await queryRows<{ seq: number }>(tx, sql`update ${organisations} set order_seq = order_seq + ${need} where id = ${orgId} returning order_seq as seq`);
    const candidates = Array.from({ length: need }, (_, i) => `ORD-${String(seq - need + 1 + i).padStart(6, '0')}`);
    const taken = await lowerNumbers(tx, orgId, candidates);
    out.push(...candidates.filter((c) => !taken.has(c.toLowerCase()) && !typed.has(c.toLowerCase())));
  }
  return out;
}

function insertStatement(ctx: BatchContext, list: ResolvedOrder[], numbers: string[]) {
  const col = <T>(f: (o: ResolvedOrder, i: number) => T) => sql.param(list.map(f));
  const paise = (rupees: number) => Math.round(rupees * 100);
  return sql`insert into ${orders} (org_id, order_number, status, channel, payment_method, fulfilment, order_date, buyer_name, buyer_phone, buyer_email,
      shipping, billing, subtotal_paise, discount_paise, shipping_charges_paise, total_paise, cod_amount_paise, package_type_id,
      length_cm, breadth_cm, height_cm, dead_weight_kg, pickup, upload_batch_id, created_at, updated_at)
    select ${ctx.orgId}, u.order_number, 'RTS', u.channel, u.payment_method, u.fulfilment, u.order_date, u.buyer_name, u.buyer_phone, u.buyer_email,
      u.shipping::jsonb, u.billing::jsonb, u.subtotal, u.discount, u.shipping_charges, u.total, u.cod, u.package_type_id,
      u.length_cm, u.breadth_cm, u.height_cm, u.dead_weight_kg, u.pickup::jsonb, ${ctx.uploadBatchId}, ${ctx.now}, ${ctx.now}
    from unnest(${col((_, i) => numbers[i])}::text[], ${col((o) => o.input.channel)}::text[], ${col((o) => o.input.paymentMethod)}::text[],
      ${col((o) => o.input.fulfilment)}::text[], ${col((o) => o.input.orderDate)}::date[], ${col((o) => o.input.buyerName)}::text[],
      ${col((o) => o.input.buyerPhone)}::text[], ${col((o) => o.input.buyerEmail)}::text[], ${col((o) => JSON.stringify(o.shipping))}::text[],
      ${col((o) => JSON.stringify(o.billing))}::text[], ${col((o) => o.input.items.reduce((s, i) => s + i.quantity * paise(i.unitPrice), 0))}::bigint[],
      ${col((o) => paise(o.input.discount))}::bigint[], ${col((o) => paise(o.input.shippingCharges))}::bigint[], ${col((o) => orderTotalPaise(o.input))}::bigint[],
      ${col((o) => (o.input.paymentMethod === 'COD' ? orderTotalPaise(o.input) : 0))}::bigint[], ${col((o) => o.packageTypeId)}::int[],
      ${col((o) => o.lengthCm)}::numeric[], ${col((o) => o.breadthCm)}::numeric[], ${col((o) => o.heightCm)}::numeric[],
      ${col((o) => o.input.deadWeightKg)}::numeric[], ${col((o) => JSON.stringify(o.pickup))}::text[])
      as u(order_number, channel, payment_method, fulfilment, order_date, buyer_name, buyer_phone, buyer_email, shipping, billing, subtotal,
        discount, shipping_charges, total, cod, package_type_id, length_cm, breadth_cm, height_cm, dead_weight_kg, pickup)
    returning id, lower(order_number) as n`;
}

/** Items, history and buyers of orders just inserted; `ids[i]` belongs to `list[i]`. */
async function insertDependents(tx: Tx, ctx: BatchContext, list: ResolvedOrder[], ids: number[]) {
  const lines = list.flatMap((o, i) => o.input.items.map((item) => ({ orderId: ids[i], item })));
  const line = <T>(f: (l: (typeof lines)[number]) => T) => sql.param(lines.map(f));
  await tx.execute(sql`insert into ${orderItems} (order_id, product_id, name, sku, quantity, unit_price_paise, tax_rate_percent, hsn_code)
    select * from unnest(${line((l) => l.orderId)}::int[], ${line((l) => l.item.productId)}::int[], ${line((l) => l.item.name)}::text[],
      ${line((l) => l.item.sku)}::text[], ${line((l) => l.item.quantity)}::int[], ${line((l) => Math.round(l.item.unitPrice * 100))}::bigint[],
      ${line((l) => l.item.taxRatePercent)}::numeric[], ${line((l) => l.item.hsnCode)}::text[])`);
  await tx.execute(sql`insert into ${orderEvents} (order_id, kind, to_status, note, account_id, at)
    select id, 'CREATED', 'RTS', ${ctx.note}, ${ctx.accountId}, ${ctx.now} from unnest(${sql.param(ids)}::int[]) as u(id)`);

  // one row per buyer phone (ON CONFLICT cannot touch a row twice in one statement): the last
  // order's details, and how many orders the batch adds
  const buyers = new Map<string, { o: ResolvedOrder; n: number }>();
  for (const o of list) buyers.set(o.input.buyerPhone, { o, n: (buyers.get(o.input.buyerPhone)?.n ?? 0) + 1 });
  const b = [...buyers.values()];
  const bcol = <T>(f: (x: (typeof b)[number]) => T) => sql.param(b.map(f));
  await tx.execute(sql`insert into ${customers} (org_id, entity_name, phone, email, address_line1, address_line2, pincode, city, state, channel, orders_count, last_order_at)
    select ${ctx.orgId}, u.*, ${ctx.now}::timestamptz from unnest(${bcol((x) => x.o.input.buyerName)}::text[], ${bcol((x) => x.o.input.buyerPhone)}::text[],
      ${bcol((x) => x.o.input.buyerEmail)}::text[], ${bcol((x) => x.o.shipping.line1)}::text[], ${bcol((x) => x.o.shipping.line2)}::text[],
      ${bcol((x) => x.o.shipping.pincode)}::text[], ${bcol((x) => x.o.shipping.city)}::text[], ${bcol((x) => x.o.shipping.state)}::text[],
      ${bcol((x) => x.o.input.channel)}::text[], ${bcol((x) => x.n)}::int[]) as u
    on conflict (org_id, phone) do update set entity_name = excluded.entity_name,
      email = coalesce(nullif(excluded.email, ''), ${customers}.email), address_line1 = excluded.address_line1, address_line2 = excluded.address_line2,
      pincode = excluded.pincode, city = excluded.city, state = excluded.state, channel = excluded.channel,
      orders_count = ${customers}.orders_count + excluded.orders_count,
      last_order_at = greatest(${customers}.last_order_at, excluded.last_order_at), updated_at = excluded.last_order_at`);
}

/** Stock of catalogue products goes down by what the batch ordered (never below zero). */
async function takeStock(tx: Tx, ctx: BatchContext, list: ResolvedOrder[]): Promise<number[]> {
  const qty = new Map<number, number>();
  for (const o of list) for (const i of o.input.items) if (i.productId !== null) qty.set(i.productId, (qty.get(i.productId) ?? 0) + i.quantity);
  if (qty.size === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update ${products} p set available_inventory = greatest(0, p.available_inventory - d.q), updated_at = ${ctx.now}
      from unnest(${sql.param([...qty.keys()])}::int[], ${sql.param([...qty.values()])}::int[]) as d(id, q)
      where p.id = d.id and p.org_id = ${ctx.orgId} and p.inventory_managed returning p.id`,
  );
  return rows.map((r) => r.id);
}

export async function insertOrderBatch(tx: Tx, ctx: BatchContext, list: ResolvedOrder[]): Promise<BatchResult> {
  const refused: BatchResult['refused'] = [];
  let pending = list.map((o, at) => ({ o, at }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    // typed numbers the seller has already used are refused; blank ones get the next in sequence
    const taken = await lowerNumbers(tx, ctx.orgId, pending.map((p) => p.o.input.orderNumber).filter(Boolean));
    for (const p of pending) if (p.o.input.orderNumber && taken.has(p.o.input.orderNumber.toLowerCase())) refused.push({ at: p.at, column: 'orderNumber', reason: numberTaken(p.o.input.orderNumber) });
    pending = pending.filter((p) => !(p.o.input.orderNumber && taken.has(p.o.input.orderNumber.toLowerCase())));
    if (pending.length === 0) break;
    const typed = new Set(pending.map((p) => p.o.input.orderNumber.toLowerCase()).filter(Boolean));
    const generated = await generateNumbers(tx, ctx.orgId, pending.filter((p) => !p.o.input.orderNumber).length, typed);
    const numbers = pending.map((p) => p.o.input.orderNumber || generated.shift()!);
    const batch = pending.map((p) => p.o);
    try {
      await tx.transaction(async (sp) => {
        const rows = await queryRows<{ id: number; n: string }>(sp, insertStatement(ctx, batch, numbers));
        const idOf = new Map(rows.map((r) => [r.n, r.id]));
        const ids = numbers.map((n) => idOf.get(n.toLowerCase())!);
        await insertDependents(sp, ctx, batch, ids);
      });
      const productIds = await takeStock(tx, ctx, batch);
      return { created: pending.map((p) => p.at), refused, productIds };
    } catch (e) {
      // another writer took one of the numbers meanwhile: look again (bounded; it is a race)
      if (!isUniqueViolation(e) || attempt >= 3) throw e;
    }
  }
  return { created: [], refused, productIds: [] };
}
