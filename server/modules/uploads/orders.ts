import { and, eq, isNull } from 'drizzle-orm';
import { packageTypes, pickupAddresses, products } from '../../db/schema';
import type { PickupCopy } from '../../db/schema';
import { istDay } from '../../../src/domain/format';
import { OrderBody, orderTotalPaise, type OrderInput } from '../../../src/domain/schemas/order';
import {
  chooseMode,
  modeCellRefusal,
  uploadModes,
  type ChosenMode,
  type PaymentMode,
} from '../payment-modes/order-mode';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import { API_ORDERS } from '../../../src/domain/orders-contract';
import { numberCell } from './csv-cells';
import { column, type CsvKind, type CsvRow, type RowProblem } from './kind';
import { insertOrderBatch, prepareOrderBatch, type PreparedBatch, type ResolvedOrder } from '../orders/bulk-create';
import { sendVerificationMessages } from '../cod-verification/messages';
import { lookupPincode } from '../pincodes/lookup';
import { checkStockAlerts } from '../products/stock-alert';
import { csvDate, lookupByName, orderFieldColumn } from './order-cells';
import { listBatches } from './order-batches';
import { rupeesOf } from '../../../src/domain/money';

// The orders CSV: one row per order line. Consecutive rows with the same orderNumber are the
// lines of one order (its order-level columns are read from its first row); a row with no
// orderNumber is an order of its own and gets the next generated number. A catalogue SKU fills
// the line's name, price, tax rate and HSN when those cells are blank.

export const ORDER_CSV_COLUMNS = [
  'orderNumber',
  'orderDate',
  'channel',
  'paymentMethod',
  'fulfilment',
  'buyerName',
  'buyerPhone',
  'buyerEmail',
  'shippingLine1',
  'shippingLine2',
  'shippingPincode',
  'billingLine1',
  'billingLine2',
  'billingPincode',
  'sku',
  'itemName',
  'quantity',
  'unitPrice',
  'taxRatePercent',
  'hsnCode',
  'discount',
  'shippingCharges',
  'packageType',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'deadWeightKg',
  'pickupAddress',
  // one of the seller's own payment modes by its label code (Premium); optional
  'paymentModeCode',
] as const;

const REQUIRED: readonly string[] = [
  'paymentMethod',
  'buyerName',
  'buyerPhone',
  'shippingLine1',
  'shippingPincode',
  'sku',
  'quantity',
  'deadWeightKg',
];

const SAMPLE_ROWS: string[][] = [
  [
    'WEB-1001',
    '21-11-2026',
    'DAKIYA',
    'COD',
    'SELF',
    'Riya Sharma',
    '9876543210',
    'riya@example.com',
    '12 MG Road, Flat 4B',
    'Near City Mall',
    '560001',
    '',
    '',
    '',
    'KURTA-IND-M',
    'Cotton Kurta - Indigo, M',
    '2',
    '799',
    '5',
    '6211',
    '50',
    '40',
    '',
    '30',
    '25',
    '6',
    '0.8',
    '',
    '',
  ],
  [
    'WEB-1001',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'DIYA-BRS-2',
    'Brass Diya (set of 2)',
    '1',
    '449.50',
    '12',
    '7418',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ],
  [
    '',
    '2026-11-21',
    'SHOPIFY',
    'PPD',
    'SELF',
    'Arjun Menon',
    '+91 91234 56789',
    '',
    '7 Marine Drive',
    '',
    '400020',
    '',
    '',
    '',
    'TEE-BLK-L',
    'Black Tee, L',
    '1',
    '499',
    '5',
    '6109',
    '',
    '',
    '',
    '25',
    '20',
    '3',
    '0.3',
    '',
    '',
  ],
];

type OrderColumn = (typeof ORDER_CSV_COLUMNS)[number];

const PAYMENT: Record<string, string> = { PPD: 'PPD', PREPAID: 'PPD', COD: 'COD', 'CASH ON DELIVERY': 'COD' };
const FULFILMENT: Record<string, string> = { SELF: 'SELF', EASY: 'EASY', 'EASY SHIP': 'EASY' };
const DIMENSIONS = ['lengthCm', 'breadthCm', 'heightCm'] as const;
const label = (c: OrderColumn) => fieldLabel(c);

interface Catalogue {
  productId: number;
  name: string;
  price: number;
  taxRatePercent: number;
  hsnCode: string;
}

type Pickup = PickupCopy & { verified: boolean };

