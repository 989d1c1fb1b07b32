import { and, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { orderEvents, orders, packageTypes, pickupAddresses, type AddressCopy } from '../../db/schema';
import { allows, refusal, type ForwardStatus } from '../../../src/domain/order-status';
import { EMAIL, INDIAN_MOBILE, normalisePhone } from '../../../src/domain/schemas/fields';
import { DimensionsBody, ORDER_NUMBER, PAYMENT_METHODS } from '../../../src/domain/schemas/order';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import { codAmountOf } from '../../../src/domain/payment-modes';
import { API_ORDERS } from '../../../src/domain/orders-contract';
import { numberCell } from './csv-cells';
import { column, type CsvKind, type RowProblem } from './kind';
import { lookupPincode } from '../pincodes/lookup';
import { lookupByName } from './order-cells';

// Update-by-CSV: one row per existing order, named by orderNumber; every other filled cell is a
// change, blank cells keep what the order has. Only orders not yet handed to a courier (those
// the status table lets a seller edit) change; the others come back with the reason.

export const ORDER_UPDATE_COLUMNS = [
  'orderNumber',
  'deadWeightKg',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'packageType',
  'paymentMethod',
  'buyerName',
  'buyerPhone',
  'buyerEmail',
  'shippingLine1',
  'shippingLine2',
  'shippingPincode',
  'pickupAddress',
] as const;

const SAMPLE_ROWS: string[][] = [
  ['WEB-1001', '1.2', '30', '25', '10', '', '', '', '', '', '', '', '', ''],
  ['ORD-000042', '', '', '', '', 'Medium box', 'PPD', '', '9123456780', '', '221B Residency Road', '', '560025', ''],
];

type Column = (typeof ORDER_UPDATE_COLUMNS)[number];
const DIMENSIONS = ['lengthCm', 'breadthCm', 'heightCm'] as const;

export interface OrderChange {
  orderNumber: string;
  /** the filled columns, for the order's history */
  columns: Column[];
  dims: Partial<{ lengthCm: number; breadthCm: number; heightCm: number; deadWeightKg: number }>;
  packageTypeId?: number;
  paymentMethod?: 'PPD' | 'COD';
  buyerName?: string;
  buyerPhone?: string;
  buyerEmail?: string;
  shipping?: Partial<AddressCopy>;
  pickup?: {
    addressId: number;
    entityName: string;
    phone: string;
    line1: string;
    line2: string;
    pincode: string;
    city: string;
    state: string;
  };
}

const positive = DimensionsBody.entries;
const optionalText = (field: string, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(min, `${field} must be ${min} to ${max} characters`),
      v.maxLength(max, `${field} must be ${min} to ${max} characters`),
    ),
  );

/** One update row: the order it names, and each filled cell's rule (a blank cell is no change). */
export const OrderUpdateRow = v.object({
  orderNumber: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('orderNumber is required: it names the order to change'),
    v.regex(ORDER_NUMBER, 'orderNumber is not an order number'),
  ),
  deadWeightKg: v.optional(positive.deadWeightKg),
  lengthCm: v.optional(positive.lengthCm),
  breadthCm: v.optional(positive.breadthCm),
  heightCm: v.optional(positive.heightCm),
  // a file's cells hold the codes the seller types, so the refusal names the codes
  paymentMethod: v.optional(v.picklist(PAYMENT_METHODS, 'paymentMethod must be PPD or COD')),
  buyerName: optionalText('buyerName', 2, 60),
  buyerPhone: v.optional(
    v.pipe(v.string(), v.transform(normalisePhone), v.regex(INDIAN_MOBILE, 'buyerPhone: This phone number is invalid')),
  ),
  buyerEmail: v.optional(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(EMAIL, 'buyerEmail: This email is invalid')),
  ),
  shippingLine1: optionalText('shippingLine1', 3, 120),
  shippingLine2: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(120, 'shippingLine2 must be at most 120 characters')),
  ),
  shippingPincode: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[1-9]\d{5}$/, 'shippingPincode must be 6 digits and not start with 0')),
  ),
  packageType: v.optional(v.string()),
  pickupAddress: v.optional(v.string()),
});
type UpdateRow = v.InferOutput<typeof OrderUpdateRow>;

interface Lookups {
  packages: Map<string, { id: number; lengthCm: number; breadthCm: number; heightCm: number }>;
  pickups: Map<string, NonNullable<OrderChange['pickup']> & { verified: boolean }>;
}

