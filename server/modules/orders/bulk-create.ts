import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { customers, orderEvents, orderItems, orders, organisations, products } from '../../db/schema';
import type { Executor, Tx } from '../../db/client';
import { numberTaken } from './service';
import { openVerifications } from '../cod-verification/open';
import { scoreNewOrders } from '../risk/score-orders';
import { recordOrderModes, type ChosenMode } from '../payment-modes/order-mode';
import {
  orderRowBody,
  orderRowsSource,
  riskFactsOfOrder,
  type OrderRowBody,
  type ResolvedOrderInput,
} from './order-row';
import { paiseOf } from '../../../src/domain/money';

// Many new orders in one go (a CSV upload's chunk): a few set-based statements for the whole
// batch instead of a dozen round trips per order. The caller has resolved every lookup
// (pincodes, pickup address, package) already; numbers are checked and generated here.

export interface ResolvedOrder extends ResolvedOrderInput {
  /** the seller's payment mode the row named, checked while reading */
  mode: ChosenMode | null;
}

/** Who a batch's orders are for: the seller and the upload (its batch). */
export interface BatchOwner {
  orgId: number;
  uploadBatchId: number | null;
}

export interface BatchContext extends BatchOwner {
  accountId: number;
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
  /** COD verifications opened for the batch (their buyers are messaged after commit) */
  verifications: number[];
}

/** What the batch insert answers for each new order. */
type Inserted = { id: number; n: string; cod: boolean };

const lowerNumbers = async (tx: Tx, orgId: number, numbers: string[]) =>
  new Set(
    numbers.length === 0
      ? []
      : (
          await queryRows<{ n: string }>(
            tx,
            sql`select lower(order_number) as n from ${orders} where org_id = ${orgId} and lower(order_number) = any(${sql.param(numbers.map((n) => n.toLowerCase()))}::text[])`,
          )
        ).map((r) => r.n),
  );

/**
 * `count` fresh ORD-000123 numbers from the seller's sequence, skipping any typed in this batch
 * and, when `check` is set, any the seller already has (typed by hand earlier).
 */
async function generateNumbers(
  tx: Tx,
  orgId: number,
  count: number,
  typed: Set<string>,
  check: boolean,
): Promise<string[]> {
  const out: string[] = [];
  while (out.length < count) {
    const need = count - out.length;
    const [{ seq }] = await queryRows<{ seq: number }>(
      tx,
      sql`update ${organisations} set order_seq = order_seq + ${need} where id = ${orgId} returning order_seq as seq`,
    );
    const candidates = Array.from({ length: need }, (_, i) => `ORD-${String(seq - need + 1 + i).padStart(6, '0')}`);
    const taken = check ? await lowerNumbers(tx, orgId, candidates) : new Set<string>();
    out.push(...candidates.filter((c) => !taken.has(c.toLowerCase()) && !typed.has(c.toLowerCase())));
  }
  return out;
}

/**
 * A batch made ready outside its transaction: each order's RTO score (read without locks, as a
 * transaction under READ COMMITTED would read it) and its row's body as JSON, so the transaction
 * itself spends no time building them.
 */
export interface PreparedBatch {
  orders: ResolvedOrder[];
  /** the body's fields, the same for every order (orderRowBody sets each always) */
  keys: (keyof OrderRowBody)[];
  bodies: string[];
}

export async function prepareOrderBatch(
  db: Executor,
  owner: BatchOwner,
  list: ResolvedOrder[],
): Promise<PreparedBatch> {
  const risks = await scoreNewOrders(db, owner.orgId, list.map(riskFactsOfOrder));
  const rows = list.map((o, i) =>
    orderRowBody({
      orgId: owner.orgId,
      input: o.input,
      shipping: o.shipping,
      billing: o.billing,
      pickup: o.pickup,
      packageTypeId: o.packageTypeId,
      lengthCm: o.lengthCm,
      breadthCm: o.breadthCm,
      heightCm: o.heightCm,
      mode: o.mode?.columns ?? null,
      uploadBatchId: owner.uploadBatchId,
      clonedFromId: null,
      channelStoreId: null,
      channelOrderId: null,
      risk: risks[i],
    }),
  );
  return {
    orders: list,
    keys: rows.length ? (Object.keys(rows[0]) as (keyof OrderRowBody)[]) : [],
    bodies: rows.map((r) => JSON.stringify(r)),
  };
}