export interface OrderLookups {
  today: string;
  products: Map<string, Catalogue>;
  packages: Map<string, { id: number; lengthCm: number; breadthCm: number; heightCm: number }>;
  pickups: Map<string, Pickup>;
  pickupById: Map<number, Pickup>;
  primary: Pickup | null;
  /** the seller's payment modes by code; null on a plan without them */
  modes: Map<string, PaymentMode> | null;
}

/** A pincode cell that is well formed but not one we know, as a problem (the schema tells a malformed one). */
function unknownPincode(column: OrderColumn, cell: string): RowProblem | null {
  const pincode = cell.trim();
  return /^[1-9]\d{5}$/.test(pincode) && !lookupPincode(pincode)
    ? { column, reason: `${column}: unknown pincode ${pincode}` }
    : null;
}

/**
 * One order's rows → the order schema's input, with every problem its cells have: each row's
 * numbers, dates and names, the catalogue, the pickup address and the pincodes. The schema then
 * adds its own on the columns not told yet, so a row's problems are all told at once.
 */
export function readOrder(rows: CsvRow[], look: OrderLookups): { candidate: unknown; problems: RowProblem[] } {
  const c = rows[0].cell;
  const found: RowProblem[] = [];
  const note = (column: OrderColumn, reason: string, at = 0) => void found.push({ column, reason, at });

  const numbers: Partial<Record<OrderColumn, number | undefined>> = {};
  for (const col of ['discount', 'shippingCharges', 'lengthCm', 'breadthCm', 'heightCm', 'deadWeightKg'] as const) {
    const n = numberCell(c(col));
    if (Number.isNaN(n)) note(col, `${col} must be a number, not "${c(col).slice(0, 30)}"`);
    else numbers[col] = n;
  }
  const orderDate = c('orderDate').trim() === '' ? look.today : csvDate(c('orderDate'));
  if (!orderDate) note('orderDate', 'orderDate must be a date as dd-mm-yyyy or yyyy-mm-dd');
  const payment = PAYMENT[c('paymentMethod').trim().toUpperCase()];
  if (!payment) note('paymentMethod', 'paymentMethod must be PPD (prepaid) or COD');
  const fulfilment = c('fulfilment').trim() === '' ? 'SELF' : FULFILMENT[c('fulfilment').trim().toUpperCase()];
  if (!fulfilment) note('fulfilment', 'fulfilment must be SELF or EASY');

  // the package: a named package type, or the three dimensions
  const pkg = c('packageType').trim() ? lookupByName(look.packages, c('packageType')) : undefined;
  if (c('packageType').trim()) {
    if (!pkg)
      note(
        'packageType',
        `packageType: no active package type "${c('packageType').trim().slice(0, 40)}": add it under Setup → Package types, or give ${label('lengthCm')}, ${label('breadthCm')} and ${label('heightCm')}`,
      );
  } else {
    for (const d of DIMENSIONS) if (c(d).trim() === '') note(d, `${d} is required when there is no package type`);
  }
  const pickup = c('pickupAddress').trim() ? lookupByName(look.pickups, c('pickupAddress')) : look.primary;
  if (!pickup)
    note(
      'pickupAddress',
      c('pickupAddress').trim()
        ? `pickupAddress: no pickup address named "${c('pickupAddress').trim().slice(0, 40)}"`
        : 'pickupAddress: name a pickup address (you have no primary pickup address)',
    );
  else if (!pickup.verified)
    note('pickupAddress', `pickupAddress: verify the phone of ${pickup.entityName} before shipping from it`);
  for (const problem of [
    unknownPincode('shippingPincode', c('shippingPincode')),
    unknownPincode('billingPincode', c('billingPincode')),
  ])
    if (problem) found.push(problem);

  const items = rows.map((row, at) => {
    const cell = row.cell;
    const quantity = numberCell(cell('quantity'));
    if (Number.isNaN(quantity))
      note('quantity', `quantity must be a whole number, not "${cell('quantity').slice(0, 30)}"`, at);
    const unitPrice = numberCell(cell('unitPrice'));
    if (Number.isNaN(unitPrice))
      note('unitPrice', `unitPrice must be a number, not "${cell('unitPrice').slice(0, 30)}"`, at);
    const taxRate = numberCell(cell('taxRatePercent'));
    if (Number.isNaN(taxRate))
      note('taxRatePercent', `taxRatePercent must be a number, not "${cell('taxRatePercent').slice(0, 30)}"`, at);
    const sku = cell('sku').trim();
    const known = look.products.get(sku.toLowerCase());
    if (!known && cell('itemName').trim() === '')
      note(
        'itemName',
        `SKU ${sku.slice(0, 40) || '(blank)'} is not in your catalogue: give ${label('itemName')}, ${label('unitPrice')} and ${label('taxRatePercent')}`,
        at,
      );
    const ok = (n: number | undefined) => (Number.isNaN(n) ? undefined : n);
    return {
      productId: known?.productId ?? null,
      name: cell('itemName').trim() || known?.name || '',
      sku,
      quantity: ok(quantity),
      unitPrice: ok(unitPrice) ?? known?.price,
      taxRatePercent: ok(taxRate) ?? known?.taxRatePercent,
      hsnCode: cell('hsnCode').trim() || known?.hsnCode || '',
    };
  });
  const modeProblem = modeCellRefusal(look.modes, c('paymentModeCode'), payment, readableTotal(items, numbers));
  if (modeProblem) note('paymentModeCode', modeProblem);
  const billingGiven = c('billingLine1').trim() !== '' || c('billingPincode').trim() !== '';
  const candidate = {
    orderNumber: c('orderNumber'),
    orderDate: orderDate ?? undefined,
    channel: c('channel').trim() === '' ? 'DAKIYA' : c('channel').trim().toUpperCase(),
    paymentMethod: payment,
    paymentModeCode: c('paymentModeCode'),
    fulfilment,
    buyerName: c('buyerName'),
    buyerPhone: c('buyerPhone'),
    buyerEmail: c('buyerEmail'),
    shipping: { line1: c('shippingLine1'), line2: c('shippingLine2'), pincode: c('shippingPincode') },
    billingSameAsShipping: !billingGiven,
    billing: billingGiven ? { line1: c('billingLine1'), line2: c('billingLine2'), pincode: c('billingPincode') } : null,
    items,
    discount: numbers.discount,
    shippingCharges: numbers.shippingCharges,
    packageTypeId: pkg?.id ?? null,
    lengthCm: pkg?.lengthCm ?? numbers.lengthCm ?? null,
    breadthCm: pkg?.breadthCm ?? numbers.breadthCm ?? null,
    heightCm: pkg?.heightCm ?? numbers.heightCm ?? null,
    deadWeightKg: numbers.deadWeightKg,
    pickupAddressId: pickup?.addressId,
  };
  return { candidate, problems: found };
}