/** A row's filled cells as the row schema's input, with every problem of its numbers and names. */
export function readChange(cell: (c: string) => string, look: Lookups): { candidate: unknown; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const fail = (column: Column, reason: string) => void problems.push({ column, reason });
  const candidate: Record<string, unknown> = { orderNumber: cell('orderNumber') };
  const filled = ORDER_UPDATE_COLUMNS.filter((c) => c !== 'orderNumber' && cell(c).trim() !== '');
  if (filled.length === 0) fail('orderNumber', 'Nothing to change: fill at least one column besides orderNumber');
  for (const c of filled) candidate[c] = cell(c);
  for (const c of ['lengthCm', 'breadthCm', 'heightCm', 'deadWeightKg'] as const) {
    const n = numberCell(cell(c));
    if (Number.isNaN(n)) fail(c, `${c} must be a number, not "${cell(c).slice(0, 30)}"`);
    candidate[c] = Number.isNaN(n) ? undefined : n;
  }
  if (cell('packageType').trim()) {
    if (DIMENSIONS.some((d) => cell(d).trim() !== ''))
      fail('packageType', `packageType: give a package type or ${DIMENSIONS.map(fieldLabel).join(', ')}, not both`);
    if (!lookupByName(look.packages, cell('packageType')))
      fail('packageType', `packageType: no active package type "${cell('packageType').trim().slice(0, 40)}"`);
  }
  const pincode = cell('shippingPincode').trim();
  if (/^[1-9]\d{5}$/.test(pincode) && !lookupPincode(pincode))
    fail('shippingPincode', `shippingPincode: unknown pincode ${pincode}`);
  if (cell('pickupAddress').trim()) {
    const a = lookupByName(look.pickups, cell('pickupAddress'));
    if (!a)
      fail('pickupAddress', `pickupAddress: no pickup address named "${cell('pickupAddress').trim().slice(0, 40)}"`);
    else if (!a.verified)
      fail('pickupAddress', `pickupAddress: verify the phone of ${a.entityName} before shipping from it`);
  }
  return { candidate, problems };
}

/** The change a checked row makes. */
export function changeOf(row: UpdateRow, look: Lookups): OrderChange {
  const columns = ORDER_UPDATE_COLUMNS.filter((c) => c !== 'orderNumber' && row[c] !== undefined && row[c] !== '');
  const change: OrderChange = { orderNumber: row.orderNumber, columns, dims: {} };
  for (const d of ['lengthCm', 'breadthCm', 'heightCm', 'deadWeightKg'] as const)
    if (row[d] !== undefined) change.dims[d] = row[d];
  if (row.packageType?.trim()) {
    const p = lookupByName(look.packages, row.packageType)!;
    change.packageTypeId = p.id;
    change.dims = { ...change.dims, lengthCm: p.lengthCm, breadthCm: p.breadthCm, heightCm: p.heightCm };
  }
  if (row.paymentMethod) change.paymentMethod = row.paymentMethod;
  if (row.buyerName) change.buyerName = row.buyerName;
  if (row.buyerPhone) change.buyerPhone = row.buyerPhone;
  if (row.buyerEmail) change.buyerEmail = row.buyerEmail;
  const line1 = row.shippingLine1 ?? '';
  const line2 = row.shippingLine2 ?? '';
  const pincode = row.shippingPincode ?? '';
  if (line1 || line2 || pincode) {
    change.shipping = { ...(line1 ? { line1 } : {}), ...(line2 ? { line2 } : {}) };
    if (pincode) {
      const place = lookupPincode(pincode)!;
      change.shipping = { ...change.shipping, pincode, city: place.city, state: place.state };
    }
  }
  if (row.pickupAddress?.trim()) {
    const { verified: _v, ...pickup } = lookupByName(look.pickups, row.pickupAddress)!;
    change.pickup = pickup;
  }
  return change;
}

type Order = typeof orders.$inferSelect;