/**
 * Orders (the same rows createOrder writes, orderRowBody), their lines and their CREATED events
 * in one statement (data-modifying CTEs); answers each order's id by its lowered number and
 * whether it is COD, so nothing written is read back. `at`: the batch's positions to insert.
 */
function insertStatement(ctx: BatchContext, prepared: PreparedBatch, at: number[], numbers: string[]) {
  const source = orderRowsSource(
    prepared.keys,
    at.map((a) => prepared.bodies[a]),
    numbers,
    ctx.now,
  );
  let x = 0;
  const lines = at.flatMap((a, i) =>
    prepared.orders[a].input.items.map((item) => ({
      x: x++,
      k: numbers[i].toLowerCase(),
      p: item.productId,
      n: item.name,
      s: item.sku,
      q: item.quantity,
      u: paiseOf(item.unitPrice),
      t: item.taxRatePercent,
      h: item.hsnCode,
    })),
  );
  return sql`with o as (insert into ${orders} (${source.columns}) ${source.select}
    returning id, lower(order_number) as n, payment_method = 'COD' as cod),
  i as (insert into ${orderItems} (order_id, product_id, name, sku, quantity, unit_price_paise, tax_rate_percent, hsn_code)
    select o.id, l.p, l.n, l.s, l.q, l.u, l.t, l.h from json_to_recordset(${JSON.stringify(lines)}::json) as l(k text, p int, n text, s text, q int, u bigint, t numeric, h text, x int)
      join o on o.n = l.k order by l.x),
  e as (insert into ${orderEvents} (order_id, kind, to_status, note, account_id, at) select id, 'CREATED', 'RTS', ${ctx.note}, ${ctx.accountId}, ${ctx.now} from o)
  select id, n, cod from o`;
}

/** One customer per buyer phone: created, or refreshed with the newest order's details and counted. */
async function upsertBuyers(tx: Tx, ctx: BatchContext, list: ResolvedOrder[]) {
  // one row per phone (ON CONFLICT cannot touch a row twice in one statement): the last order's
  // details, and how many orders the batch adds
  const buyers = new Map<string, { o: ResolvedOrder; n: number }>();
  for (const o of list) buyers.set(o.input.buyerPhone, { o, n: (buyers.get(o.input.buyerPhone)?.n ?? 0) + 1 });
  const rows = [...buyers.values()].map(({ o, n }) => ({
    e: o.input.buyerName,
    p: o.input.buyerPhone,
    m: o.input.buyerEmail,
    a: o.shipping.line1,
    b: o.shipping.line2,
    z: o.shipping.pincode,
    c: o.shipping.city,
    s: o.shipping.state,
    h: o.input.channel,
    n,
  }));
  await tx.execute(sql`insert into ${customers} as c (org_id, entity_name, phone, email, address_line1, address_line2, pincode, city, state, channel, orders_count, last_order_at)
    select ${ctx.orgId}, u.*, ${ctx.now}::timestamptz from json_to_recordset(${JSON.stringify(rows)}::json)
      as u(e text, p text, m text, a text, b text, z text, c text, s text, h text, n int)
    on conflict (org_id, phone) do update set entity_name = excluded.entity_name, email = coalesce(nullif(excluded.email, ''), c.email),
      address_line1 = excluded.address_line1, address_line2 = excluded.address_line2, pincode = excluded.pincode, city = excluded.city,
      state = excluded.state, channel = excluded.channel, orders_count = c.orders_count + excluded.orders_count,
      last_order_at = greatest(c.last_order_at, excluded.last_order_at), updated_at = excluded.last_order_at`);
}