/** The order's total from the row's cells, or null when a cell is unreadable (the schema tells which). */
function readableTotal(
  items: { quantity: number | undefined; unitPrice: number | undefined }[],
  numbers: { discount?: number; shippingCharges?: number },
): number | null {
  const lines = items.map((i) => ({ quantity: i.quantity, unitPrice: i.unitPrice }));
  if (lines.some((l) => typeof l.quantity !== 'number' || typeof l.unitPrice !== 'number')) return null;
  return orderTotalPaise({
    items: lines as { quantity: number; unitPrice: number }[],
    discount: numbers.discount ?? 0,
    shippingCharges: numbers.shippingCharges ?? 0,
  });
}

/** The order as written: its addresses placed by pincode, its pickup address copied, its payment mode's amounts. */
export function resolveOrder(input: OrderInput, look: OrderLookups): ResolvedOrder {
  const place = (a: { line1: string; line2: string; pincode: string }) => {
    const found = lookupPincode(a.pincode)!;
    return { line1: a.line1, line2: a.line2, pincode: a.pincode, city: found.city, state: found.state };
  };
  const shipping = place(input.shipping);
  const billing = input.billingSameAsShipping ? shipping : place(input.billing!);
  const { verified: _verified, ...pickupCopy } = look.pickupById.get(input.pickupAddressId)!;
  return {
    input,
    shipping,
    billing,
    pickup: pickupCopy,
    packageTypeId: input.packageTypeId,
    lengthCm: input.lengthCm!,
    breadthCm: input.breadthCm!,
    heightCm: input.heightCm!,
    mode: input.paymentModeCode
      ? (chooseMode(look.modes!, input.paymentModeCode, input.paymentMethod, orderTotalPaise(input)) as ChosenMode)
      : null,
  };
}

/**
 * Where an order schema's issue belongs: the line's row for an item, else the order's first row.
 * The package rule is told column by column while reading, so not again here.
 */
