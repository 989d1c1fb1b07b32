import { and, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { orderEvents, orders, packageTypes, pickupAddresses, type AddressCopy } from '../../db/schema';
import { allows, refusal, type ForwardStatus } from '../../../src/domain/order-status';
import { EMAIL, INDIAN_MOBILE, normalisePhone } from '../../../src/domain/schemas/fields';
import { DimensionsBody, ORDER_NUMBER } from '../../../src/domain/schemas/order';
import { numberCell, type RowProblem } from '../csv-uploads/csv-cells';
import type { CsvImportKind, ReadResult } from '../csv-uploads/import-kind';
import { lookupPincode } from '../pincodes/lookup';
import { lookupByName } from './order-csv-cells';

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

const PartialDimensions = v.partial(DimensionsBody);

interface Lookups {
  packages: Map<string, { id: number; lengthCm: number; breadthCm: number; heightCm: number }>;
  pickups: Map<string, NonNullable<OrderChange['pickup']> & { verified: boolean }>;
}

export function readChange(cell: (c: string) => string, rowNumber: number, look: Lookups): ReadResult<OrderChange> {
  const fail = (column: Column, reason: string): ReadResult<OrderChange> => ({
    problem: { column, reason },
    rowNumber,
  });
  const orderNumber = cell('orderNumber').trim();
  if (!ORDER_NUMBER.test(orderNumber))
    return fail(
      'orderNumber',
      orderNumber
        ? `orderNumber "${orderNumber.slice(0, 40)}" is not an order number`
        : 'orderNumber is required: it names the order to change',
    );
  const columns = ORDER_UPDATE_COLUMNS.filter((c) => c !== 'orderNumber' && cell(c).trim() !== '');
  if (columns.length === 0)
    return fail('orderNumber', 'Nothing to change: fill at least one column besides orderNumber');
  const change: OrderChange = { orderNumber, columns, dims: {} };

  const dims: Record<string, number | undefined> = {};
  for (const c of ['lengthCm', 'breadthCm', 'heightCm', 'deadWeightKg'] as const) {
    const n = numberCell(cell(c));
    if (Number.isNaN(n)) return fail(c, `${c} must be a number, not "${cell(c).slice(0, 30)}"`);
    if (n !== undefined) dims[c] = n;
  }
  const parsed = v.safeParse(PartialDimensions, dims, { abortEarly: true });
  if (!parsed.success)
    return fail(String(parsed.issues[0].path?.[0]?.key ?? 'deadWeightKg') as Column, parsed.issues[0].message);
  change.dims = parsed.output;
  if (cell('packageType').trim()) {
    if (dims.lengthCm !== undefined || dims.breadthCm !== undefined || dims.heightCm !== undefined)
      return fail('packageType', 'Give a packageType or dimensions, not both');
    const p = lookupByName(look.packages, cell('packageType'));
    if (!p) return fail('packageType', `No active package type "${cell('packageType').trim().slice(0, 40)}"`);
    change.packageTypeId = p.id;
    change.dims = { ...change.dims, lengthCm: p.lengthCm, breadthCm: p.breadthCm, heightCm: p.heightCm };
  }
  const payment = cell('paymentMethod').trim().toUpperCase();
  if (payment) {
    if (payment !== 'PPD' && payment !== 'COD') return fail('paymentMethod', 'paymentMethod must be PPD or COD');
    change.paymentMethod = payment;
  }
  const name = cell('buyerName').trim();
  if (name) {
    if (name.length < 2 || name.length > 60) return fail('buyerName', 'buyerName must be 2 to 60 characters');
    change.buyerName = name;
  }
  if (cell('buyerPhone').trim()) {
    const phone = normalisePhone(cell('buyerPhone').trim());
    if (!INDIAN_MOBILE.test(phone)) return fail('buyerPhone', 'buyerPhone: This phone number is invalid');
    change.buyerPhone = phone;
  }
  const email = cell('buyerEmail').trim().toLowerCase();
  if (email) {
    if (!EMAIL.test(email)) return fail('buyerEmail', 'buyerEmail: This email is invalid');
    change.buyerEmail = email;
  }
  const line1 = cell('shippingLine1').trim();
  const line2 = cell('shippingLine2').trim();
  const pincode = cell('shippingPincode').trim();
  if (line1 || line2 || pincode) {
    if (line1 && (line1.length < 3 || line1.length > 120))
      return fail('shippingLine1', 'address line 1 must be 3 to 120 characters');
    if (line2.length > 120) return fail('shippingLine2', 'address line 2 must be at most 120 characters');
    change.shipping = { ...(line1 ? { line1 } : {}), ...(line2 ? { line2 } : {}) };
    if (pincode) {
      const place = /^[1-9]\d{5}$/.test(pincode) ? lookupPincode(pincode) : null;
      if (!place)
        return fail(
          'shippingPincode',
          /^[1-9]\d{5}$/.test(pincode) ? `Unknown pincode ${pincode}` : 'pincode must be 6 digits and not start with 0',
        );
      change.shipping = { ...change.shipping, pincode, city: place.city, state: place.state };
    }
  }
  if (cell('pickupAddress').trim()) {
    const a = lookupByName(look.pickups, cell('pickupAddress'));
    if (!a) return fail('pickupAddress', `No pickup address named "${cell('pickupAddress').trim().slice(0, 40)}"`);
    if (!a.verified)
      return fail('pickupAddress', `Verify the phone of pickup address ${a.entityName} before shipping from it`);
    const { verified: _v, ...pickup } = a;
    change.pickup = pickup;
  }
  return { input: change };
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
    set.codAmountPaise = ch.paymentMethod === 'COD' ? o.totalPaise : 0;
  }
  if (ch.buyerName) set.buyerName = ch.buyerName;
  if (ch.buyerPhone) set.buyerPhone = ch.buyerPhone;
  if (ch.buyerEmail) set.buyerEmail = ch.buyerEmail;
  if (ch.shipping) set.shipping = { ...o.shipping, ...ch.shipping };
  if (ch.pickup) set.pickup = ch.pickup;
  return set;
}

export const orderUpdateCsv: CsvImportKind<OrderChange> = {
  kind: 'ORDER_UPDATES',
  queue: 'order-updates-import',
  layout: { columns: ORDER_UPDATE_COLUMNS, required: ['orderNumber'] },
  sampleRows: SAMPLE_ROWS,
  fileStem: 'order-updates',
  rowNoun: 'order rows',
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
      read: ([row]) => readChange(row.cell, row.rowNumber, look),
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
            refused.push({ at, problem: { column: 'orderNumber', reason: `No order ${ch.orderNumber}` } });
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