/** The order's columns after the change (COD follows the total when the payment method changes). */
function changedColumns(o: Order, ch: OrderChange, now: Date): Partial<Order> {
  const set: Partial<Order> = { updatedAt: now, ...ch.dims };
  if (ch.packageTypeId !== undefined) set.packageTypeId = ch.packageTypeId;
  else if (ch.dims.lengthCm !== undefined || ch.dims.breadthCm !== undefined || ch.dims.heightCm !== undefined)
    set.packageTypeId = null;
  if (ch.paymentMethod) {
    set.paymentMethod = ch.paymentMethod;
    set.codAmountPaise = codAmountOf(ch.paymentMethod, o.totalPaise, o.advancePaise);
  }
  if (ch.buyerName) set.buyerName = ch.buyerName;
  if (ch.buyerPhone) set.buyerPhone = ch.buyerPhone;
  if (ch.buyerEmail) set.buyerEmail = ch.buyerEmail;
  if (ch.shipping) set.shipping = { ...o.shipping, ...ch.shipping };
  if (ch.pickup) set.pickup = ch.pickup;
  return set;
}

export const orderUpdateUploads: CsvKind<UpdateRow, OrderChange> = {
  kind: 'ORDER_UPDATES',
  ops: API_ORDERS.updates,
  queue: 'order-updates-import',
  permissions: { view: 'orders.view', upload: 'orders.create' },
  columns: ORDER_UPDATE_COLUMNS.map((c) => column(c, c === 'orderNumber')),
  sampleRows: SAMPLE_ROWS,
  fileStem: 'order-updates',
  rowNoun: 'order rows',
  rowSchema: OrderUpdateRow,
  async open(deps, ctx) {
    const [packages, pickups] = await Promise.all([
      deps.db
        .select()
        .from(packageTypes)
        .where(and(eq(packageTypes.orgId, ctx.orgId), eq(packageTypes.status, 'ACTIVE'))),
      deps.db
        .select()
        .from(pickupAddresses)
        .where(and(eq(pickupAddresses.orgId, ctx.orgId), isNull(pickupAddresses.deletedAt))),
    ]);
    const look: Lookups = {
      packages: new Map(
        packages.map((p) => [
          p.packageName.toLowerCase(),
          { id: p.id, lengthCm: p.lengthCm, breadthCm: p.breadthCm, heightCm: p.heightCm },
        ]),
      ),
      pickups: new Map(
        pickups.map((a) => [
          a.entityName.toLowerCase(),
          {
            addressId: a.id,
            entityName: a.entityName,
            phone: a.phone,
            line1: a.addressLine1,
            line2: a.addressLine2 ?? '',
            pincode: a.pincode,
            city: a.city,
            state: a.state,
            verified: a.verifiedAt !== null,
          },
        ]),
      ),
    };
    return {
      read: ([row]) => readChange(row.cell, look),
      build: (row) => changeOf(row, look),
      unique: {
        key: (ch) => ch.orderNumber.toLowerCase(),
        repeated: (ch, first): RowProblem => ({
          column: 'orderNumber',
          reason: `Order ${ch.orderNumber} is changed earlier in this file (row ${first}); put all its changes in one row`,
        }),
      },
      async write(tx, records) {
        const now = deps.now();
        const found = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.orgId, ctx.orgId),
              sql`lower(${orders.orderNumber}) = any(${sql.param(records.map((r) => r.input.orderNumber.toLowerCase()))}::text[])`,
            ),
          )
          .for('update');
        const byNumber = new Map(found.map((o) => [o.orderNumber.toLowerCase(), o]));
        const refused: { at: number; problem: RowProblem }[] = [];
        const events: { orderId: number; note: string }[] = [];
        for (const [at, { input: ch }] of records.entries()) {
          const o = byNumber.get(ch.orderNumber.toLowerCase());
          if (!o) {
            refused.push({ at, problem: { column: 'orderNumber', reason: `orderNumber: no order ${ch.orderNumber}` } });
            continue;
          }
          if (!allows(o.status as ForwardStatus, 'edit')) {
            refused.push({
              at,
              problem: { column: 'orderNumber', reason: refusal(o.status as ForwardStatus, 'edit') },
            });
            continue;
          }
          await tx
            .update(orders)
            .set(changedColumns(o, ch, now))
            .where(eq(orders.id, o.id));
          events.push({ orderId: o.id, note: `Updated from ${ctx.fileName}: ${ch.columns.join(', ')}` });
        }
        if (events.length)
          await tx
            .insert(orderEvents)
            .values(events.map((e) => ({ ...e, kind: 'EDITED', accountId: ctx.accountId, at: now })));
        return { written: events.length, refused };
      },
    };
  },
};