function issueAt(path: (string | number)[], message: string): { at: number; column: string } | null {
  if (path.length === 0 && message.startsWith('package:')) return null;
  return {
    at: path[0] === 'items' && typeof path[1] === 'number' ? path[1] : 0,
    column: orderFieldColumn(path, message),
  };
}

export const orderUploads: CsvKind<OrderInput, ResolvedOrder> = {
  kind: 'ORDERS',
  ops: API_ORDERS.uploads,
  queue: 'orders-import',
  permissions: { view: 'orders.view', upload: 'orders.create' },
  columns: ORDER_CSV_COLUMNS.map((c) => column(c, REQUIRED.includes(c))),
  sampleRows: SAMPLE_ROWS,
  fileStem: 'orders',
  rowNoun: 'order rows',
  rowSchema: OrderBody,
  issueAt,
  groupKey: (cell) => cell('orderNumber'),
  history: { op: API_ORDERS.batches, list: listBatches },
  async open(deps, ctx) {
    const [catalogue, packages, pickups] = await Promise.all([
      deps.db.select().from(products).where(eq(products.orgId, ctx.orgId)),
      deps.db
        .select()
        .from(packageTypes)
        .where(and(eq(packageTypes.orgId, ctx.orgId), eq(packageTypes.status, 'ACTIVE'))),
      deps.db
        .select()
        .from(pickupAddresses)
        .where(and(eq(pickupAddresses.orgId, ctx.orgId), isNull(pickupAddresses.deletedAt))),
    ]);
    const pickupOf = (a: (typeof pickups)[number]) => ({
      addressId: a.id,
      entityName: a.entityName,
      phone: a.phone,
      line1: a.addressLine1,
      line2: a.addressLine2 ?? '',
      pincode: a.pincode,
      city: a.city,
      state: a.state,
      verified: a.verifiedAt !== null,
    });
    const primary = pickups.find((a) => a.isPrimary);
    const look: OrderLookups = {
      today: istDay(deps.now()),
      products: new Map(
        catalogue.map((p) => [
          p.sku.toLowerCase(),
          {
            productId: p.id,
            name: p.productName,
            price: rupeesOf(p.pricePaise),
            taxRatePercent: p.taxRatePercent,
            hsnCode: p.hsnCode ?? '',
          },
        ]),
      ),
      packages: new Map(
        packages.map((p) => [
          p.packageName.toLowerCase(),
          { id: p.id, lengthCm: p.lengthCm, breadthCm: p.breadthCm, heightCm: p.heightCm },
        ]),
      ),
      pickups: new Map(pickups.map((a) => [a.entityName.toLowerCase(), pickupOf(a)])),
      pickupById: new Map(pickups.map((a) => [a.id, pickupOf(a)])),
      primary: primary ? pickupOf(primary) : null,
      modes: await uploadModes(deps.db, ctx.orgId),
    };
    const stockTouched = new Set<number>();
    const verificationsOpened: number[] = [];
    const owner = { orgId: ctx.orgId, uploadBatchId: ctx.uploadId };
    return {
      read: (rows) => readOrder(rows, look),
      build: (input) => resolveOrder(input, look),
      unique: {
        key: (o) => o.input.orderNumber.toLowerCase() || null,
        repeated: (o, firstRow): RowProblem => ({
          column: 'orderNumber',
          reason: `Order number ${o.input.orderNumber} appears earlier in this file (row ${firstRow}); put an order's lines one under another`,
        }),
      },
      // scores and row bodies made while the chunk before is written
      prepare: (records) =>
        prepareOrderBatch(
          deps.db,
          owner,
          records.map((r) => r.input),
        ),
      async write(tx, records, prepared: PreparedBatch) {
        const result = await insertOrderBatch(
          tx,
          { ...owner, accountId: ctx.accountId, note: `Uploaded from ${ctx.fileName}`, now: deps.now() },
          prepared,
        );
        for (const id of result.productIds) stockTouched.add(id);
        for (const id of result.verifications) verificationsOpened.push(id);
        return {
          written: result.created.length,
          refused: result.refused.map((r) => ({ at: r.at, problem: { column: r.column, reason: r.reason } })),
        };
      },
      async afterCommit() {
        if (verificationsOpened.length) await sendVerificationMessages(deps, { ids: verificationsOpened.splice(0) });
        if (stockTouched.size === 0) return;
        await checkStockAlerts(deps, ctx.orgId, [...stockTouched]);
        stockTouched.clear();
      },
    };
  },
};
