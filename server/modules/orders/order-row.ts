import { getTableColumns, sql } from 'drizzle-orm';
import { orders, type AddressCopy, type PickupCopy } from '../../db/schema';
import { orderTotalPaise, type OrderInput } from '../../../src/domain/schemas/order';
import { paiseOf } from '../../../src/domain/money';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import type { OrderModeColumns } from '../payment-modes/order-mode';
import type { NewOrderFacts } from '../risk/order-facts';
import type { RiskScore } from '../../../src/domain/risk/model';

// A new forward order's row, made in one place: the form's and the API's order (one insert) and
// an upload's chunk (one statement for many) write the same columns with the same defaults.

export type OrderRow = typeof orders.$inferInsert;

/** An order's input with everything it refers to resolved (addresses placed, pickup copied, package read). */
export interface ResolvedOrderInput {
  input: OrderInput;
  shipping: AddressCopy;
  billing: AddressCopy;
  pickup: PickupCopy;
  packageTypeId: number | null;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** A resolved order with what makes it the seller's own row: its batch, clone, channel and score. */
export interface NewOrderBody extends ResolvedOrderInput {
  orgId: number;
  /** the seller's payment mode's columns, when the order names one */
  mode: OrderModeColumns | null;
  uploadBatchId: number | null;
  clonedFromId: number | null;
  /** a sales channel's order: its store and id there */
  channelStoreId: number | null;
  channelOrderId: string | null;
  /** its RTO risk, scored before the insert (server/modules/risk/score-orders.ts) */
  risk: RiskScore | null;
}

/** A new order: its body with its number and the time it is made. */
export interface NewOrder extends NewOrderBody {
  orderNumber: string;
  now: Date;
}

/** What the RTO risk score reads of a resolved order that is not yet inserted. */
export const riskFactsOfOrder = (o: Pick<ResolvedOrderInput, 'input' | 'shipping'>): NewOrderFacts => ({
  paymentMethod: o.input.paymentMethod,
  totalPaise: orderTotalPaise(o.input),
  address: [o.shipping.line1, o.shipping.line2].filter(Boolean).join(', '),
  pincode: o.shipping.pincode,
  buyerPhone: o.input.buyerPhone,
});

/** The amounts an order's lines, discount and shipping charges make, in paise (a new order's, or an edit's). */
export function orderAmounts(input: Pick<OrderInput, 'items' | 'discount' | 'shippingCharges'>) {
  return {
    subtotalPaise: input.items.reduce((s, i) => s + i.quantity * paiseOf(i.unitPrice), 0),
    discountPaise: paiseOf(input.discount),
    shippingChargesPaise: paiseOf(input.shippingCharges),
  };
}

/** Every column a new order sets but its number and times; each of them always (so many rows share one column list). */
export type OrderRowBody = Omit<OrderRow, 'orderNumber' | 'createdAt' | 'updatedAt'>;

export function orderRowBody(n: NewOrderBody): OrderRowBody {
  const { input } = n;
  const total = orderTotalPaise(input);
  return {
    orgId: n.orgId,
    orderType: ORDER_TYPE.FORWARD,
    status: 'RTS',
    channel: input.channel,
    paymentMethod: input.paymentMethod,
    fulfilment: input.fulfilment,
    orderDate: input.orderDate,
    buyerName: input.buyerName,
    buyerPhone: input.buyerPhone,
    buyerEmail: input.buyerEmail,
    shipping: n.shipping,
    billing: n.billing,
    ...orderAmounts(input),
    totalPaise: total,
    codAmountPaise: n.mode ? n.mode.codAmountPaise : input.paymentMethod === 'COD' ? total : 0,
    paymentModeCode: n.mode?.paymentModeCode ?? null,
    advancePaise: n.mode?.advancePaise ?? 0,
    packageTypeId: n.packageTypeId,
    lengthCm: n.lengthCm,
    breadthCm: n.breadthCm,
    heightCm: n.heightCm,
    deadWeightKg: input.deadWeightKg,
    pickup: n.pickup,
    clonedFromId: n.clonedFromId,
    uploadBatchId: n.uploadBatchId,
    channelStoreId: n.channelStoreId,
    channelOrderId: n.channelOrderId,
    riskScore: n.risk?.score ?? null,
    riskBand: n.risk?.band ?? null,
    riskReasons: n.risk?.reasons ?? null,
  };
}

/** Every column a new order sets, each of them always. */
export function orderRow(n: NewOrder): OrderRow {
  return { ...orderRowBody(n), orderNumber: n.orderNumber, createdAt: n.now, updatedAt: n.now };
}

/**
 * Many rows as one statement's source: the rows' bodies as one JSON document (one parameter,
 * parsed by PostgreSQL in C; its keys are the fields' own names, so each body is stringified as
 * orderRowBody made it) read back as a record set with each column's own type, zipped in order
 * with their numbers (one text[]), every row made at `now`. The bodies may be stringified ahead
 * of the insert (outside its transaction); the numbers and the time are the insert's.
 */
export function orderRowsSource(
  keys: readonly (keyof OrderRowBody)[],
  bodies: readonly string[],
  numbers: readonly string[],
  now: Date,
) {
  const table = getTableColumns(orders);
  const field = (k: string) => sql.identifier(k);
  const names = [...keys.map((k) => sql.identifier(table[k].name)), sql`order_number, created_at, updated_at`];
  const typed = keys.map((k) => sql`${field(k)} ${sql.raw(table[k].getSQLType())}`);
  return {
    columns: sql.join(names, sql`, `),
    select: sql`select ${sql.join(
      keys.map((k) => sql`u.${field(k)}`),
      sql`, `,
    )}, u."orderNumber", ${now}::timestamptz, ${now}::timestamptz
      from rows from (json_to_recordset(${`[${bodies.join(',')}]`}::json) as (${sql.join(typed, sql`, `)}),
        unnest(${sql.param(numbers)}::text[])) as u(${sql.join([...keys.map(field), field('orderNumber')], sql`, `)})`,
  };
}