/** Stock of catalogue products goes down by what the batch ordered (never below zero). */
async function takeStock(tx: Tx, ctx: BatchContext, list: ResolvedOrder[]): Promise<number[]> {
  const qty = new Map<number, number>();
  for (const o of list)
    for (const i of o.input.items)
      if (i.productId !== null) qty.set(i.productId, (qty.get(i.productId) ?? 0) + i.quantity);
  if (qty.size === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update ${products} p set available_inventory = greatest(0, p.available_inventory - d.q), updated_at = ${ctx.now}
      from unnest(${sql.param([...qty.keys()])}::int[], ${sql.param([...qty.values()])}::int[]) as d(id, q)
      where p.id = d.id and p.org_id = ${ctx.orgId} and p.inventory_managed returning p.id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Inserts the batch. The first attempt trusts the numbers (a taken one is rare: the file's own
 * repeats are sorted out before, and a unique index guards the rest); when the insert hits a
 * taken number, the savepoint rolls back and the next attempt looks each number up, refusing
 * typed numbers the seller already has and skipping generated ones typed earlier.
 */
export async function insertOrderBatch(tx: Tx, ctx: BatchContext, prepared: PreparedBatch): Promise<BatchResult> {
  const refused: BatchResult['refused'] = [];
  let pending = prepared.orders.map((o, at) => ({ o, at }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    const check = attempt > 0;
    if (check) {
      const taken = await lowerNumbers(tx, ctx.orgId, pending.map((p) => p.o.input.orderNumber).filter(Boolean));
      const isTaken = (p: (typeof pending)[number]) =>
        p.o.input.orderNumber !== '' && taken.has(p.o.input.orderNumber.toLowerCase());
      for (const p of pending)
        if (isTaken(p)) refused.push({ at: p.at, column: 'orderNumber', reason: numberTaken(p.o.input.orderNumber) });
      pending = pending.filter((p) => !isTaken(p));
      if (pending.length === 0) break;
    }
    const typed = new Set(pending.map((p) => p.o.input.orderNumber.toLowerCase()).filter(Boolean));
    const generated = await generateNumbers(
      tx,
      ctx.orgId,
      pending.filter((p) => !p.o.input.orderNumber).length,
      typed,
      check,
    );
    const numbers = pending.map((p) => p.o.input.orderNumber || generated.shift()!);
    const batch = pending.map((p) => p.o);
    try {
      const inserted = await tx.transaction(async (sp) => {
        const st = insertStatement(
          ctx,
          prepared,
          pending.map((p) => p.at),
          numbers,
        );
        const rows = await queryRows<Inserted>(sp, st);
        await upsertBuyers(sp, ctx, batch);
        return rows;
      });
      const idOf = new Map(inserted.map((r) => [r.n, r.id]));
      const productIds = await takeStock(tx, ctx, batch);
      await recordBatchModes(tx, ctx.orgId, batch, numbers, idOf);
      const codIds = inserted.filter((r) => r.cod).map((r) => r.id);
      const verifications = await openVerifications(tx, ctx.orgId, codIds, ctx.now);
      return { created: pending.map((p) => p.at), refused, productIds, verifications };
    } catch (e) {
      // a number is taken: look every number up (bounded; past the first look it is a race)
      if (!isUniqueViolation(e) || attempt >= 3) throw e;
    }
  }
  return { created: [], refused, productIds: [], verifications: [] };
}

/** Each new order's copy of the payment mode its row named (idOf: new order ids by lowered number). */
async function recordBatchModes(
  tx: Tx,
  orgId: number,
  batch: ResolvedOrder[],
  numbers: string[],
  idOf: Map<string, number>,
) {
  const withMode = batch.flatMap((o, i) => (o.mode ? [{ mode: o.mode, number: numbers[i].toLowerCase() }] : []));
  if (!withMode.length) return;
  await recordOrderModes(
    tx,
    orgId,
    withMode.map((m) => ({
      orderId: idOf.get(m.number)!,
      mode: m.mode.mode,
      advancePaise: m.mode.columns.advancePaise,
    })),
  );
}
